// Package callee holds retry loops whose pause between attempts sits in a
// function they call on the failure path (a reconnect that sleeps before
// dialing), beside the same shapes whose callee waits on the context.
package callee

import (
	"context"
	"errors"
	"time"
)

type conn struct{}

func (c *conn) Close() error                         { return nil }
func (c *conn) Subscribe(ctx context.Context) error  { return nil }
func (c *conn) Ping(ctx context.Context) error       { return nil }
func dial(ctx context.Context) (*conn, error)        { return &conn{}, nil }
func send(ctx context.Context, payload []byte) error { return nil }

type persistentConn struct {
	conn *conn
}

// --- positives ---------------------------------------------------------------

// refresh takes the caller's context but pauses without it before it
// dials again.
func (p *persistentConn) refresh(ctx context.Context) error {
	if p.conn != nil {
		p.conn.Close()
		time.Sleep(250 * time.Millisecond) // want `time.Sleep in callee.persistentConn.refresh ignores ctx, and a retry loop calls it between attempts`
	}
	c, err := dial(ctx)
	if err != nil {
		return err
	}
	p.conn = c
	return nil
}

// do runs fn until it succeeds, reconnecting after each failure.
func (p *persistentConn) do(ctx context.Context, fn func() error) error {
	var err error
	for {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return err
		} else if err != nil {
			err = p.refresh(ctx)
		} else if err = fn(); err == nil {
			return nil
		}
	}
}

func (p *persistentConn) Subscribe(ctx context.Context) error {
	return p.do(ctx, func() error { return p.conn.Subscribe(ctx) })
}

type client struct {
	conn    *conn
	backoff time.Duration
}

// reconnect waits out the backoff on a bare timer receive.
func (c *client) reconnect(ctx context.Context) {
	<-time.After(c.backoff) // want `this timer wait in callee.client.reconnect ignores ctx, and a retry loop calls it between attempts`
	c.conn, _ = dial(ctx)
}

func (c *client) Send(ctx context.Context, payload []byte) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = send(ctx, payload); err == nil {
			return nil
		}
		c.reconnect(ctx)
	}
	return err
}

func (c *client) SendChecked(ctx context.Context, payload []byte) error {
	var lastErr error
	for attempt := 0; attempt < 5; attempt++ {
		if err := send(ctx, payload); err != nil {
			lastErr = err
			c.redial(ctx)
			continue
		}
		return nil
	}
	return lastErr
}

// settle takes no context and sleeps: a blind waiter.
func settle() { time.Sleep(time.Second) } // want settle:"sleeps"

// redial pauses through a blind waiter, though it was handed a context.
func (c *client) redial(ctx context.Context) {
	c.conn.Close()
	settle() // want `settle sleeps and takes no context, and a retry loop calls callee.client.redial between attempts`
	c.conn, _ = dial(ctx)
}

// --- negatives ---------------------------------------------------------------

type waitingConn struct {
	conn *conn
}

// refresh waits on the context and the timer: a cancelled caller ends the
// pause at once.
func (p *waitingConn) refresh(ctx context.Context) error { // want refresh:"honors\\(0\\)"
	if p.conn != nil {
		p.conn.Close()
		t := time.NewTimer(250 * time.Millisecond)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
	c, err := dial(ctx)
	if err != nil {
		return err
	}
	p.conn = c
	return nil
}

func (p *waitingConn) do(ctx context.Context, fn func() error) error {
	var err error
	for {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return err
		} else if err != nil {
			err = p.refresh(ctx)
		} else if err = fn(); err == nil {
			return nil
		}
	}
}

func (p *waitingConn) Ping(ctx context.Context) error {
	return p.do(ctx, func() error { return p.conn.Ping(ctx) })
}

type lazyConn struct {
	conn *conn
}

// refresh closes and dials again at once; a lingering close runs in a
// goroutine of its own and delays nobody.
func (p *lazyConn) refresh(ctx context.Context) error {
	if old := p.conn; old != nil {
		go func() {
			time.Sleep(time.Second)
			old.Close()
		}()
	}
	c, err := dial(ctx)
	if err != nil {
		return err
	}
	p.conn = c
	return nil
}

func (p *lazyConn) do(ctx context.Context, fn func() error) error {
	var err error
	for {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return err
		} else if err != nil {
			err = p.refresh(ctx)
		} else if err = fn(); err == nil {
			return nil
		}
	}
}

func (p *lazyConn) Ping(ctx context.Context) error {
	return p.do(ctx, func() error { return p.conn.Ping(ctx) })
}

// waitReady polls a status in a loop of its own and stops at the first
// error; its pacing is its own loop's business, not a pause of the
// caller's retry.
func (c *client) waitReady(ctx context.Context) error {
	for i := 0; i < 10; i++ {
		if err := c.conn.Ping(ctx); err != nil {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return nil
}

func (c *client) SendWhenReady(ctx context.Context, payload []byte) error { // want SendWhenReady:"honors\\(0\\)"
	t := time.NewTimer(0)
	defer t.Stop()
	for attempt := 0; attempt < 5; attempt++ {
		err := send(ctx, payload)
		if err == nil {
			return nil
		}
		if err := c.waitReady(ctx); err != nil {
			return err
		}
		t.Reset(time.Second)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
	return errors.New("gave up")
}

// throttledSend is the attempt itself: a rate limit inside the attempt
// is no pause between attempts.
func (c *client) throttledSend(ctx context.Context, payload []byte) error {
	time.Sleep(10 * time.Millisecond)
	return send(ctx, payload)
}

func (c *client) SendThrottled(ctx context.Context, payload []byte) error { // want SendThrottled:"honors\\(0\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.throttledSend(ctx, payload); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// Flush runs a step on every round, failed or not: the pause in
// prepare is not on the failure path.
func (c *client) prepare(ctx context.Context) {
	time.Sleep(time.Millisecond)
	c.conn, _ = dial(ctx)
}

func (c *client) Flush(ctx context.Context, payload []byte) error { // want Flush:"honors\\(0\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		c.prepare(ctx)
		if err = send(ctx, payload); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// A retry spelled with a backward goto: the reconnect on its failure
// path pauses without the context it is handed.
func (c *client) reopen(ctx context.Context) {
	c.conn.Close()
	time.Sleep(500 * time.Millisecond) // want `time.Sleep in callee.client.reopen ignores ctx, and a retry loop calls it between attempts`
	c.conn, _ = dial(ctx)
}

func (c *client) SendGoto(ctx context.Context, payload []byte) error {
	attempts := 0
retry:
	err := send(ctx, payload)
	if err != nil && attempts < 3 {
		attempts++
		c.reopen(ctx)
		goto retry
	}
	return err
}

// sleepCtx waits on the context and the timer.
func sleepCtx(ctx context.Context, d time.Duration) error { // want sleepCtx:"sleeps\\(1\\) honors\\(0\\)"
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func upload(ctx context.Context, payload []byte) (int, error) { return len(payload), nil }

// A goto retry whose failure test is a disjunction, waiting on the
// context: nothing to report.
func (c *client) UploadGoto(ctx context.Context, payload []byte) error { // want UploadGoto:"honors\\(0\\)"
	d := 15 * time.Millisecond
redo:
	n, err := upload(ctx, payload)
	if n != len(payload) || err != nil {
		if err := sleepCtx(ctx, d); err != nil {
			return err
		}
		d *= 2
		goto redo
	}
	return nil
}
