package polls

import (
	"context"
	"errors"
	"os"
	"time"
)

// --- positives: polls whose check swallows the read's error -----------------

// A failed read answers "not flushed yet", so the loop waits and reads
// again: the read is retried, and the pause ignores ctx.
func (c *client) waitFlushed(ctx context.Context, id string) error {
	flushed := func() bool {
		j, err := c.getJob(ctx, id)
		if err != nil {
			return false
		}
		return j.Done
	}
	for !flushed() {
		select {
		case <-ctx.Done():
			return errors.New("deadline exceeded")
		default:
		}
		time.Sleep(200 * time.Millisecond) // want `time.Sleep in a retry loop cannot be interrupted`
	}
	return nil
}

// pending answers "still pending" when the read fails.
func (c *client) pending(ctx context.Context, id string) bool {
	j, err := c.getJob(ctx, id)
	if err != nil {
		return true
	}
	return !j.Done
}

func (c *client) waitPending(ctx context.Context, id string) {
	for c.pending(ctx, id) {
		time.Sleep(time.Second) // want `time.Sleep in a retry loop cannot be interrupted`
	}
}

// --- negatives ---------------------------------------------------------------

// A failed read answers "done": the loop stops at the first error, a
// poll.
func (c *client) waitSettled(ctx context.Context, id string) {
	settled := func() bool {
		j, err := c.getJob(ctx, id)
		if err != nil {
			return true
		}
		return j.Done
	}
	for !settled() {
		time.Sleep(time.Second)
	}
}

// The same swallowing check, waited for on ctx.Done() and a timer.
func (c *client) waitFlushedCtx(ctx context.Context, id string) error { // want waitFlushedCtx:"honors\\(0\\)"
	flushed := func() bool {
		j, err := c.getJob(ctx, id)
		if err != nil {
			return false
		}
		return j.Done
	}
	t := time.NewTimer(200 * time.Millisecond)
	defer t.Stop()
	for !flushed() {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			t.Reset(200 * time.Millisecond)
		}
	}
	return nil
}

// No context in scope: a wait for a file to appear.
func waitFile(path string) { // want waitFile:"sleeps"
	exists := func() bool {
		_, err := os.Stat(path)
		if err != nil {
			return false
		}
		return true
	}
	for !exists() {
		time.Sleep(time.Second)
	}
}

// A short constant pause against a busy loop delays nothing that matters.
func (c *client) spinFlushed(ctx context.Context, id string) {
	for c.pending(ctx, id) {
		time.Sleep(10 * time.Millisecond)
	}
}

// A check that reads no error: a local condition polled.
func (c *client) waitLocal(ctx context.Context, ready func() bool) {
	for !ready() {
		time.Sleep(time.Second)
	}
}
