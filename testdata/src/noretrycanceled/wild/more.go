package wild

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"github.com/hashicorp/go-retryablehttp"

	"noretrycanceled/wildlib"
)

// A CheckRetry that retries a status of its own, then delegates: a
// context error comes with a nil response, so the first branch never
// answers for it.
func newHTTPClient() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if err == nil && resp.StatusCode == http.StatusConflict {
			return true, nil
		}
		return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
	}
	return c
}

// A classifier that excludes context errors through another package's
// helper it cannot see into: unsure, silent.
func retryableCrossPkg(err error) bool {
	if wildlib.IsContextError(err) {
		return false
	}
	return true
}

// A RetryIf closure that looks at the caller's context first.
func retryIfCtx(ctx context.Context, op func() error) error {
	return retry.Do(op, retry.Context(ctx), retry.RetryIf(func(err error) bool {
		if ctx.Err() != nil {
			return false
		}
		return true
	}))
}

// An API error type with its own verdict.
type APIError struct{ Retryable bool }

func (e *APIError) Error() string { return "api" }

func isRetryableAPI(err error) bool {
	if err == nil {
		return false
	}
	var apiErr *APIError
	if !errors.As(err, &apiErr) {
		return false
	}
	return apiErr.Retryable
}

// A worker with its context in a field: the loop sleeps through a
// shutdown of p.ctx.
type poller struct {
	ctx context.Context
	op  func() error
}

func (p *poller) run() error { // want run:"sleeps"
	var err error
	for i := 0; i < 3; i++ {
		if err = p.op(); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `after the caller cancels p.ctx the loop still sleeps`
	}
	return err
}

// A wait on a timer stopped on the Done branch.
func stopOnDone(ctx context.Context, op func(context.Context) error) error { // want stopOnDone:"honors\\(0\\)"
	for attempt := 0; ; attempt++ {
		err := op(ctx)
		if err == nil || attempt == 4 {
			return err
		}
		t := time.NewTimer(time.Duration(attempt+1) * 100 * time.Millisecond)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

// A wait before every attempt but the first.
func waitFirst(ctx context.Context, op func(context.Context) error) error { // want waitFirst:"honors\\(0\\)"
	var err error
	for attempt := range 5 {
		if attempt > 0 {
			select {
			case <-ctx.Done():
				return errors.Join(err, ctx.Err())
			case <-time.After(time.Duration(attempt) * time.Second):
			}
		}
		if err = op(ctx); err == nil {
			return nil
		}
	}
	return err
}

// BackOff wrapped with the context after tuning fields.
func tunedBackoff(ctx context.Context, op func() error) error {
	bo := backoff.NewExponentialBackOff()
	bo.InitialInterval = 50 * time.Millisecond
	bo.MaxElapsedTime = 10 * time.Second
	return backoff.RetryNotify(op, backoff.WithContext(bo, ctx), func(err error, d time.Duration) {})
}

// A BackOff from a helper: unknown, silent.
func newPolicy() backoff.BackOff { return backoff.NewExponentialBackOff() }

func helperBackoff(ctx context.Context, op func() error) error {
	return backoff.Retry(op, newPolicy())
}

// retry-go options from a method, spread.
func (c *Client) retryOpts(ctx context.Context) []retry.Option {
	return []retry.Option{retry.Context(ctx), retry.Attempts(uint(c.attempts))}
}

func (c *Client) withOpts(ctx context.Context, op func() error) error {
	return retry.Do(op, c.retryOpts(ctx)...)
}

// --- more true positives ---------------------------------------------

// A method value registered with RetryIf that retries everything.
func (c *Client) retryAll(err error) bool { return true } // want `Client.retryAll answers "retry" for every error that reaches this return, context.Canceled`

func (c *Client) methodValue(ctx context.Context, op func() error) error {
	return retry.Do(op, retry.Context(ctx), retry.RetryIf(c.retryAll))
}

// A CheckRetry that retries every transport error without looking at
// the context.
func newBadClient() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if err != nil {
			return true, nil // want `answers "retry" for context.Canceled and context.DeadlineExceeded without looking at ctx.Err\(\)`
		}
		return resp.StatusCode >= 500, nil
	}
	return c
}
