// Package retry holds a hand-written retry helper. reslint infers that Do
// retries its op and exports the fact, so package app sees a retry scope
// in golangci-lint too (which analyses dependencies for facts).
package retry

import (
	"context"
	"math/rand/v2"
	"time"
)

// Do calls op until it succeeds or attempts run out, waiting longer after
// each failure (a random share of a growing backoff) and giving up when
// ctx is done.
func Do(ctx context.Context, attempts int, op func(context.Context) error) error {
	var err error
	for i := range attempts {
		if err = op(ctx); err == nil {
			return nil
		}
		t := time.NewTimer(rand.N(time.Duration(i+1) * 50 * time.Millisecond)) // full jitter
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}

// Attempt runs op up to n times without waiting. It is named by the
// retryfuncs setting in the e2e configuration rather than inferred.
func Attempt(n int, op func() error) error {
	var err error
	for range n {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}
