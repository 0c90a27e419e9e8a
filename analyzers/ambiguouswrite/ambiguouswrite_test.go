package ambiguouswrite_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/packages"

	"github.com/reslint/reslint/analyzers/ambiguouswrite"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestW1 runs the W1 fixtures of every library.
func TestW1(t *testing.T) {
	analysistest.Run(t, testdata(t), ambiguouswrite.Analyzer, "ambiguouswrite/w1std", "ambiguouswrite/w1pgx", "ambiguouswrite/w1orm", "ambiguouswrite/w1sqlx", "ambiguouswrite/w1gorm")
}

// TestW2 runs the W2 fixtures.
func TestW2(t *testing.T) {
	analysistest.Run(t, testdata(t), ambiguouswrite.Analyzer, "ambiguouswrite/w2")
}

// TestW3 runs the W3 fixtures.
func TestW3(t *testing.T) {
	analysistest.Run(t, testdata(t), ambiguouswrite.Analyzer, "ambiguouswrite/w3")
}

// TestNoDatabase: a package importing no database library is not judged,
// even where its own types look like one.
func TestNoDatabase(t *testing.T) {
	analysistest.Run(t, testdata(t), ambiguouswrite.Analyzer, "ambiguouswrite/nodb")
}

// TestFix applies the W2 fix.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), ambiguouswrite.Analyzer, "ambiguouswrite/fix/...")
}

// TestFixedCodeBuilds type-checks every .golden file in place of its
// fixture: the fixed code must compile.
func TestFixedCodeBuilds(t *testing.T) {
	dir := testdata(t)
	goldens, err := filepath.Glob(filepath.Join(dir, "src", "ambiguouswrite", "fix", "*", "*.go.golden"))
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
