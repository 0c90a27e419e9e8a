// Package grown holds loops that serve a signal or run on success too,
// whose wait is a variable they grow on the failure path only: the state
// of a backoff between a failed attempt and the next.
package grown

import (
	"context"
	"math/rand/v2"
	"net"
	"time"
)

type conn struct{}

type pool struct {
	minWait, maxWait time.Duration
	reconnect        chan struct{}
	conns            chan *conn
}

func (p *pool) dial(ctx context.Context) (*conn, error) { return &conn{}, nil }

// A reconnect loop: each signal dials; a failed dial doubles the wait and
// signals again, so the next round retries after the wait.
func (p *pool) runReconnect(ctx context.Context) {
	wait := p.minWait
	waitCh := time.After(wait)
	for {
		select {
		case <-ctx.Done():
			return
		case <-waitCh:
		}
		select {
		case <-ctx.Done():
			return
		case <-p.reconnect:
		}
		c, err := p.dial(ctx)
		if err != nil {
			wait *= 2
			if wait > p.maxWait {
				wait = p.maxWait
			}
			p.reconnect <- struct{}{}
		} else {
			wait = p.minWait
			p.conns <- c
		}
		waitCh = time.After(wait) // want `backoff grown by a constant factor \(wait \*= 2\) between retry attempts has no random part`
	}
}

type flusher struct{ base, max time.Duration }

func (f *flusher) flush(ctx context.Context) error { return nil }

// A flush loop on a timer: a failed flush stretches the next delay.
func (f *flusher) run(ctx context.Context) {
	delay := f.base
	t := time.NewTimer(delay)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := f.flush(ctx); err != nil {
			delay = min(delay*2, f.max)
		} else {
			delay = f.base
		}
		t.Reset(delay) // want `backoff grown by a constant factor`
	}
}

// Twin: the wait is a random share of the grown backoff.
func (p *pool) runReconnectJittered(ctx context.Context) {
	wait := p.minWait
	waitCh := time.After(wait)
	for {
		select {
		case <-ctx.Done():
			return
		case <-waitCh:
		}
		select {
		case <-ctx.Done():
			return
		case <-p.reconnect:
		}
		c, err := p.dial(ctx)
		if err != nil {
			wait = min(wait*2, p.maxWait)
			p.reconnect <- struct{}{}
		} else {
			wait = p.minWait
			p.conns <- c
		}
		waitCh = time.After(wait/2 + rand.N(wait/2))
	}
}

type job struct{}

func (j *job) done(ctx context.Context) (bool, error) { return false, nil }

// Twin: a poll stretches its interval every round, failed or not.
func (j *job) wait(ctx context.Context) error {
	interval := 100 * time.Millisecond
	for {
		ok, err := j.done(ctx)
		if err != nil {
			interval *= 2
		}
		if ok {
			return nil
		}
		time.Sleep(interval)
		interval = interval * 3 / 2
	}
}

// Twin: the grown value is a failure count for the log; the wait is the
// caller's interval.
func (f *flusher) runEvery(ctx context.Context, every time.Duration) {
	misses := 1
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := f.flush(ctx); err != nil {
			misses *= 2
		} else {
			misses = 1
		}
		_ = misses
	}
}

type transport struct {
	ln       net.Listener
	shutdown chan struct{}
}

func (t *transport) handle(c net.Conn) {}

// Twin: a failed accept on the process's own listener (out of file
// descriptors) backs off: a local condition, no shared dependency.
func (t *transport) listen() {
	const baseDelay = 5 * time.Millisecond
	const maxDelay = time.Second
	var loopDelay time.Duration
	for {
		conn, err := t.ln.Accept()
		if err != nil {
			if loopDelay == 0 {
				loopDelay = baseDelay
			} else {
				loopDelay *= 2
			}
			if loopDelay > maxDelay {
				loopDelay = maxDelay
			}
			select {
			case <-t.shutdown:
				return
			case <-time.After(loopDelay):
				continue
			}
		}
		loopDelay = 0
		go t.handle(conn)
	}
}
