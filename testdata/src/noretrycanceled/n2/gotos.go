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
func gotoSelects(ctx context.Context) error { // want gotoSelects:"honors\\(0\\)"
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

// A goto loop that sends the items an attempt failed on back again, with
// no counter: it never consults ctx and sleeps blindly.

type backMsg struct{ tries int }

func sendBack(ctx context.Context, m *backMsg) bool { return m != nil }

func ackFailed(ctx context.Context, msgs []*backMsg) {
RETRY:
	var failed []*backMsg
	for _, m := range msgs {
		if sendBack(ctx, m) {
			continue
		} else {
			m.tries++
			failed = append(failed, m)
		}
	}
	if len(failed) > 0 {
		msgs = failed
		time.Sleep(5 * time.Second) // want `time.Sleep in a retry loop cannot be interrupted: after the caller cancels ctx`
		goto RETRY
	}
}

// Negative twin: the wait selects on ctx.Done() and leaves.
func ackFailedCtx(ctx context.Context, msgs []*backMsg) { // want ackFailedCtx:"honors\\(0\\)"
RETRY:
	var failed []*backMsg
	for _, m := range msgs {
		if !sendBack(ctx, m) {
			failed = append(failed, m)
		}
	}
	if len(failed) > 0 {
		msgs = failed
		select {
		case <-ctx.Done():
			return
		case <-time.After(5 * time.Second):
		}
		goto RETRY
	}
}

// Negative twin: the items collected are the delivered ones; the pause
// paces the next page.
func drainDelivered(ctx context.Context, msgs []*backMsg) {
again:
	var delivered []*backMsg
	for _, m := range msgs {
		if sendBack(ctx, m) {
			delivered = append(delivered, m)
		}
	}
	if len(delivered) > 0 {
		time.Sleep(time.Second)
		goto again
	}
}
