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
		"gopkg.in/retry.v1":              "gopkg.in/retry.v1",
		"k8s.io/client-go/util/retry":    "k8s.io/client-go/util/retry",
		"github.com/cenkalti/backoff/v5": "github.com/cenkalti/backoff",
	} {
		if got := analysisutil.StripMajor(in); got != want {
			t.Errorf("analysisutil.StripMajor(%q) = %q, want %q", in, got, want)
		}
	}
}
