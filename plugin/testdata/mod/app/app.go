// Package app is the code golangci-lint checks in the plugin's end-to-end
// test. Its findings are compared with the reslint command's on the same
// module, so a finding of any analyzer added later is checked too.
package app

import (
	"context"
	"crypto/rand"
	"net/http"
	"strings"
	"time"

	"example.com/gclmod/retry"
)

// Charge generates the idempotency key inside the retried closure, so each
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

// Poll waits on a ticker it never stops.
func Poll(ctx context.Context, check func() bool) {
	t := time.NewTicker(time.Second)
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if check() {
				return
			}
		}
	}
}

// An ignore directive without a reason silences nothing and is reported.
//
//reslint:ignore timerstop
var pollEvery = time.Second

var _ = pollEvery
