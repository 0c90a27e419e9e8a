package idemkeyperseries_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reslint/reslint/analyzers/idemkeyperseries"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestAnalyzer runs every fixture package in one load (the standard
// library's net/http is the expensive part): diagnostics, facts, and the
// hoisting fixes against the .golden files.
//
//	keys    helpers of another package: FreshKeyFact, PutsKeyFact
//	i1      keys generated per attempt (closures, loops, named operations)
//	libs    the same with the known retry libraries and other generators
//	stripe  stripe-go params: field, pointer helper, SetIdempotencyKey
//	i2      POST and PATCH retried without a key
//	transport  request helpers of another package: RequestFact
//	i2x     I2 through those helpers
//	i2ctor  I2 through a constructor helper taking the method
//	i2field I2 through a client field holding a retrying StandardClient
func TestAnalyzer(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), idemkeyperseries.Analyzer,
		"idemkeyperseries/keys", "idemkeyperseries/i1", "idemkeyperseries/libs",
		"idemkeyperseries/stripe", "idemkeyperseries/i2",
		"idemkeyperseries/transport", "idemkeyperseries/i2x", "idemkeyperseries/i2ctor", "idemkeyperseries/rangefunc",
		"idemkeyperseries/deep", "idemkeyperseries/i2field")
}

// TestSettings checks -keyheaders (replaces the defaults) and -keyfields
// (adds to them).
func TestSettings(t *testing.T) {
	a := idemkeyperseries.Analyzer
	for flag, value := range map[string]string{"keyheaders": "Nats-Msg-Id,Idempotency-Key", "keyfields": "DedupID"} {
		old := a.Flags.Lookup(flag).Value.String()
		if err := a.Flags.Set(flag, value); err != nil {
			t.Fatal(err)
		}
		defer a.Flags.Set(flag, old)
	}
	analysistest.Run(t, testdata(t), a, "idemkeyperseries/cfg")
}
