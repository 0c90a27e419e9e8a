// Package conn holds retry helpers of a connection type whose operation
// takes extra parameters (the connection to run on), as client libraries
// write them.
package conn

import (
	"context"
	"errors"
	"time"
)

type Conn struct{ id int }

type Pool struct{}

func (p *Pool) Get(ctx context.Context) (*Conn, error) { return &Conn{}, nil }
func (p *Pool) Put(cn *Conn)                           {}

type Client struct {
	pool       *Pool
	maxRetries int
}

var ErrBadConn = errors.New("bad conn")

func shouldRetry(err error) bool { return errors.Is(err, ErrBadConn) }

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// withConn runs fn on a pooled connection: it calls its parameter once.
func (c *Client) withConn(ctx context.Context, fn func(context.Context, *Conn) error) error { // want withConn:"callsparam\\(1\\)"
	cn, err := c.pool.Get(ctx)
	if err != nil {
		return err
	}
	defer c.pool.Put(cn)
	return fn(ctx, cn)
}

// withRetry runs the operation on a connection per attempt: the
// operation is called inside a literal handed to withConn.
func (c *Client) withRetry(ctx context.Context, fn func(context.Context, *Conn) error) error { // want withRetry:"callsparam\\(1\\)" withRetry:"retryhelper\\(1\\) inferred$"
	var lastErr error
	for attempt := 0; attempt <= c.maxRetries; attempt++ { // want "retry loop, attempt \\*ast.SelectorExpr \\[attempt-counter, waits, failure-goes-round\\]"
		if attempt > 0 {
			if err := sleep(ctx, time.Duration(attempt)*time.Millisecond); err != nil {
				return err
			}
		}
		lastErr = c.withConn(ctx, func(ctx context.Context, cn *Conn) error {
			return fn(ctx, cn)
		})
		if lastErr == nil || !shouldRetry(lastErr) {
			return lastErr
		}
	}
	return lastErr
}

// Process is a method whose operation takes the connection directly.
func (cn *Conn) Process(ctx context.Context, attempts int, op func(cn *Conn) error) error { // want Process:"callsparam\\(2\\)" Process:"retryhelper\\(2\\) inferred$"
	var err error
	for i := 0; i < attempts; i++ { // want "retry loop, attempt op \\[attempt-counter, waits, failure-goes-round\\]"
		if err = op(cn); err == nil {
			return nil
		}
		if err := sleep(ctx, time.Second); err != nil {
			return err
		}
	}
	return err
}

// --- look-alikes ------------------------------------------------------

// WithTx runs fn in a transaction: once, inside a literal handed to
// withConn, with no loop.
func (c *Client) WithTx(ctx context.Context, fn func(context.Context, *Conn) error) error { // want WithTx:"callsparam\\(1\\)"
	return c.withConn(ctx, func(ctx context.Context, cn *Conn) error {
		return fn(ctx, cn)
	})
}

// forEachConn runs fn on every connection of a list, inside a literal
// handed to withConn: a loop over a collection that does not wait.
func (c *Client) forEachConn(ctx context.Context, n int, fn func(context.Context, *Conn) error) error { // want forEachConn:"callsparam\\(2\\)"
	var errs []error
	for i := 0; i < n; i++ {
		if err := c.withConn(ctx, func(ctx context.Context, cn *Conn) error { return fn(ctx, cn) }); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
