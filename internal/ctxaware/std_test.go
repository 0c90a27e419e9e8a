package ctxaware_test

import (
	"go/ast"
	gotypes "go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/ctxaware"
)

// factProbe reports the CtxFact of every function called from another
// package.
var factProbe = &analysis.Analyzer{
	Name:     "factprobe",
	Doc:      "test: report the context facts of callees",
	Requires: []*analysis.Analyzer{inspect.Analyzer, ctxaware.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		res := pass.ResultOf[ctxaware.Analyzer].(*ctxaware.Result)
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
	analysistest.Run(t, testdata(t), factProbe, "ctxaware/stdfacts")
}
