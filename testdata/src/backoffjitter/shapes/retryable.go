package shapes

import (
	"context"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// A library's backoff function called by hand: retryablehttp's
// DefaultBackoff is exponential with no random part; with a response it
// may return the server's Retry-After; LinearJitterBackoff jitters.
func pollStatus(ctx context.Context, min, max time.Duration, resp *http.Response) error {
	for i := 0; i < 5; i++ {
		if err := call(ctx); err == nil {
			return nil
		}
		wait := retryablehttp.DefaultBackoff(min, max, i, nil)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait): // want `exponential backoff retryablehttp.DefaultBackoff\(min, max, i, nil\) between retry attempts`
		}
		time.Sleep(retryablehttp.DefaultBackoff(min, max, i, resp))
		time.Sleep(retryablehttp.LinearJitterBackoff(min, max, i, nil))
	}
	return nil
}
