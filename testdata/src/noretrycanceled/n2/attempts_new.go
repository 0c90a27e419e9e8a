package n2

import (
	"context"
	"net/http"
	"time"
)

// Retry loops whose attempt count, exit or attempt is spelled apart from
// the for clauses are retry loops for N2 too.

type retryClient struct {
	hc       *http.Client
	RetryMax int
}

func (c *retryClient) checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	return err != nil, nil
}

// The loop leaves through "last attempt or no retry" and sleeps blindly.
func (c *retryClient) do(ctx context.Context, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 1; ; attempt++ {
		resp, err = c.hc.Do(req)
		retry, checkErr := c.checkRetry(ctx, resp, err)
		if checkErr != nil {
			return nil, checkErr
		}
		lastAttempt := attempt > c.RetryMax
		if lastAttempt || !retry {
			break
		}
		time.Sleep(time.Duration(attempt) * time.Second) // want `time.Sleep in a retry loop cannot be interrupted`
	}
	return resp, err
}

// Twin: the same loop waits in a select on the caller's context.
func (c *retryClient) doCtx(ctx context.Context, req *http.Request) (*http.Response, error) { // want doCtx:"honors\\(0\\)"
	var resp *http.Response
	var err error
	for attempt := 1; ; attempt++ {
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

// The attempt runs in a goroutine; the loop sleeps blindly between
// attempts.
func inGoroutine(ctx context.Context, attempts int) error {
	var err error
	for i := 0; i < attempts; i++ {
		errc := make(chan error, 1)
		go func() { errc <- call(ctx) }()
		err = <-errc
		if err == nil {
			return nil
		}
		time.Sleep(backoff(i)) // want `time.Sleep in a retry loop cannot be interrupted`
	}
	return err
}

// Twin: work fanned out to goroutines and collected by another loop,
// which paces itself with a sleep: no retry.
func fanOut(ctx context.Context, n int) error {
	errc := make(chan error, n)
	for i := 0; i < n; i++ {
		go func() { errc <- call(ctx) }()
	}
	for i := 0; i < n; i++ {
		if err := <-errc; err != nil {
			return err
		}
		time.Sleep(backoff(i))
	}
	return nil
}
