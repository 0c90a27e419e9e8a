// Package wildlib holds context-aware waits that service code calls from
// another package.
package wildlib

import (
	"context"
	"errors"
	"time"
)

// Sleep waits d or until ctx is done.
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Backoff is a small exponential policy that waits with a context.
type Backoff struct {
	Base, Max time.Duration
}

// Wait sleeps the n-th backoff step or until ctx is done.
func (b Backoff) Wait(ctx context.Context, n int) error {
	d := b.Base << n
	if d > b.Max || d <= 0 {
		d = b.Max
	}
	return Sleep(ctx, d)
}

// IsContextError reports whether err is a context error.
func IsContextError(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
