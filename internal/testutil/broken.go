package testutil

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/reslint/reslint/internal/passrun"
)

// RunBroken loads the fixture package pattern (GOPATH layout under
// testdata/src), which must not type-check, and runs a and the analyzers
// it requires on it despite its errors, as a lenient driver (gopls)
// would. The test fails on a panic, an analyzer error, or a fixture that
// type-checks after all.
func RunBroken(t *testing.T, testdata string, a *analysis.Analyzer, pattern string) {
	t.Helper()
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedImports | packages.NeedDeps | packages.NeedTypesSizes,
		Dir: filepath.Join(testdata, "src"),
		Env: append(os.Environ(), "GOPATH="+testdata, "GO111MODULE=off", "GOPROXY=off", "GOFLAGS="),
	}
	pkgs, err := packages.Load(cfg, pattern)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || pkgs[0].Types == nil || pkgs[0].TypesInfo == nil {
		t.Fatalf("loaded %v", pkgs)
	}
	pkg := pkgs[0]
	if len(pkg.Errors) == 0 {
		t.Fatal("the fixture type-checks: it is meant not to")
	}
	res := passrun.Run(&passrun.Package{
		Fset: pkg.Fset, Files: pkg.Syntax, Pkg: pkg.Types, Info: pkg.TypesInfo,
		TypeErrors: pkg.TypeErrors, ReadFile: os.ReadFile,
	}, []*analysis.Analyzer{a}, passrun.NewFacts())
	for b, err := range res.Errors {
		t.Errorf("%s: %v", b.Name, err)
	}
	for _, d := range res.Diagnostics {
		t.Logf("%s: %s", pkg.Fset.Position(d.Pos), d.Message)
	}
}
