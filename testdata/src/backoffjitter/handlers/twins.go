package handlers

import (
	"context"
	"math/rand"
	"time"
)

// recoverJittered pauses a random share of two seconds.
func (c *client) recoverJittered(ctx context.Context, err error) {
	c.conn.close()
	time.Sleep(time.Second + time.Duration(rand.Int63n(int64(time.Second))))
	_ = c.conn.dial(ctx)
}

// Twin: the handler's pause is jittered.
func (c *client) SendJittered(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = c.conn.send(ctx); err == nil {
			return nil
		}
		c.recoverJittered(ctx, err)
	}
	return err
}

// pace spaces the calls of every attempt, failed or not.
func (c *client) pace() {
	time.Sleep(time.Second)
}

// Twin: a pause before every attempt is no failure handler.
func (c *client) SendPaced(ctx context.Context) error {
	for attempt := 0; attempt < 3; attempt++ {
		c.pace()
		err := c.conn.send(ctx)
		if err == nil {
			return nil
		}
	}
	return nil
}

// waitOpen polls until the connection is open again.
func (c *client) waitOpen(ctx context.Context, err error) {
	for !c.conn.open {
		time.Sleep(time.Second)
	}
}

// Twin: the handler polls in a loop of its own, it does not back off once.
func (c *client) SendAfterPoll(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = c.conn.send(ctx); err == nil {
			return nil
		}
		c.waitOpen(ctx, err)
	}
	return err
}

// Twin: the caller hands on a policy it was given: it may jitter.
func (c *client) WatchWith(ctx context.Context, b backoff) error {
	for {
		err := c.watch(ctx, b)
		err = c.handleWatchError(ctx, err, b)
		if err != nil {
			return err
		}
	}
}

// Twin: the session's error decides before the handler: not a restart
// loop (and the handler's wait is judged at its other calls).
func (c *client) WatchOnce(ctx context.Context) error {
	b := c.strategy.NewBackoff()
	for {
		err := c.watch(ctx, b)
		if err == errFatal {
			return err
		}
		if herr := c.handleShort(ctx, err); herr != nil {
			return herr
		}
	}
}

// handleShort waits a short pause.
func (c *client) handleShort(ctx context.Context, err error) error {
	select {
	case <-time.After(50 * time.Millisecond):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// jittered draws a random share of the backoff.
type jittered struct{ n int }

func (b *jittered) Next() time.Duration { // want Next:"returns random"
	b.n++
	return time.Duration(rand.Int63n(int64(time.Second) << b.n))
}

func (b *jittered) Reset() { b.n = 0 }

// handleJittered waits the policy's next backoff.
func (c *client) handleJittered(ctx context.Context, err error, b backoff) error {
	select {
	case <-time.After(b.Next()):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Twin: the handler's policy is the package's jittered one.
func (c *client) WatchJittered(ctx context.Context) error {
	var b backoff = &jittered{}
	for {
		err := c.watch(ctx, b)
		err = c.handleJittered(ctx, err, b)
		if err != nil {
			return err
		}
	}
}
