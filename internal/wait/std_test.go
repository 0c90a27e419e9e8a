package wait_test

import (
	"fmt"
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/reslint/reslint/internal/goroot"
	"github.com/reslint/reslint/internal/passrun"
	"github.com/reslint/reslint/internal/wait"
)

// TestStdNoWork checks that the wait pass does no work on the standard
// library: no definitions, no declarations and no fact, on net/http,
// whose Server.Serve sleeps between failed accepts (a blind waiter the
// analysis would mark) and on time itself.
func TestStdNoWork(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks standard packages")
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
		packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports, Fset: token.NewFileSet()}
	pkgs, err := packages.Load(cfg, "net/http", "time")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("%s: %v", p.PkgPath, p.Errors)
		}
		pkg := &passrun.Package{Fset: p.Fset, Files: p.Syntax, Pkg: p.Types, Info: p.TypesInfo}
		var got []string
		probe := &analysis.Analyzer{
			Name:      "probe",
			Doc:       "test: list the facts of the package's own objects",
			Requires:  []*analysis.Analyzer{wait.Analyzer},
			FactTypes: wait.Analyzer.FactTypes,
			Run: func(pass *analysis.Pass) (any, error) {
				if !goroot.Standard(pass) {
					t.Errorf("%s: not taken for the standard library", pass.Pkg.Path())
				}
				res := pass.ResultOf[wait.Analyzer].(*wait.Result)
				if len(res.Defs) > 0 || len(res.Decls) > 0 {
					t.Errorf("%s: %d defs, %d decls: want none", pass.Pkg.Path(), len(res.Defs), len(res.Decls))
				}
				for _, f := range pass.AllObjectFacts() {
					got = append(got, fmt.Sprintf("%s %s", f.Object.Name(), f.Fact))
				}
				return nil, nil
			},
		}
		r := passrun.Run(pkg, []*analysis.Analyzer{probe}, nil)
		if len(r.Errors) > 0 {
			t.Fatalf("%s: %v", p.PkgPath, r.Errors)
		}
		if len(got) > 0 {
			t.Errorf("%s: facts %q, want none", p.PkgPath, got)
		}
	}
}
