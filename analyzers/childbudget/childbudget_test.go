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

func TestB1(t *testing.T) {
	analysistest.Run(t, testdata(t), childbudget.Analyzer, "childbudget/b1")
}

func TestB2(t *testing.T) {
	analysistest.Run(t, testdata(t), childbudget.Analyzer, "childbudget/b2/...")
}

func TestB3(t *testing.T) {
	analysistest.Run(t, testdata(t), childbudget.Analyzer, "childbudget/b3")
}

func TestB4(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), childbudget.Analyzer, "childbudget/b4")
}

// TestSeed: the reference budget code (clamp helper, handler slicing its budget, retry helper) passes clean.
func TestSeed(t *testing.T) {
	analysistest.Run(t, testdata(t), childbudget.Analyzer, "childbudget/seed/...")
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

func TestWild(t *testing.T) {
	analysistest.Run(t, testdata(t), childbudget.Analyzer, "childbudget/wild")
}

func TestIngress(t *testing.T) {
	analysistest.Run(t, testdata(t), childbudget.Analyzer, "childbudget/ingress")
}
