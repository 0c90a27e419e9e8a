package spin

import (
	"context"
	"errors"
	"time"
)

type state int

const ready state = 1

type cluster struct{ st state }

func (c *cluster) state() state { return c.st }

var errTimeout = errors.New("timed out waiting")

// Positive: a wait until the cluster is ready (no attempt, no error): the
// Done case leaves only on the deadline, so a cancelled context spins the
// loop.
func (c *cluster) waitReady(ctx context.Context, d time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	for {
		if c.state() == ready {
			return nil
		}
		select {
		case <-ctx.Done(): // want `case <-ctx.Done\(\) does not leave the loop`
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return errTimeout
			}
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// Negative twins: the Done case leaves on every error; the loop's
// condition checks the context.
func (c *cluster) waitReadyLeaves(ctx context.Context) error { // want waitReadyLeaves:"honors\\(0\\)"
	for {
		if c.state() == ready {
			return nil
		}
		select {
		case <-ctx.Done():
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return errTimeout
			}
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func (c *cluster) waitReadyCond(ctx context.Context) error {
	for ctx.Err() == nil {
		if c.state() == ready {
			return nil
		}
		select {
		case <-ctx.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
	return ctx.Err()
}

// Negative: a periodic job whose Done case sets the flag the loop tests.
func (c *cluster) watch(ctx context.Context) {
	stopped := false
	for !stopped {
		select {
		case <-ctx.Done():
			stopped = true
		case <-time.After(time.Second):
			_ = c.state()
		}
	}
}
