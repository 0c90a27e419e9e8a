// Package handlers holds retry scopes whose wait between attempts sits in
// a failure handler: a function called on the failure path (inside `if
// err != nil`, or handed the error) that waits once before the next
// attempt.
package handlers

import (
	"context"
	"errors"
	"math"
	"time"
)

var errFatal = errors.New("fatal")

type conn struct{ open bool }

func (c *conn) send(ctx context.Context) error { return nil }
func (c *conn) dial(ctx context.Context) error { return nil }
func (c *conn) close()                         { c.open = false }

type client struct {
	conn     *conn
	strategy strategy
}

// recover closes the connection, pauses and dials again.
func (c *client) recover(ctx context.Context, err error) {
	c.conn.close()
	time.Sleep(2 * time.Second) // want `constant wait 2s between retry attempts has no random part`
	_ = c.conn.dial(ctx)
}

// A retry loop that hands its error to a handler that waits.
func (c *client) Send(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = c.conn.send(ctx); err == nil {
			return nil
		}
		c.recover(ctx, err)
	}
	return err
}

// refresh closes the connection, pauses and dials again; its error is
// the next round's.
func (c *client) refresh(ctx context.Context) error {
	if c.conn.open {
		c.conn.close()
		time.Sleep(250 * time.Millisecond) // want `constant wait 250ms between retry attempts has no random part`
	}
	return c.conn.dial(ctx)
}

// do runs fn until it succeeds, refreshing the connection after a failure.
func (c *client) do(ctx context.Context, fn func() error) error {
	var err error
	for {
		if errors.Is(err, context.Canceled) {
			return err
		} else if err != nil {
			err = c.refresh(ctx)
		} else if err = fn(); err == nil {
			return nil
		}
	}
}

func (c *client) Subscribe(ctx context.Context) error {
	return c.do(ctx, func() error { return c.conn.send(ctx) })
}

// backoff is a policy: the next wait.
type backoff interface {
	Next() time.Duration
	Reset()
}

type strategy interface{ NewBackoff() backoff }

type defaultStrategy struct{}

func (defaultStrategy) NewBackoff() backoff { return &linear{} }

// linear waits 1s, 2s, 3s... capped at 30s.
type linear struct{ n int }

func (b *linear) Next() time.Duration {
	d := math.Min(float64(b.n+1), 30)
	b.n++
	return time.Duration(d) * time.Second
}

func (b *linear) Reset() { b.n = 0 }

func newClient() *client { return &client{conn: &conn{}, strategy: defaultStrategy{}} }

// watch runs a stream until it breaks.
func (c *client) watch(ctx context.Context, b backoff) error {
	for {
		if err := c.conn.send(ctx); err != nil {
			return err
		}
		b.Reset()
	}
}

// handleWatchError waits the policy's next backoff, or returns the error
// that ends the watch.
func (c *client) handleWatchError(ctx context.Context, err error, b backoff) error {
	if errors.Is(err, errFatal) {
		return err
	}
	select {
	case <-time.After(b.Next()): // want `linear backoff .* between reconnects has no random part`
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// A restart loop whose handler waits the default policy's backoff and
// answers whether to go on.
func (c *client) Watch(ctx context.Context) error {
	b := c.strategy.NewBackoff()
	for {
		err := c.watch(ctx, b)
		err = c.handleWatchError(ctx, err, b)
		if err != nil {
			return err
		}
	}
}
