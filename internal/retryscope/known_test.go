package retryscope

import (
	"testing"

	"github.com/reslint/reslint/internal/analysisutil"
)

func TestStripMajor(t *testing.T) {
	for in, want := range map[string]string{
		"github.com/avast/retry-go/v4":   "github.com/avast/retry-go",
		"github.com/avast/retry-go":      "github.com/avast/retry-go",
		"github.com/foo/vendor":          "github.com/foo/vendor",
		"github.com/foo/v":               "github.com/foo/v",
		"github.com/foo/v2x":             "github.com/foo/v2x",
		"gopkg.in/retry.v1":              "github.com/go-retry/retry",
		"k8s.io/client-go/util/retry":    "k8s.io/client-go/util/retry",
		"github.com/cenkalti/backoff/v5": "github.com/cenkalti/backoff",
	} {
		if got := analysisutil.StripMajor(in); got != want {
			t.Errorf("analysisutil.StripMajor(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestEvidenceIDs checks that every evidence bit has its own id, so
// -retryscope.show never prints a bit without a name.
func TestEvidenceIDs(t *testing.T) {
	seen := map[string]bool{}
	for e := Evidence(1); e <= EvRequeue; e <<= 1 {
		ids := e.IDs()
		if len(ids) != 1 || ids[0] == "" || seen[ids[0]] {
			t.Errorf("evidence %#x: ids %q, want one new id", uint32(e), ids)
			continue
		}
		seen[ids[0]] = true
	}
	if got := (EvWaits | EvAttemptCounter).String(); got != "attempt-counter, waits" {
		t.Errorf("String = %q", got)
	}
	if len(seen) != len(evidenceIDs) {
		t.Errorf("%d evidence bits for %d ids", len(seen), len(evidenceIDs))
	}
}
