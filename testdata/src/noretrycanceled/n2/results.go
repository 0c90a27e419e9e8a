package n2

import (
	"context"
	"time"
)

// Retry loops that decide on a result value or a verdict handed the
// error inline ignore the context like any other.

func tryLock(ctx context.Context, key string) (bool, error) { return false, nil }

type lockBackoff interface{ NextBackoff() time.Duration }

// A lock not obtained is retried with backoff, sleeping blindly.
func lockSleeps(ctx context.Context, key string, b lockBackoff) error {
	for {
		ok, err := tryLock(ctx, key)
		if err != nil {
			return err
		} else if ok {
			return nil
		}
		time.Sleep(b.NextBackoff()) // want `time.Sleep in a retry loop cannot be interrupted: after the caller cancels ctx`
	}
}

// Twin: the same loop waits in a select on ctx.Done().
func lockSelects(ctx context.Context, key string, b lockBackoff) error { // want lockSelects:"honors\\(0\\)"
	for {
		ok, err := tryLock(ctx, key)
		if err != nil {
			return err
		} else if ok {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(b.NextBackoff()):
		}
	}
}

type reply struct{ err error }

func (r reply) Error() error { return r.err }

func send(ctx context.Context) reply { return reply{} }
func retryable(err error) bool       { return err != nil }

// A goto loop taken on a verdict handed the error inline.
func gotoVerdictSleeps(ctx context.Context) reply {
	attempts := 1
retry:
	r := send(ctx)
	if retryable(r.Error()) && attempts < 3 {
		attempts++
		time.Sleep(time.Duration(attempts) * 100 * time.Millisecond) // want `time.Sleep in a retry loop cannot be interrupted: after the caller cancels ctx`
		goto retry
	}
	return r
}

// Twin: the same goto loop waits in a select on ctx.Done().
func gotoVerdictSelects(ctx context.Context) reply { // want gotoVerdictSelects:"honors\\(0\\)"
	attempts := 1
retry:
	r := send(ctx)
	if retryable(r.Error()) && attempts < 3 {
		attempts++
		select {
		case <-ctx.Done():
			return r
		case <-time.After(time.Duration(attempts) * 100 * time.Millisecond):
		}
		goto retry
	}
	return r
}
