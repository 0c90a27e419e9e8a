package ambiguouswrite_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reslint/reslint/analyzers/ambiguouswrite"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestW1 runs the W1 fixtures of every library.
func TestW1(t *testing.T) {
	analysistest.Run(t, testdata(t), ambiguouswrite.Analyzer, "ambiguouswrite/w1std", "ambiguouswrite/w1pgx", "ambiguouswrite/w1orm")
}

// TestW2 runs the W2 fixtures.
func TestW2(t *testing.T) {
	analysistest.Run(t, testdata(t), ambiguouswrite.Analyzer, "ambiguouswrite/w2")
}

// TestW3 runs the W3 fixtures.
func TestW3(t *testing.T) {
	analysistest.Run(t, testdata(t), ambiguouswrite.Analyzer, "ambiguouswrite/w3")
}

// TestNoDatabase: a package importing no database library is not judged,
// even where its own types look like one.
func TestNoDatabase(t *testing.T) {
	analysistest.Run(t, testdata(t), ambiguouswrite.Analyzer, "ambiguouswrite/nodb")
}
