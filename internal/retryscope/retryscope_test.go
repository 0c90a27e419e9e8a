package retryscope_test

import (
	"fmt"
	"go/ast"
	"path/filepath"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reslint/reslint/internal/retryscope"
	"github.com/reslint/reslint/internal/testutil"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// waitFacts drops the fixtures' expectations of the wait model's facts
// ("sleeps", "honors"), which the wait package's tests check.
var waitFacts = []string{"no fact was reported matching `sleeps", "no fact was reported matching `honors"}

// TestFacts checks the helper and calls-param facts.
func TestFacts(t *testing.T) {
	analysistest.Run(testutil.Drop(t, waitFacts...), testdata(t), retryscope.Analyzer, "retryscope/helpers")
}

// scopes reports every retry scope the recogniser finds, at the start of
// its function (closures) or loop, so fixtures can mark them with want.
var scopes = &analysis.Analyzer{
	Name:     "scopes",
	Doc:      "test: report retry scopes",
	Requires: []*analysis.Analyzer{retryscope.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
		for _, s := range res.Scopes {
			switch s.Kind {
			case retryscope.Closure:
				pass.Reportf(s.Func.Pos(), "retry closure of %s [%s]", s.Helper, s.Evidence)
			case retryscope.Loop:
				pass.Reportf(s.Loop.Pos(), "retry loop, attempt %s [%s]", types(s.Attempt), s.Evidence)
			case retryscope.Client:
				pass.Reportf(s.Call.Pos(), "self-retrying send via %s [%s]", s.Helper, s.Evidence)
			case retryscope.Recursion:
				pass.Reportf(s.Func.Pos(), "retry by recursion of %s, attempt %s [%s]", s.Helper, types(s.Attempt), s.Evidence)
			case retryscope.Restart:
				pass.Reportf(s.Loop.Pos(), "restart loop, session %s [%s]", types(s.Attempt), s.Evidence)
			case retryscope.Requeue:
				pass.Reportf(s.Loop.Pos(), "re-queue loop, job %s [%s]", types(s.Attempt), s.Evidence)
			default:
				return nil, fmt.Errorf("scope of unknown kind %v", s.Kind)
			}
			if s.Evidence == 0 {
				return nil, fmt.Errorf("%v: %v scope without evidence", pass.Fset.Position(s.Body.Pos()), s.Kind)
			}
		}
		for _, s := range res.Gotos {
			pass.Reportf(s.Loop.Pos(), "goto retry loop, attempt %s [%s]", types(s.Attempt), s.Evidence)
		}
		for _, s := range res.Steps {
			pass.Reportf(s.Body.Pos(), "retried step, attempt %s [%s]", types(s.Attempt), s.Evidence)
		}
		for _, s := range res.SwallowPolls {
			pass.Reportf(s.Loop.Pos(), "swallowing poll, check %s [%s]", types(s.Attempt), s.Evidence)
		}
		return nil, nil
	},
}

func types(call *ast.CallExpr) string {
	if id, ok := call.Fun.(*ast.Ident); ok {
		return id.Name
	}
	return reflect.TypeOf(call.Fun).String()
}

func TestScopes(t *testing.T) {
	// The loops fixture also holds fact expectations, checked by
	// TestLoopFacts and the wait package's tests with the passes that
	// export them.
	analysistest.Run(testutil.Only(t, false), testdata(t), scopes, "retryscope/use", "retryscope/loops", "retryscope/libs", "retryscope/swallow")
}

// TestLoopFacts checks the retry facts the loops fixture expects.
func TestLoopFacts(t *testing.T) {
	analysistest.Run(testutil.Drop(testutil.Only(t, true), waitFacts...), testdata(t), retryscope.Analyzer, "retryscope/loops")
}

// TestRetryFuncsSetting names helpers with the -retryfuncs setting.
func TestRetryFuncsSetting(t *testing.T) {
	f := retryscope.Analyzer.Flags.Lookup("retryfuncs")
	if err := f.Value.Set("retryscope/cfg.Run, retryscope/cfg.(*Pool).Submit"); err != nil {
		t.Fatal(err)
	}
	defer f.Value.Set("")
	analysistest.Run(t, testdata(t), scopes, "retryscope/cfg")
}

// newScopes are the fixtures of the retry scopes spelled without a
// for statement or a known helper: recursion, restart loops, attempt
// loops counted in the body. Their want comments hold both the scopes
// and the facts.
var newScopes = []string{"retryscope/recursion", "retryscope/restart", "retryscope/attempts", "retryscope/conn", "retryscope/connuse", "retryscope/requeue"}

func TestNewScopes(t *testing.T) {
	analysistest.Run(testutil.Only(t, false), testdata(t), scopes, newScopes...)
}

func TestNewScopeFacts(t *testing.T) {
	analysistest.Run(testutil.Drop(testutil.Only(t, true), waitFacts...), testdata(t), retryscope.Analyzer, newScopes...)
}

// TestBrokenCode runs the recogniser on a package that does not
// type-check, with the new scope shapes over undefined names: it must not
// panic.
func TestBrokenCode(t *testing.T) {
	testutil.RunBroken(t, testdata(t), retryscope.Analyzer, "retryscope/broken")
}
