package retryscope_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/retryscope"
	"github.com/reslint/reslint/internal/testutil"
)

// waits reports every call statement that Result.Waits takes for a wait.
var waits = &analysis.Analyzer{
	Name:     "waits",
	Doc:      "test: report waits",
	Requires: []*analysis.Analyzer{inspect.Analyzer, retryscope.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
		in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		for c := range in.Root().Preorder((*ast.ExprStmt)(nil)) {
			if call, ok := c.Node().(*ast.ExprStmt).X.(*ast.CallExpr); ok && res.Waits(pass.TypesInfo, call) {
				pass.Reportf(call.Pos(), "waits")
			}
		}
		return nil, nil
	},
}

// TestSleepers checks that sleepers are known by behaviour: SleepsFacts
// for functions that block on a sleep or a timer (a select on timers
// alone included), none for a timer pool's put (a drain) or a fake
// clock's Sleep; and Result.Waits judges visible callees the same way.
func TestSleepers(t *testing.T) {
	analysistest.Run(testutil.Only(t, true), testdata(t), retryscope.Analyzer, "retryscope/sleepers")
	analysistest.Run(testutil.Only(t, false), testdata(t), waits, "retryscope/sleepers")
}
