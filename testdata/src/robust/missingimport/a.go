// Package missingimport imports a package that does not exist.
package missingimport

import (
	"context"
	"net/http"
	"time"

	"example.com/does/not/exist/retry"
	"github.com/google/uuid"
)

func do(ctx context.Context, hc *http.Client) error {
	return retry.Do(ctx, retry.Attempts(3), func(ctx context.Context) error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "u", nil)
		req.Header.Set("Idempotency-Key", uuid.NewString())
		_, err := hc.Do(req)
		return err
	})
}

func loop(ctx context.Context) error {
	var err error
	for i := range retry.Attempts(3) {
		err = retry.Call(ctx, i)
		if retry.IsTransient(err) {
			t := time.NewTimer(retry.Backoff(i))
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-t.C:
			}
			continue
		}
		return err
	}
	return err
}

func classify(err error) bool { return retry.IsTransient(err) || true }
