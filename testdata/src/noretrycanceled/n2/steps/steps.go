// Package steps holds work loops whose failure path waits and goes
// round: the failed step runs again after the wait, and a blind wait
// there outlives the caller's cancellation.
package steps

import (
	"context"
	"errors"
	"time"
)

type entry struct{}

type queue interface {
	Peek() (*entry, error)
	Leave(e *entry) error
}

var errEmpty = errors.New("empty")

func publish(ctx context.Context, e *entry) error { return ctx.Err() } // want publish:"honors\\(0\\)"

func sendQueued(ctx context.Context, q queue) error {
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		e, err := q.Peek()
		if errors.Is(err, errEmpty) {
			return nil
		} else if err != nil {
			time.Sleep(time.Second) // want `time.Sleep in a retry loop cannot be interrupted: after the caller cancels ctx`
			continue
		}
		if err := publish(ctx, e); err != nil {
			_ = q.Leave(e)
			time.Sleep(time.Second) // want `time.Sleep in a retry loop cannot be interrupted`
			continue
		}
	}
}

// Twins: the failure path waits in a select on ctx.Done(), pauses only
// against a busy loop, leaves, or runs with no context in scope; a range
// loop moves on to the next item.
func sendQueuedCtx(ctx context.Context, q queue) error {
	for {
		e, err := q.Peek()
		if errors.Is(err, errEmpty) {
			return nil
		} else if err != nil {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Second):
			}
			continue
		}
		if err := publish(ctx, e); err != nil {
			time.Sleep(10 * time.Millisecond)
			continue
		}
	}
}

func sendNoCtx(q queue) { // want sendNoCtx:"sleeps"
	for {
		if _, err := q.Peek(); err != nil {
			time.Sleep(time.Second)
			continue
		}
	}
}

func sendAll(ctx context.Context, items []*entry) {
	for _, e := range items {
		if err := publish(ctx, e); err != nil {
			time.Sleep(time.Second)
			continue
		}
	}
}

func sendOrFail(ctx context.Context, q queue) error {
	for {
		e, err := q.Peek()
		if err != nil {
			time.Sleep(time.Second)
			return err
		}
		if err := publish(ctx, e); err != nil {
			return err
		}
	}
}

// Twin: the only context in scope can never be done: nothing to notice
// late.
func sendDetached(q queue) { // want sendDetached:"sleeps"
	ctx := context.Background()
	for {
		e, err := q.Peek()
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		_ = publish(ctx, e)
	}
}
