package n2

import (
	"context"
	"time"
)

// Retry loops spelled with goto ignore the context the same way.

func gotoSleeps(ctx context.Context) error {
	attempt := 0
retry:
	err := call(ctx)
	if err != nil && attempt < 3 {
		attempt++
		time.Sleep(backoff(attempt)) // want `time.Sleep in a retry loop cannot be interrupted: after the caller cancels ctx`
		goto retry
	}
	return err
}

// Negative twin: the wait selects on ctx.Done().
func gotoSelects(ctx context.Context) error { // want gotoSelects:"ctx honors\\(0\\)"
	attempt := 0
retry:
	err := call(ctx)
	if err != nil && attempt < 3 {
		attempt++
		t := time.NewTimer(backoff(attempt))
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		goto retry
	}
	return err
}
