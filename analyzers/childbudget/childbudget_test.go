package childbudget_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reslint/reslint/analyzers/childbudget"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestB4(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), childbudget.Analyzer, "childbudget/b4")
}

// TestRules runs the fixtures of B1-B3 (B4's are checked with its fix
// below) in one load: b2/lib's facts are checked with "want F:", and seed
// holds the reference budget code (a clamp helper, a handler slicing its
// budget, a retry helper), which must pass clean.
func TestRules(t *testing.T) {
	analysistest.Run(t, testdata(t), childbudget.Analyzer,
		"childbudget/b1", "childbudget/b2/...", "example.com/cloudprobe/metadata", "childbudget/b3", "childbudget/wild", "childbudget/ingress", "childbudget/seed/...")
}

func TestReserve(t *testing.T) {
	if err := childbudget.Analyzer.Flags.Set("reserve", "100ms"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = childbudget.Analyzer.Flags.Set("reserve", "0s") })
	analysistest.Run(t, testdata(t), childbudget.Analyzer, "childbudget/reserve")
}

func TestPolicyFields(t *testing.T) {
	for flag, v := range map[string]string{"attemptfields": "Retries|Tries", "perattemptfields": "PerTry", "budgetfields": "Deadline"} {
		old := childbudget.Analyzer.Flags.Lookup(flag).Value.String()
		if err := childbudget.Analyzer.Flags.Set(flag, v); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = childbudget.Analyzer.Flags.Set(flag, old) })
	}
	analysistest.Run(t, testdata(t), childbudget.Analyzer, "childbudget/fields")
}
