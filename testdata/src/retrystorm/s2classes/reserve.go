package s2classes

import (
	"context"
	"net/http"
	"os"
	"time"

	"github.com/pkg/errors"
)

// A cache that reserves an index: the outer loop goes round while the
// index is held by another writer (os.ErrExist, a conflict answer), the
// inner send retries only 429. The layers retry disjoint errors, written
// with github.com/pkg/errors, whose Is and As are the standard ones.

type httpError struct{ StatusCode int }

func (e httpError) Error() string { return http.StatusText(e.StatusCode) }

type cache struct{ hc *http.Client }

func checkResponse(resp *http.Response) error {
	if resp.StatusCode == http.StatusConflict {
		return os.ErrExist
	}
	if resp.StatusCode >= 300 {
		return errors.WithStack(httpError{resp.StatusCode})
	}
	return nil
}

func (c *cache) doWithRetries(ctx context.Context, req *http.Request) (*http.Response, error) {
	for {
		resp, err := c.hc.Do(req.WithContext(ctx))
		if err != nil {
			return nil, errors.WithStack(err)
		}
		if err := checkResponse(resp); err != nil {
			var he httpError
			if errors.As(err, &he) && he.StatusCode == http.StatusTooManyRequests {
				resp.Body.Close()
				select {
				case <-ctx.Done():
					return nil, ctx.Err()
				case <-time.After(time.Second):
				}
				continue
			}
			resp.Body.Close()
			return nil, err
		}
		return resp, nil
	}
}

func (c *cache) reserve(ctx context.Context, req *http.Request) (string, error) {
	resp, err := c.doWithRetries(ctx, req)
	if err != nil {
		return "", errors.WithStack(err)
	}
	defer resp.Body.Close()
	return resp.Header.Get("Location"), nil
}

// Negative twin: goes round only on os.ErrExist, which the inner layer
// does not retry.
func (c *cache) saveIndexed(ctx context.Context, req *http.Request) (string, error) {
	var blocked time.Duration
	for {
		id, err := c.reserve(ctx, req)
		if err != nil {
			if errors.Is(err, os.ErrExist) && blocked <= time.Minute {
				blocked += 2 * time.Second
				select {
				case <-ctx.Done():
					return "", ctx.Err()
				case <-time.After(2 * time.Second):
				}
				continue
			}
			return "", err
		}
		return id, nil
	}
}

// Positive: the outer loop goes round on every error, the 429s the inner
// layer gave up on included.
func (c *cache) saveAnyway(ctx context.Context, req *http.Request) (string, error) {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop \(3 attempts\) runs c.reserve \(retry loop at reserve.go:\d+\) \(its attempts\) in each attempt`
		id, err := c.reserve(ctx, req)
		if err == nil {
			return id, nil
		}
		time.Sleep(time.Second)
	}
	return "", errors.New("reserve: too many attempts")
}
