package n2

import (
	"context"
	"time"
)

// Contexts kept in a struct for the object's life. One that is only ever
// set to Background() (or TODO, WithoutCancel) can never be done: a loop
// that does not watch it loses nothing.

type transport struct {
	ctx  context.Context
	addr string
}

func newTransport(addr string) *transport {
	ctx := context.Background()
	return &transport{ctx: ctx, addr: addr}
}

func (t *transport) readWorker() { // want readWorker:"sleeps"
	delay := 100 * time.Millisecond
	for {
		if err := dial(t.addr); err != nil {
			time.Sleep(delay) // the only context here is never done
			continue
		}
		return
	}
}

type detachedJob struct{ ctx context.Context }

func startJob(parent context.Context) *detachedJob {
	j := &detachedJob{}
	j.ctx = context.WithoutCancel(parent)
	return j
}

func (j *detachedJob) flush() error { // want flush:"sleeps"
	var err error
	for i := 0; i < 3; i++ {
		if err = call(j.ctx); err == nil {
			return nil
		}
		time.Sleep(backoff(i)) // j.ctx is detached on purpose: never done
	}
	return err
}

// --- positives: the field can be done ---------------------------------

type session struct{ ctx context.Context }

func newSession(ctx context.Context) *session { return &session{ctx: ctx} }

func (s *session) resend() error { // want resend:"sleeps"
	var err error
	for i := 0; i < 3; i++ {
		if err = call(s.ctx); err == nil {
			return nil
		}
		time.Sleep(backoff(i)) // want `after the caller cancels s.ctx the loop still sleeps`
	}
	return err
}

// Closed by Close: a WithCancel of Background can be done.
type closer struct {
	ctx    context.Context
	cancel context.CancelFunc
}

func newCloser() *closer {
	ctx, cancel := context.WithCancel(context.Background())
	return &closer{ctx: ctx, cancel: cancel}
}

func (c *closer) Close() { c.cancel() }

func (c *closer) reconnect() error { // want reconnect:"sleeps"
	var err error
	for i := 0; i < 3; i++ {
		if err = call(c.ctx); err == nil {
			return nil
		}
		time.Sleep(backoff(i)) // want `after the caller cancels c.ctx the loop still sleeps`
	}
	return err
}

// Set in two places, once from a caller: it can be done.
type worker2 struct{ ctx context.Context }

func newWorker2() *worker2 { return &worker2{ctx: context.Background()} }

func newWorker2With(ctx context.Context) *worker2 { return &worker2{ctx: ctx} }

func (w *worker2) retry() error { // want retry:"sleeps"
	var err error
	for i := 0; i < 3; i++ {
		if err = call(w.ctx); err == nil {
			return nil
		}
		time.Sleep(backoff(i)) // want `after the caller cancels w.ctx the loop still sleeps`
	}
	return err
}
