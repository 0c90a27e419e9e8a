package timerstop_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reslint/reslint/analyzers/timerstop"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// setStrict sets the strict flag for the duration of a test.
func setStrict(t *testing.T, v string) {
	if err := timerstop.Analyzer.Flags.Set("strict", v); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = timerstop.Analyzer.Flags.Set("strict", "false") })
}

func TestRules(t *testing.T) {
	analysistest.Run(t, testdata(t), timerstop.Analyzer, "timerstop/t1", "timerstop/t1main", "timerstop/t2", "timerstop/t3", "timerstop/t3main", "timerstop/t4", "timerstop/t5", "timerstop/t5main", "timerstop/t6", "timerstop/seed", "timerstop/godebug", "timerstop/directive", "timerstop/directive/notime")
}

func TestStrict(t *testing.T) {
	setStrict(t, "true")
	analysistest.Run(t, testdata(t), timerstop.Analyzer, "timerstop/strict")
}

func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), timerstop.Analyzer, "timerstop/fix")
}
