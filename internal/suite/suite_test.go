package suite_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reslint/reslint/internal/retryscope"
	"github.com/reslint/reslint/internal/suite"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestDirectives checks that malformed directives are reported once, by
// the root analyzer.
func TestDirectives(t *testing.T) {
	analysistest.Run(t, testdata(t), suite.Analyzer, "suite/directives")
}

// TestShow lists the retry scopes with -retryscope.show.
func TestShow(t *testing.T) {
	f := retryscope.Analyzer.Flags.Lookup("show")
	if err := f.Value.Set("true"); err != nil {
		t.Fatal(err)
	}
	defer f.Value.Set("false")
	analysistest.Run(t, testdata(t), suite.Analyzer, "suite/show")
}
