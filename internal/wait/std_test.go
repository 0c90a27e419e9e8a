package wait_test

import (
	"fmt"
	"go/ast"
	"go/token"
	gotypes "go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/goroot"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/passrun"
	"github.com/reslint/reslint/internal/wait"
)

// TestStdNoWork checks that the wait pass does no work on the standard
// library: no definitions, no declarations and no fact but the table's
// (knowledge.StdHonorsCtx), on net/http, whose Server.Serve sleeps
// between failed accepts (a blind waiter the analysis would mark), and
// on time itself.
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
		var want []string
		for name, ps := range knowledge.StdHonorsCtx[p.PkgPath] {
			name = name[strings.LastIndex(name, ".")+1:] // (*Server).Shutdown: the method's name
			want = append(want, fmt.Sprintf("%s %s", name, &wait.Fact{Param: -1, Honors: ps}))
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: facts %q, want %q (the table's)", p.PkgPath, got, want)
		}
	}
}

// factProbe reports the wait Fact of every function called from another
// package.
var factProbe = &analysis.Analyzer{
	Name:     "factprobe",
	Doc:      "test: report the wait facts of callees",
	Requires: []*analysis.Analyzer{inspect.Analyzer, wait.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		res := pass.ResultOf[wait.Analyzer].(*wait.Result)
		for c := range in.Root().Preorder((*ast.CallExpr)(nil)) {
			call := c.Node().(*ast.CallExpr)
			fn, _ := typeutil.Callee(pass.TypesInfo, call).(*gotypes.Func)
			if fn == nil || fn.Pkg() == pass.Pkg {
				continue
			}
			if f := res.Fact(fn); f != nil {
				pass.Reportf(call.Pos(), "%s: %s", fn.Name(), f)
			}
		}
		return nil, nil
	},
}

// TestStdFactsFlow checks that the standard library's table of functions
// that honor their context reaches the packages that call them: the pass
// exports the table on the standard packages instead of analyzing them.
func TestStdFactsFlow(t *testing.T) {
	analysistest.Run(t, testdata(t), factProbe, "wait/stdfacts")
}
