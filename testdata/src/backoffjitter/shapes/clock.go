package shapes

import (
	"context"
	"math/rand/v2"
	"time"
)

// Clock is a clock abstraction: the real clock in production, a fake one
// in tests. Its After is time.After.
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

type pool struct {
	clock   Clock
	closeCh chan struct{}
}

func (p *pool) dial(ctx context.Context) error { return call(ctx) }

// Positive: a doubling reconnect wait taken through the clock.
func (p *pool) reconnect(ctx context.Context) error {
	wait := 100 * time.Millisecond
	for {
		if err := p.dial(ctx); err == nil {
			return nil
		}
		select {
		case <-p.clock.After(wait): // want `backoff grown by a constant factor \(wait \*= 2\)`
		case <-p.closeCh:
			return context.Canceled
		}
		wait *= 2
		if wait > 10*time.Second {
			wait = 10 * time.Second
		}
	}
}

// Negative twin: the same wait with a random share.
func (p *pool) reconnectJittered(ctx context.Context) error {
	wait := 100 * time.Millisecond
	for {
		if err := p.dial(ctx); err == nil {
			return nil
		}
		select {
		case <-p.clock.After(wait/2 + rand.N(wait/2)):
		case <-p.closeCh:
			return context.Canceled
		}
		wait *= 2
		if wait > 10*time.Second {
			wait = 10 * time.Second
		}
	}
}

// Negative: a receive of a clock's channel that is no wait between
// attempts (a timeout on a reply).
func (p *pool) roundTrip(ctx context.Context, reply <-chan error) error {
	select {
	case err := <-reply:
		return err
	case <-p.clock.After(5 * time.Second):
		return context.DeadlineExceeded
	}
}

// Positive: the wait's channel is made at the end of one round and
// received at the top of the next.
func (p *pool) reconnectLoop(ctx context.Context) {
	wait := 100 * time.Millisecond
	waitCh := p.clock.After(wait)
	for {
		select {
		case <-ctx.Done():
			return
		case <-waitCh:
		}
		if err := p.dial(ctx); err == nil {
			return
		}
		wait *= 2
		waitCh = p.clock.After(wait) // want `backoff grown by a constant factor \(wait \*= 2\)`
	}
}

// Negative twin: the same shape with a random share.
func (p *pool) reconnectLoopJittered(ctx context.Context) {
	wait := 100 * time.Millisecond
	waitCh := p.clock.After(wait)
	for {
		select {
		case <-ctx.Done():
			return
		case <-waitCh:
		}
		if err := p.dial(ctx); err == nil {
			return
		}
		wait *= 2
		waitCh = p.clock.After(wait/2 + rand.N(wait/2))
	}
}
