package b4

import (
	"context"
	"errors"
)

// ticks ticks until ctx is done.
func ticks(ctx context.Context) <-chan struct{} {
	if ctx.Err() != nil {
		return nil
	}
	return make(chan struct{})
}

// A root with its own deferred cancel handed to the ticker, while the
// function itself selects on the caller's ctx.Done(): the ticker lives as
// long as this function, and the caller's cancellation is honored here.
func waitFor(ctx context.Context, cond func() bool) error {
	waitCtx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := ticks(waitCtx)
	for {
		select {
		case <-c:
			if cond() {
				return nil
			}
		case <-ctx.Done():
			return errors.New("timed out")
		}
	}
}

// The same root without a watch of the caller's context is detached.
func waitForDetached(ctx context.Context, cond func() bool) error {
	waitCtx, cancel := context.WithCancel(context.Background()) // want `context.Background\(\) passed to b4.ticks detaches the call`
	defer cancel()
	for range ticks(waitCtx) {
		if cond() {
			return nil
		}
	}
	return errors.New("closed")
}
