package loops

import (
	"context"
	"time"
)

// Retrier answers whether to go again, with the wait, and an error of
// its own.
type Retrier interface {
	Retry(ctx context.Context, n int, err error) (time.Duration, bool, error)
}

// The verdict of a retry policy comes with its wait; an if tests it.
func performWithRetrier(ctx context.Context, r Retrier) error {
	for n := 1; ; n++ { // want "retry loop, attempt call \\[retry-policy, waits, failure-goes-round\\]"
		err := call()
		if err == nil {
			return nil
		}
		wait, again, rerr := r.Retry(ctx, n, err)
		if rerr != nil {
			return rerr
		}
		if !again {
			return err
		}
		time.Sleep(wait)
	}
}
