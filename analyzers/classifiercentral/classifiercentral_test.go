package classifiercentral_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reslint/reslint/analyzers/classifiercentral"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestAnalyzer runs the rule fixtures in one load:
//
//   - c1/...: a designated classifier in one package and checks made
//     outside it in an importer (by fact), a local designated classifier
//     whose callees are part of it;
//   - c2/...: classification scattered within a package and across two
//     packages of one module; one place made of helpers and of same-named
//     classifier methods; a library of another module that never combines;
//     checks that decide nothing;
//   - c3: classifiers answering retry for each deterministic class, and
//     their correct twins;
//   - c3threshold: retry conditions built by a factory on a status
//     threshold below 500, and their twins.
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, testdata(t), classifiercentral.Analyzer,
		"classifiercentral/c1/...", "classifiercentral/c2/...", "classifiercentral/c3", "classifiercentral/c3threshold", "classifiercentral/c3polarity/...", "classifiercentral/c3inline/...")
}

// TestSetting designates a classifier with the classifiers setting.
func TestSetting(t *testing.T) {
	f := classifiercentral.Analyzer.Flags.Lookup("classifiers")
	if err := f.Value.Set("classifiercentral/c1setting.(*Policy).Decide"); err != nil {
		t.Fatal(err)
	}
	defer f.Value.Set("")
	analysistest.Run(t, testdata(t), classifiercentral.Analyzer, "classifiercentral/c1setting")
}
