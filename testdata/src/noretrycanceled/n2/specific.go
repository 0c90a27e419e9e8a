package n2

import (
	"context"
	"errors"
	"time"
)

// Retry loops that go round on one kind of failure only (the target is
// busy) and leave on any other error.

var errNotAttached = errors.New("target not attached")

type tab struct {
	ctx context.Context
}

func (t *tab) closeTarget(ctx context.Context) error { return nil }

func (t *tab) Close() error { // want Close:"sleeps"
	for {
		err := t.closeTarget(t.ctx)
		if errors.Is(err, errNotAttached) {
			time.Sleep(100 * time.Millisecond) // want `time.Sleep in a retry loop cannot be interrupted: after the caller cancels t.ctx`
			continue
		} else if err != nil {
			return err
		}
		return nil
	}
}

// Twin: the wait selects on the tab's context.
func (t *tab) CloseCtx() error {
	for {
		err := t.closeTarget(t.ctx)
		if errors.Is(err, errNotAttached) {
			tm := time.NewTimer(100 * time.Millisecond)
			select {
			case <-t.ctx.Done():
				tm.Stop()
				return t.ctx.Err()
			case <-tm.C:
			}
			continue
		} else if err != nil {
			return err
		}
		return nil
	}
}

type plainTab struct{ id string }

func (t *plainTab) closeTarget() error { return nil }

// Twin: no context anywhere in scope.
func (t *plainTab) Close() error { // want Close:"sleeps"
	for {
		err := t.closeTarget()
		if errors.Is(err, errNotAttached) {
			time.Sleep(100 * time.Millisecond)
			continue
		} else if err != nil {
			return err
		}
		return nil
	}
}

// Twin: the release is detached on purpose so that it finishes after
// the caller left; its context can never be done.
func releaseTab(ctx context.Context, closeTarget func(context.Context) error) error {
	ctx = context.WithoutCancel(ctx)
	for {
		err := closeTarget(ctx)
		if errors.Is(err, errNotAttached) {
			time.Sleep(100 * time.Millisecond)
			continue
		} else if err != nil {
			return err
		}
		return nil
	}
}
