package noretrycanceled_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reslint/reslint/analyzers/noretrycanceled"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestSeed: the seed's retry helper and classifier pass clean, and the
// helper's context facts are exported.
func TestSeed(t *testing.T) {
	analysistest.Run(t, testdata(t), noretrycanceled.Analyzer, "noretrycanceled/seed/...")
}

// TestN1 covers classifiers found by name, shape and marker.
func TestN1(t *testing.T) {
	analysistest.Run(t, testdata(t), noretrycanceled.Analyzer, "noretrycanceled/n1")
}

// TestN1Libraries covers predicates handed to retry libraries.
func TestN1Libraries(t *testing.T) {
	analysistest.Run(t, testdata(t), noretrycanceled.Analyzer, "noretrycanceled/n1lib")
}

// TestN2 covers retry loops that ignore their context, and the CtxFact
// of context-aware waits across packages.
func TestN2(t *testing.T) {
	analysistest.Run(t, testdata(t), noretrycanceled.Analyzer, "noretrycanceled/n2/...")
}

// TestN3 covers retry libraries called without the context, and both
// suggested fixes (retry.Context appended, BackOff wrapped in WithContext).
func TestN3(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), noretrycanceled.Analyzer, "noretrycanceled/n3")
}

// TestN4 covers attempts under a per-attempt child context whose error is
// classified before the parent is checked.
func TestN4(t *testing.T) {
	analysistest.Run(t, testdata(t), noretrycanceled.Analyzer, "noretrycanceled/n4/...")
}
