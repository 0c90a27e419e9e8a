package backoffjitter_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reslint/reslint/analyzers/backoffjitter"
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
	analysistest.Run(testutil.Drop(t, "no fact was reported matching `sleeps"), testdata(t), backoffjitter.Analyzer, "backoffjitter/loops", "backoffjitter/crosspkg", "backoffjitter/jitterlib", "backoffjitter/seed/...", "backoffjitter/shapes", "backoffjitter/grpcwait", "backoffjitter/results", "backoffjitter/polls", "backoffjitter/restarts")
}

func TestLibraries(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), backoffjitter.Analyzer, "backoffjitter/libs")
}
