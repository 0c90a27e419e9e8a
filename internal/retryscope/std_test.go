package retryscope_test

import (
	"fmt"
	"go/token"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/packages"

	"github.com/reslint/reslint/internal/goroot"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/passrun"
	"github.com/reslint/reslint/internal/retryscope"
	"github.com/reslint/reslint/internal/testutil"
)

// TestStdFactsFlow checks that the facts of the standard library's table
// reach a package that calls it: analysistest loads the standard library
// from source and runs the pass on it, which then exports the table, not
// what it would infer.
func TestStdFactsFlow(t *testing.T) {
	analysistest.Run(testutil.Drop(t, waitFacts...), testdata(t), retryscope.Analyzer, "retryscope/stdfacts")
}

// loadStd type-checks standard packages from source, their dependencies
// from export data.
func loadStd(t *testing.T, paths ...string) []*packages.Package {
	t.Helper()
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
		packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports, Fset: token.NewFileSet()}
	pkgs, err := packages.Load(cfg, paths...)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("%s: %v", p.PkgPath, p.Errors)
		}
	}
	return pkgs
}

// TestStdNoWork checks that the pass does no work on the standard
// library: no scopes, no helpers, and no fact but the table's, on
// packages where the analysis would find retry loops (net/http's
// transport), helpers (database/sql) and sleepers (net/http's Serve),
// and on net, which is compiled with files that cmd/cgo writes.
func TestStdNoWork(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks standard packages")
	}
	for _, p := range loadStd(t, "database/sql", "net", "net/http", "strings") {
		pkg := &passrun.Package{Fset: p.Fset, Files: p.Syntax, Pkg: p.Types, Info: p.TypesInfo}
		var got []string
		probe := &analysis.Analyzer{
			Name:      "probe",
			Doc:       "test: list the facts of the package's own objects",
			Requires:  []*analysis.Analyzer{retryscope.Analyzer},
			FactTypes: retryscope.Analyzer.FactTypes,
			Run: func(pass *analysis.Pass) (any, error) {
				if !goroot.Standard(pass) {
					t.Errorf("%s: not taken for the standard library", pass.Pkg.Path())
				}
				res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
				if len(res.Scopes) > 0 || len(res.Defs) > 0 || len(res.Decls) > 0 {
					t.Errorf("%s: %d scopes, %d defs, %d decls: want none", pass.Pkg.Path(), len(res.Scopes), len(res.Defs), len(res.Decls))
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
		var want []string
		for name, ps := range knowledge.StdCallsFuncParam[p.PkgPath] {
			fn := goroot.Func(p.Types, name)
			if fn == nil {
				t.Errorf("%s: table names %s, which does not exist", p.PkgPath, name)
				continue
			}
			want = append(want, fmt.Sprintf("%s %s", fn.Name(), &retryscope.CallsFuncParamFact{Params: ps}))
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: facts\n%q\nwant the table's\n%q", p.PkgPath, got, want)
		}
	}
}
