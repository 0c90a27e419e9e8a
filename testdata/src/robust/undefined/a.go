// Package undefined uses names that are not declared anywhere.
package undefined

import (
	"context"
	"errors"
	"net/http"
	"time"
)

func do(ctx context.Context, hc *http.Client) error {
	var err error
	for attempt := 0; attempt < maxAttempts; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, method, url, body)
		req.Header.Set(header, newKey())
		resp, err := hc.Do(req)
		if err == nil {
			return nil
		}
		if !shouldRetry(err) || errors.Is(err, context.Canceled) {
			return err
		}
		t := time.NewTimer(backoff(attempt))
		select {
		case <-ctx.Done():
		case <-t.C:
		case v := <-undefinedChan:
			_ = v
		}
		_ = resp
	}
	return err
}

func shouldRetry(err error) bool {
	switch {
	case errors.Is(err, ErrNope):
		return false
	case undefinedCheck(err):
		return true
	}
	return true
}

func wrong(ctx context.Context) {
	var d time.Duration = "five seconds"
	t := time.NewTicker(d, 2)
	for range t.C {
		t.Stop(1)
		ctx.Done(3)
	}
	undefinedFunc(func() error { return retry(ctx) })
}

type T struct{ Missing }

func (t *T) Retry(ctx context.Context) error {
	for {
		if err := t.Missing.Call(ctx); err != nil {
			continue
		}
		return t.x
	}
}
