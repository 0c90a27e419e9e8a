package breakerverdict_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reslint/reslint/analyzers/breakerverdict"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestAnalyzer runs the rule fixtures: gobreaker v1 and v2 Settings,
// failsafe-go builders, //reslint:breaker predicates and the reference
// breaker that must pass clean.
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, testdata(t), breakerverdict.Analyzer,
		"breakerverdict/gob1", "breakerverdict/gob2", "breakerverdict/failsafe", "breakerverdict/marked", "breakerverdict/seed",
	)
}

// TestFix applies the IsSuccessful fix to literals of every layout.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), breakerverdict.Analyzer, "breakerverdict/fix/...")
}
