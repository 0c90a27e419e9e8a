package n2

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Retries by recursion whose wait comes first: after a "cluster down"
// answer the next attempt begins by sleeping out a delay.

type clusterClient struct {
	hc        *http.Client
	downSince time.Time
	delay     time.Duration
}

var errClusterDown = errors.New("cluster down")

func (c *clusterClient) exec(ctx context.Context, req *http.Request) error {
	_, err := c.hc.Do(req.WithContext(ctx))
	return err
}

// Positive: the head sleeps blindly before each attempt.
func (c *clusterClient) do(ctx context.Context, req *http.Request, attempts int) error {
	if attempts <= 0 {
		return errors.New("too many attempts")
	}
	if !c.downSince.IsZero() && time.Since(c.downSince) < c.delay {
		time.Sleep(c.delay) // want `time.Sleep in a retry loop cannot be interrupted`
	}
	err := c.exec(ctx, req)
	if errors.Is(err, errClusterDown) {
		c.downSince = time.Now()
		return c.do(ctx, req, attempts-1)
	}
	return err
}

// Negative twin: the head waits in a select on ctx.Done().
func (c *clusterClient) doWaiting(ctx context.Context, req *http.Request, attempts int) error { // want doWaiting:"honors\\(0\\)"
	if attempts <= 0 {
		return errors.New("too many attempts")
	}
	if !c.downSince.IsZero() && time.Since(c.downSince) < c.delay {
		t := time.NewTimer(c.delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	err := c.exec(ctx, req)
	if errors.Is(err, errClusterDown) {
		c.downSince = time.Now()
		return c.doWaiting(ctx, req, attempts-1)
	}
	return err
}
