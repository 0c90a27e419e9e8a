// Package neverdone holds retry loops whose per-attempt timeouts derive
// from a context that can never be done (Background, TODO,
// WithoutCancel): its Err() is always nil, so there is no parent to check
// before classifying the attempt's error.
package neverdone

import (
	"context"
	"errors"
	"net"
	"time"
)

type ctxKey struct{}

type batch struct{ items []string }

type client struct{}

func (c *client) send(ctx context.Context, b batch) error { return nil }

func shouldResend(err error) bool {
	if errors.Is(err, context.Canceled) {
		return false
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func pause(d time.Duration) <-chan time.Time { return time.After(d) }

// --- negatives -------------------------------------------------------------

// flush must finish even when the request that triggered it goes away.
func (c *client) flush(ctx context.Context, b batch) error {
	bg := context.WithoutCancel(ctx)
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		actx, cancel := context.WithTimeout(bg, 2*time.Second)
		err = c.send(actx, b)
		cancel()
		if err == nil || !shouldResend(err) {
			return err
		}
		<-pause(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return err
}

// The parameter itself is detached before the loop.
func (c *client) audit(ctx context.Context, b batch) error {
	ctx = context.WithoutCancel(ctx)
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		actx, cancel := context.WithTimeout(ctx, time.Second)
		err = c.send(actx, b)
		cancel()
		if !shouldResend(err) {
			return err
		}
	}
	return err
}

// A command-line job: no caller, the root context carries values only.
func migrate(c *client, b batch) error {
	root := context.WithValue(context.Background(), ctxKey{}, "migrate")
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		actx, cancel := context.WithTimeout(root, 10*time.Second)
		err = c.send(actx, b)
		cancel()
		if err == nil || !shouldResend(err) {
			return err
		}
	}
	return err
}

// A start-up job: its context only carries values, so a blind sleep
// between attempts ignores nobody.
func warmUp(c *client, b batch) error { // want warmUp:"sleeps"
	ctx := context.WithValue(context.TODO(), ctxKey{}, "warm-up")
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.send(ctx, b); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// --- positives -------------------------------------------------------------

// A value added to the caller's context keeps its cancellation.
func (c *client) tagged(ctx context.Context, b batch) error {
	vctx := context.WithValue(ctx, ctxKey{}, "tagged")
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		actx, cancel := context.WithTimeout(vctx, time.Second)
		err = c.send(actx, b)
		cancel()
		if !shouldResend(err) { // want `the attempt's error is classified before vctx.Err\(\) is checked`
			return err
		}
	}
	return err
}

// Detached after the loop: the loop's parent is still the caller's.
func (c *client) late(ctx context.Context, b batch) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		actx, cancel := context.WithTimeout(ctx, time.Second)
		err = c.send(actx, b)
		cancel()
		if !shouldResend(err) { // want `the attempt's error is classified before ctx.Err\(\) is checked`
			break
		}
	}
	ctx = context.WithoutCancel(ctx)
	_ = c.send(ctx, b)
	return err
}
