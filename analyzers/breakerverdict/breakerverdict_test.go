package breakerverdict_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/packages"

	"github.com/reslint/reslint/analyzers/breakerverdict"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestAnalyzer runs the rule fixtures: gobreaker v1 and v2 Settings,
// failsafe-go builders, //reslint:breaker predicates and the reference
// breaker that must pass clean.
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, testdata(t), breakerverdict.Analyzer,
		"breakerverdict/gob1", "breakerverdict/gob2", "breakerverdict/gobops", "breakerverdict/failsafe", "breakerverdict/gobmain", "breakerverdict/gobmainctx", "breakerverdict/handy", "breakerverdict/marked", "breakerverdict/seed", "breakerverdict/sinklib", "breakerverdict/sinkuser", "breakerverdict/wild", "breakerverdict/gobptr",
	)
}

// TestFix applies the IsSuccessful fix to literals of every layout.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), breakerverdict.Analyzer, "breakerverdict/fix/...")
}

// TestFixedCodeBuilds type-checks every .golden file in place of its
// fixture: the fixed code must compile (imports added, names resolved).
func TestFixedCodeBuilds(t *testing.T) {
	dir := testdata(t)
	goldens, err := filepath.Glob(filepath.Join(dir, "src", "breakerverdict", "fix", "*", "*.go.golden"))
	if err != nil || len(goldens) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	overlay := map[string][]byte{}
	var pkgs []string
	for _, g := range goldens {
		src, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		overlay[strings.TrimSuffix(g, ".golden")] = src
		rel, _ := filepath.Rel(filepath.Join(dir, "src"), filepath.Dir(g))
		pkgs = append(pkgs, filepath.ToSlash(rel))
	}
	cfg := &packages.Config{
		Mode:    packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo,
		Dir:     dir,
		Env:     append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOPROXY=off", "GOFLAGS="),
		Overlay: overlay,
	}
	loaded, err := packages.Load(cfg, pkgs...)
	if err != nil {
		t.Fatal(err)
	}
	if len(loaded) != len(pkgs) {
		t.Fatalf("loaded %d packages, want %d", len(loaded), len(pkgs))
	}
	for _, p := range loaded {
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.PkgPath, e)
		}
	}
}
