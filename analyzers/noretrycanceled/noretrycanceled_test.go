package noretrycanceled_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reslint/reslint/analyzers/noretrycanceled"
	"github.com/reslint/reslint/internal/testutil"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestAnalyzer runs the rule fixtures in one load (loading is most of the
// cost: the fixtures import net/http):
//
//   - seed/...: a reference retry helper and classifier pass clean (the
//     helper's context facts in these fixtures are ctxaware's, checked by
//     its own test);
//   - n1: classifiers found by name, shape and marker;
//   - n1lib: predicates handed to retry libraries (retry-go, client-go,
//     retryablehttp, failsafe-go, gRPC codes);
//   - n2/...: retry loops that ignore their context, and the CtxFact of
//     context-aware waits across packages;
//   - n4/...: attempts under a per-attempt child context whose error is
//     classified before the parent is checked.
func TestAnalyzer(t *testing.T) {
	analysistest.Run(testutil.Only(t, false), testdata(t), noretrycanceled.Analyzer,
		"noretrycanceled/seed/...", "noretrycanceled/n1", "noretrycanceled/n1ops", "noretrycanceled/n1lib",
		"noretrycanceled/n2/...", "noretrycanceled/n4/...", "noretrycanceled/n1imp/...", "noretrycanceled/n1uses/...", "noretrycanceled/polarity")
}

// TestN3 covers retry libraries called without the context, and both
// suggested fixes (retry.Context appended, BackOff wrapped in WithContext).
func TestN3(t *testing.T) {
	analysistest.RunWithSuggestedFixes(testutil.Only(t, false), testdata(t), noretrycanceled.Analyzer, "noretrycanceled/n3")
}

// TestWild runs service-code shapes the rules were not tuned on: correct
// classifiers, loops and library calls that must pass clean, and true
// positives in unfamiliar spellings (aliased imports, method and closure
// classifiers).
func TestWild(t *testing.T) {
	analysistest.Run(testutil.Only(t, false), testdata(t), noretrycanceled.Analyzer, "noretrycanceled/wild/...")
}
