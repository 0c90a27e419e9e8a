package retrystorm_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reslint/reslint/analyzers/retrystorm"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestS1 runs the retries around breakers.
func TestS1(t *testing.T) {
	analysistest.Run(t, testdata(t), retrystorm.Analyzer, "retrystorm/s1")
}

// TestS2 runs the nested retries, with the cross-package layer through a
// fact.
func TestS2(t *testing.T) {
	analysistest.Run(t, testdata(t), retrystorm.Analyzer, "retrystorm/s2dep", "retrystorm/s2", "retrystorm/s2classes")
}

// TestS3 runs the retries with and without an end.
func TestS3(t *testing.T) {
	analysistest.Run(t, testdata(t), retrystorm.Analyzer, "retrystorm/s3", "retrystorm/s3main")
}

// TestDoc: the doc's first line is the summary, and it stands alone.
func TestDoc(t *testing.T) {
	if first, _, _ := strings.Cut(retrystorm.Analyzer.Doc, "\n"); !strings.HasPrefix(first, "retrystorm: ") {
		t.Errorf("Doc's first line %q is not the summary", first)
	}
	for _, banned := range []string{"SPEC", "§", "seed", "essay"} {
		if strings.Contains(retrystorm.Analyzer.Doc, banned) {
			t.Errorf("doc mentions %q", banned)
		}
	}
}
