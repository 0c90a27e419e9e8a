// Package connuse calls the connection helpers of another package, and
// drives a known library with its own BackOff.
package connuse

import (
	"context"
	"time"

	"github.com/cenkalti/backoff/v4"

	"retryscope/conn"
)

func ping(ctx context.Context, cn *conn.Conn) {
	_ = cn.Process(ctx, 3, func(cn *conn.Conn) error { // want "retry closure of conn.Conn.Process \\[inferred-helper\\]"
		return nil
	})
}

// stepBackOff is the code base's own BackOff: a struct with NextBackOff
// and Reset, handed to backoff.Retry.
type stepBackOff struct {
	step, max time.Duration
	cur       time.Duration
}

func (b *stepBackOff) NextBackOff() time.Duration {
	if b.cur >= b.max {
		return backoff.Stop
	}
	b.cur += b.step
	return b.cur
}

func (b *stepBackOff) Reset() { b.cur = 0 }

func send(ctx context.Context) error {
	b := &stepBackOff{step: time.Second, max: 10 * time.Second}
	return backoff.Retry(func() error { // want "retry closure of backoff.Retry \\[known-library\\]"
		return nil
	}, backoff.WithContext(b, ctx))
}

func sendNotify(ctx context.Context) error {
	return backoff.RetryNotify(func() error { // want "retry closure of backoff.RetryNotify \\[known-library\\]"
		return nil
	}, &stepBackOff{step: time.Second, max: time.Minute}, func(err error, d time.Duration) {})
}

// Negative: a transaction helper of another package runs its operation
// once (its facts say it calls the operation, not that it retries it).
func tx(ctx context.Context, c *conn.Client) error {
	return c.WithTx(ctx, func(ctx context.Context, cn *conn.Conn) error {
		return nil
	})
}
