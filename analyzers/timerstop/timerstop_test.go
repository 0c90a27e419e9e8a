package timerstop_test

import (
	"path/filepath"
	"slices"
	"strings"
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
	results := analysistest.Run(t, testdata(t), timerstop.Analyzer, "timerstop/t1", "timerstop/t1main", "timerstop/t1fields", "timerstop/t1fieldsopen", "timerstop/t2", "timerstop/timeouts", "timerstop/t3", "timerstop/t3main", "timerstop/t4", "timerstop/t5", "timerstop/t5main", "timerstop/t6", "timerstop/seed", "timerstop/godebug", "timerstop/directive", "timerstop/directive/notime", "timerstop/noreturn")
	// Every diagnostic carries its rule id, and the fixtures exercise
	// every rule. Stale-directive reports are the reporter's, not a rule's.
	seen := map[string]int{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if strings.HasPrefix(d.Message, "//reslint:ignore") {
				continue
			}
			if !slices.Contains([]string{"T1", "T2", "T3", "T4", "T5", "T6"}, d.Category) {
				t.Errorf("%s: category %q, want a rule id T1..T6", d.Message, d.Category)
			}
			seen[d.Category]++
		}
	}
	for _, id := range []string{"T1", "T2", "T3", "T4", "T5", "T6"} {
		if seen[id] == 0 {
			t.Errorf("no %s diagnostic in the fixtures", id)
		}
	}
}

func TestStrict(t *testing.T) {
	setStrict(t, "true")
	analysistest.Run(t, testdata(t), timerstop.Analyzer, "timerstop/strict")
}

func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), timerstop.Analyzer, "timerstop/fix")
}
