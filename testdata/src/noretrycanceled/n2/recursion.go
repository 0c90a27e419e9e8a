package n2

import (
	"context"
	"net/http"
	"time"
)

// Retries by recursion: the function calls itself after a failed attempt
// (an error, or a retry status of the response), waiting blindly while
// the caller's context is in scope. Twins wait in a select on ctx.Done(),
// have no context, or recurse over children after success.

type restClient struct {
	hc  *http.Client
	max int
}

func (c *restClient) request(ctx context.Context, req *http.Request, attempt int) (*http.Response, error) {
	resp, err := c.hc.Do(req.WithContext(ctx))
	if err != nil {
		return nil, err
	}
	switch resp.StatusCode {
	case http.StatusBadGateway:
		if attempt < c.max {
			return c.request(ctx, req, attempt+1)
		}
	case http.StatusTooManyRequests:
		time.Sleep(time.Second) // want `time.Sleep in a retry loop cannot be interrupted`
		return c.request(ctx, req, attempt)
	}
	return resp, nil
}

// The context comes with the request. The recursive call on a 502 is
// the next attempt, not a wait, although the function sleeps on its 429
// path: only that sleep is reported.
func (c *restClient) send(req *http.Request, attempt int) (*http.Response, error) { // want send:"sleeps"
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	switch resp.StatusCode {
	case http.StatusBadGateway:
		if attempt < c.max {
			return c.send(req, attempt+1)
		}
	case http.StatusTooManyRequests:
		time.Sleep(time.Second) // want `time.Sleep in a retry loop cannot be interrupted`
		return c.send(req, attempt)
	}
	return resp, nil
}

func (c *restClient) requestWaiting(ctx context.Context, req *http.Request, attempt int) (*http.Response, error) { // want requestWaiting:"honors\\(0\\)"
	resp, err := c.hc.Do(req.WithContext(ctx))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusTooManyRequests && attempt < c.max {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
		return c.requestWaiting(ctx, req, attempt+1)
	}
	return resp, nil
}

func (c *restClient) fetchAgain(ctx context.Context, attempt int) error {
	err := fetch(ctx)
	if err != nil && attempt < c.max {
		time.Sleep(time.Second) // want `time.Sleep in a retry loop cannot be interrupted`
		return c.fetchAgain(ctx, attempt+1)
	}
	return err
}

func (c *restClient) fetchNoCtx(attempt int) error { // want fetchNoCtx:"sleeps"
	err := fetch(context.Background())
	if err != nil && attempt < c.max {
		time.Sleep(time.Second)
		return c.fetchNoCtx(attempt + 1)
	}
	return err
}

type tree struct{ kids []*tree }

func (c *restClient) visitAll(ctx context.Context, t *tree) error {
	if err := fetch(ctx); err != nil {
		return err
	}
	for _, k := range t.kids {
		time.Sleep(10 * time.Millisecond)
		if err := c.visitAll(ctx, k); err != nil {
			return err
		}
	}
	return nil
}
