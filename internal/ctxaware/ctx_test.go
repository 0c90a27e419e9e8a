package ctxaware_test

import (
	"go/ast"
	gotypes "go/types"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/ctxaware"
	"github.com/reslint/reslint/internal/testutil"
	"github.com/reslint/reslint/internal/wait"
)

// ctxProbe reports what the context helpers say about a fixture:
// the contexts in scope at each call of probe(), the context each
// statement leaves on, whether each call of classify(err) is preceded by
// a context check, and which functions named consults* consult one.
var ctxProbe = &analysis.Analyzer{
	Name:     "ctxprobe",
	Doc:      "test: report what the context helpers say",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		info := pass.TypesInfo
		defs := analysisutil.SingleDefs(info, in)
		for c := range in.Root().Preorder((*ast.CallExpr)(nil), (*ast.IfStmt)(nil), (*ast.SelectStmt)(nil), (*ast.SwitchStmt)(nil), (*ast.FuncDecl)(nil)) {
			switch n := c.Node().(type) {
			case *ast.CallExpr:
				fn, _ := typeutil.Callee(info, n).(*gotypes.Func)
				if fn == nil {
					continue
				}
				switch fn.Name() {
				case "probe":
					var names []string
					for _, v := range ctxaware.ContextsInScope(info, pass.Pkg, n.Pos(), defs) {
						names = append(names, v.Name())
					}
					pass.Reportf(n.Pos(), "in scope: %s", strings.Join(names, " "))
				case "classifyAfter":
					if v := ctxaware.CheckedAfter(info, c, nil); v != nil {
						pass.Reportf(n.Pos(), "checked after %s", v.Name())
					} else {
						pass.Reportf(n.Pos(), "not checked after")
					}
				case "classify":
					var errVar *gotypes.Var
					if len(n.Args) > 0 {
						if id, ok := n.Args[0].(*ast.Ident); ok {
							errVar, _ = info.Uses[id].(*gotypes.Var)
						}
					}
					if v := ctxaware.CheckedBefore(info, c, errVar); v != nil {
						pass.Reportf(n.Pos(), "checked %s", v.Name())
					} else {
						pass.Reportf(n.Pos(), "unchecked")
					}
				}
			case ast.Stmt:
				if v := wait.ExitsWhenDone(info, n); v != nil {
					pass.Reportf(n.Pos(), "exits when %s is done", v.Name())
				}
			case *ast.FuncDecl:
				if strings.HasPrefix(n.Name.Name, "consults") && ctxaware.ConsultsContext(info, n.Body, nil) {
					pass.Reportf(n.Pos(), "consults")
				}
			}
		}
		return nil, nil
	},
}

// waitFacts are the errors about the wait model's facts in the fixtures.
var waitFacts = []string{"no fact was reported matching `honors", "no fact was reported matching `sleeps"}

func TestContextHelpers(t *testing.T) {
	analysistest.Run(t, testdata(t), ctxProbe, "noretrycanceled/ctxtest")
}

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestFacts checks the CtxFacts written in the rule fixtures of
// noretrycanceled, which are built on them: retry helpers that time out
// or check their context, across packages. The diagnostics there are
// noretrycanceled's, and the facts of functions that honor their context
// ("honors(i)") and of sleepers ("sleeps") are the wait model's, checked
// by its tests.
func TestFacts(t *testing.T) {
	analysistest.Run(testutil.Drop(testutil.Only(t, true), waitFacts...), testdata(t), ctxaware.Analyzer,
		"noretrycanceled/seed/...", "noretrycanceled/n1", "noretrycanceled/n1lib",
		"noretrycanceled/n2/...", "noretrycanceled/n3", "noretrycanceled/n4/...", "noretrycanceled/wild/...")
}
