package classifiercentral_test

import (
	"testing"

	"github.com/reslint/reslint/analyzers/classifiercentral"
	"github.com/reslint/reslint/internal/testutil"
)

// TestBrokenCode runs the analyzer, with the analyzers it requires, on a
// package that does not type-check: it must not panic (the suite-wide
// robustness test covers the other classes of broken code).
func TestBrokenCode(t *testing.T) {
	testutil.RunBroken(t, testdata(t), classifiercentral.Analyzer, "classifiercentral/broken")
}
