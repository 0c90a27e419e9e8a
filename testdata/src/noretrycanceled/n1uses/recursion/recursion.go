// Package recursion: a classifier known by its name alone is judged when
// a retry asks it, and a retry may be a function that calls itself after
// a failed attempt.
package recursion

import (
	"context"
	"time"
)

type Client struct{ max int }

func (c *Client) send(ctx context.Context) error { return nil }

func shouldRetry(err error) bool {
	return err != nil // want `shouldRetry answers "retry" for every error`
}

// The recursive retry asks shouldRetry: a canceled caller's error is
// retried.
func (c *Client) do(ctx context.Context, attempt int) error {
	err := c.send(ctx)
	if shouldRetry(err) && attempt < c.max {
		time.Sleep(time.Second) // want `time.Sleep in a retry loop cannot be interrupted`
		return c.do(ctx, attempt+1)
	}
	return err
}

// Negative twin: the same classifier shape, asked by a recursive walk
// that is no retry (it recurses into the children after success).
type node struct{ kids []*node }

func (c *Client) visit(ctx context.Context, n *node) error { return nil }

func isTransient(err error) bool {
	return err != nil
}

func (c *Client) walk(ctx context.Context, n *node, depth int) error {
	if err := c.visit(ctx, n); isTransient(err) {
		return err
	}
	for _, k := range n.kids {
		if err := c.walk(ctx, k, depth+1); err != nil {
			return err
		}
	}
	return nil
}
