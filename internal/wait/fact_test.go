package wait_test

import (
	"fmt"
	"go/ast"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/testutil"
	"github.com/reslint/reslint/internal/wait"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// waits reports every call statement that Result.CallWaits takes for a
// wait.
var waits = &analysis.Analyzer{
	Name:     "waits",
	Doc:      "test: report waits",
	Requires: []*analysis.Analyzer{inspect.Analyzer, wait.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[wait.Analyzer].(*wait.Result)
		in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		for c := range in.Root().Preorder((*ast.ExprStmt)(nil)) {
			if call, ok := c.Node().(*ast.ExprStmt).X.(*ast.CallExpr); ok && res.CallWaits(call) {
				pass.Reportf(call.Pos(), "waits")
			}
		}
		return nil, nil
	},
}

// ownFacts passes t the errors about the wait model's facts ("sleeps",
// "sleeps(i)", "honors(i)"): the fixtures' want comments also hold the
// facts of the passes above (retry helpers, context facts) and their
// diagnostics.
type ownFacts struct{ t *testing.T }

func (o ownFacts) Errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if strings.Contains(msg, "no diagnostic was reported matching") ||
		strings.Contains(msg, "no fact was reported matching") && !strings.Contains(msg, "matching `sleeps") && !strings.Contains(msg, "matching `honors") {
		return
	}
	o.t.Errorf("%s", msg)
}

// TestSleepers checks that sleepers are known by behaviour: facts for
// functions that block on a sleep or a timer (a select on timers alone
// included), none for a timer pool's put (a drain) or a fake clock's
// Sleep; and CallWaits judges visible callees the same way.
func TestSleepers(t *testing.T) {
	analysistest.Run(testutil.Only(t, true), testdata(t), wait.Analyzer, "retryscope/sleepers")
	analysistest.Run(testutil.Only(t, false), testdata(t), waits, "retryscope/sleepers")
}

// TestFacts checks the wait facts that the fixtures of the passes above
// expect: blind sleepers (wrappers, interfaces all of whose
// implementations sleep, a job that sleeps) and sleep helpers that wait
// for their duration parameter, in this package and across packages.
func TestFacts(t *testing.T) {
	analysistest.Run(ownFacts{t}, testdata(t), wait.Analyzer,
		"retryscope/helpers", "retryscope/loops", "retryscope/requeue", "retryscope/recursion", "retryscope/stdfacts",
		"backoffjitter/loops", "backoffjitter/crosspkg", "backoffjitter/jitterlib", "backoffjitter/seed/...")
}

// TestHonors checks the contexts that functions honor (Fact.Honors),
// written in the fixtures of noretrycanceled, which builds on them:
// context-aware sleeps and their wrappers, retry helpers that return when
// their context is done, across packages; and no fact for a function that
// also sleeps blindly, or whose Done case stays in its loop. The
// fixtures' diagnostics are noretrycanceled's, their "ctx ..." facts
// ctxaware's and their "retries ..." facts classify's.
func TestHonors(t *testing.T) {
	analysistest.Run(testutil.Drop(t, "no diagnostic was reported matching",
		"no fact was reported matching `ctx ", "no fact was reported matching `retries "), testdata(t), wait.Analyzer,
		"noretrycanceled/seed/...", "noretrycanceled/n1", "noretrycanceled/n1lib", "noretrycanceled/n1imp/...",
		"noretrycanceled/n2/...", "noretrycanceled/n3", "noretrycanceled/n4/...", "noretrycanceled/wild/...")
}

// sites reports every wait site SiteAt finds.
var sites = &analysis.Analyzer{
	Name:     "sites",
	Doc:      "test: report wait sites",
	Requires: []*analysis.Analyzer{inspect.Analyzer, wait.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[wait.Analyzer].(*wait.Result)
		in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		shapes := map[wait.Shape]string{wait.Polls: "polls", wait.Cancellable: "cancellable", wait.TimerOnly: "timeronly", wait.Mixed: "mixed"}
		for c := range in.Root().Preorder((*ast.CallExpr)(nil), (*ast.UnaryExpr)(nil), (*ast.SelectStmt)(nil)) {
			switch s := res.SiteAt(c); s.Kind {
			case wait.Sleep:
				pass.Reportf(s.Node.Pos(), "sleep")
			case wait.TimerRecv:
				pass.Reportf(s.Node.Pos(), "timer receive")
			case wait.BlindCall:
				pass.Reportf(s.Node.Pos(), "blind call of %s.%s", s.Callee.Pkg().Name(), s.Callee.Name())
			case wait.SelectWait:
				pass.Reportf(s.Node.Pos(), "select %s", shapes[s.Select.Shape()])
			}
		}
		return nil, nil
	},
}

// TestSites checks SiteAt on one site of each kind and on calls and
// receives that are none (a context-aware sleep helper, a fake clock, the
// timer receive of a select case).
func TestSites(t *testing.T) {
	analysistest.Run(testutil.Only(t, false), testdata(t), sites, "wait/sites")
	analysistest.Run(testutil.Only(t, true), testdata(t), wait.Analyzer, "wait/sites")
}
