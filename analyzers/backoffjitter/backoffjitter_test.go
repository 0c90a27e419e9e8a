package backoffjitter_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reslint/reslint/analyzers/backoffjitter"
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

func TestWaits(t *testing.T) {
	analysistest.Run(testutil.Drop(t, "no fact was reported matching `sleeps", "no fact was reported matching `honors"), testdata(t), backoffjitter.Analyzer, "backoffjitter/loops", "backoffjitter/crosspkg", "backoffjitter/jitterlib", "backoffjitter/seed/...", "backoffjitter/shapes", "backoffjitter/grpcwait", "backoffjitter/results", "backoffjitter/polls", "backoffjitter/restarts", "backoffjitter/local", "backoffjitter/tickers", "backoffjitter/steps", "backoffjitter/drains", "backoffjitter/delays/...", "backoffjitter/helpers", "backoffjitter/handlers", "backoffjitter/grown")
}

func TestLibraries(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), backoffjitter.Analyzer, "backoffjitter/libs")
	analysistest.Run(t, testdata(t), backoffjitter.Analyzer, "backoffjitter/tuned")
}

// waitKinds reports the wait backoffjitter's result gives each retry
// scope, at the scope's loop or helper call.
var waitKinds = &analysis.Analyzer{
	Name:     "waitkinds",
	Doc:      "test: report the wait of each retry scope",
	Requires: []*analysis.Analyzer{backoffjitter.Analyzer, retryscope.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		w := pass.ResultOf[backoffjitter.Analyzer].(*backoffjitter.Waits)
		for _, s := range pass.ResultOf[retryscope.Analyzer].(*retryscope.Result).Scopes {
			k, ok := w.Of[s]
			if !ok {
				continue
			}
			switch {
			case s.Loop != nil:
				pass.Reportf(s.Loop.Pos(), "wait %s", k)
			case s.Call != nil:
				pass.Reportf(s.Call.Pos(), "wait %s", k)
			}
		}
		return nil, nil
	},
}

// TestWaitKinds checks the result the inventory's wait column reads.
func TestWaitKinds(t *testing.T) {
	analysistest.Run(t, testdata(t), waitKinds, "backoffjitter/waitkinds")
}
