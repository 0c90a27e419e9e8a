// Package app calls the retry helper of another package.
package app

import (
	"context"
	"crypto/rand"
	"net/http"
	"strings"

	"example.com/e2e/retry"
)

// Charge generates its idempotency key inside the retried closure: every
// attempt sends a new key.
func Charge(ctx context.Context, c *http.Client, body string) error {
	return retry.Do(ctx, 3, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", strings.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", rand.Text())
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

//reslint:ignore timerstop
var marker = 1
