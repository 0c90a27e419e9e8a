package restarts

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

type conn struct{}

func (conn) next(ctx context.Context) (string, error) { return "", errors.New("closed") }

type listener struct {
	handle func(string)
}

// listen is a session: it runs until the connection breaks.
func (l *listener) listen(ctx context.Context) error {
	var c conn
	for {
		msg, err := c.next(ctx)
		if err != nil {
			return err
		}
		l.handle(msg)
	}
}

// Reconnecting after a constant delay: every listener of a fleet comes
// back at the same instant after the database restarts.
func (l *listener) run(ctx context.Context) error {
	for {
		if err := l.listen(ctx); err != nil {
			println(err.Error())
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(5 * time.Second): // want `constant wait 5s between reconnects has no random part`
		}
	}
}

// Doubling without a random part: the fleet still reconnects in lock step.
func (l *listener) runDoubling(ctx context.Context) error {
	delay := time.Second
	for {
		l.listen(ctx)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay): // want `backoff grown by a constant factor \(.*\) between reconnects has no random part`
		}
		delay = min(2*delay, time.Minute)
	}
}

// Twin: a random part spreads the reconnects.
func (l *listener) runJittered(ctx context.Context) error {
	for {
		l.listen(ctx)
		d := time.Second + rand.N(time.Second)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
		}
	}
}

// flush is a job that finishes: a periodic flush, not a session.
func (l *listener) flush() {}

// Twin: a periodic job at a fixed interval is no restart loop.
func (l *listener) flusher(ctx context.Context) {
	for {
		l.flush()
		select {
		case <-ctx.Done():
			return
		case <-time.After(5 * time.Second):
		}
	}
}

// Twin: the session's error ends the loop, so a wait follows only a
// session that ended cleanly: a periodic run, not a reconnect after a
// failure.
func (l *listener) runUntilFailure(ctx context.Context) error {
	for {
		if err := l.listen(ctx); err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(5 * time.Second):
		}
	}
}
