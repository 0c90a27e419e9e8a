// Package attempts holds retry loops whose attempt count, exit or attempt
// is spelled apart from the for clauses: a bound tested in the body, an
// exit on "last attempt or no retry", an attempt run in a goroutine.
package attempts

import (
	"context"
	"net/http"
	"time"
)

func call() error                       { return nil }
func callCtx(ctx context.Context) error { return nil }

// The counter is in the for statement, the bound in the body, and there
// is no wait: an immediate retry.
func counted(maxRetries int) error {
	for attempt := 0; ; attempt++ { // want "retry loop, attempt call \\[attempt-counter, failure-goes-round\\]"
		err := call()
		if err == nil {
			return nil
		}
		if attempt >= maxRetries {
			return err
		}
	}
}

type Client struct {
	hc       *http.Client
	RetryMax int
}

func (c *Client) checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	return err != nil, nil
}

// The verdict comes with an error of its own; the loop leaves through
// "last attempt or no retry".
func (c *Client) Do(ctx context.Context, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 1; ; attempt++ { // want "retry loop, attempt \\*ast.SelectorExpr \\[attempt-counter, waits, verdict\\]"
		resp, err = c.hc.Do(req)
		retry, checkErr := c.checkRetry(ctx, resp, err)
		if checkErr != nil {
			return nil, checkErr
		}
		lastAttempt := attempt > c.RetryMax
		if lastAttempt || !retry {
			break
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(attempt) * time.Second):
		}
	}
	return resp, err
}

// The attempt runs in a goroutine (so a stuck call can be abandoned) and
// reports through a channel the loop receives from.
func inGoroutine(ctx context.Context, attempts int) error {
	var err error
	for i := 0; i < attempts; i++ { // want "retry loop, attempt callCtx \\[attempt-counter, waits, failure-goes-round, goroutine-attempt\\]"
		errc := make(chan error, 1)
		go func() { errc <- callCtx(ctx) }()
		select {
		case err = <-errc:
		case <-ctx.Done():
			return ctx.Err()
		}
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The receive declares the error inside the select case.
func inGoroutineCase(ctx context.Context, maxAttempts int) error {
	for attempt := 0; attempt < maxAttempts; attempt++ { // want "retry loop, attempt callCtx \\[attempt-counter, waits, failure-goes-round, goroutine-attempt\\]"
		done := make(chan error, 1)
		go func() {
			done <- callCtx(ctx)
		}()
		select {
		case err := <-done:
			if err == nil {
				return nil
			}
		case <-time.After(10 * time.Second):
		}
		time.Sleep(time.Second)
	}
	return context.DeadlineExceeded
}

// --- look-alikes ------------------------------------------------------

func list(page int) ([]string, error) { return nil, nil }

// A page counter in the for statement, the end tested in the body: a
// paginator, whose failure leaves.
func pages() ([]string, error) {
	var out []string
	for page := 0; ; page++ {
		items, err := list(page)
		if err != nil {
			return nil, err
		}
		if len(items) == 0 {
			return out, nil
		}
		out = append(out, items...)
	}
}

// Repeated a fixed number of times (a warm-up): success goes round, a
// failure leaves.
func warmup(attempts int) error {
	for attempt := 0; ; attempt++ {
		if err := call(); err != nil {
			return err
		}
		if attempt >= attempts {
			return nil
		}
	}
}

// "Last or done" leaves, but done is no verdict on the error: a
// consumer that stops on a last message, and an error leaves.
func (c *Client) consume(ctx context.Context, next func() (string, bool, error)) error { // want consume:"callsparam\\(1\\)"
	for attempt := 1; ; attempt++ {
		msg, more, err := next()
		if err != nil {
			return err
		}
		_ = msg
		last := attempt > c.RetryMax
		if last || !more {
			break
		}
		time.Sleep(time.Millisecond)
	}
	return nil
}

// Work fanned out to goroutines whose errors are collected: no retry.
func fanOut(ctx context.Context, n int) error {
	errc := make(chan error, n)
	for i := 0; i < n; i++ {
		go func() { errc <- callCtx(ctx) }()
	}
	for i := 0; i < n; i++ {
		if err := <-errc; err != nil {
			return err
		}
		time.Sleep(time.Millisecond)
	}
	return nil
}

// A watchdog that runs a job in a goroutine each round and logs its
// error: success does not leave.
func watchdog(ctx context.Context, logf func(error)) { // want watchdog:"callsparam\\(1\\)"
	for {
		errc := make(chan error, 1)
		go func() { errc <- callCtx(ctx) }()
		if err := <-errc; err != nil {
			logf(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Minute):
		}
	}
}
