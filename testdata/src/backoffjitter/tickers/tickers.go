// Package tickers holds retry loops paced by a ticker made before the
// loop: its ticks stay on the grid of its creation however long each
// attempt takes.
package tickers

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

var errClosed = errors.New("closed")

type Opts struct {
	Reconnect     time.Duration
	MaxReconnects uint
}

type Conn struct {
	opts Opts
}

func (c *Conn) connect(ctx context.Context) error { return nil }

func (c *Conn) Close() { c.opts.Reconnect = 0 }

// runReconnects redials on every tick of the configured interval.
func (c *Conn) runReconnects(ctx context.Context) error {
	var err error
	t := time.NewTicker(c.opts.Reconnect) // want `constant ticker period c.opts.Reconnect \(a setting\) between retry attempts has no random part`
	defer t.Stop()
	for reconnects := uint(0); c.opts.MaxReconnects == 0 || reconnects <= c.opts.MaxReconnects; reconnects++ {
		err = c.connect(ctx)
		if err == nil {
			return nil
		}
		if errors.Is(err, errClosed) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}

// dialTick paces its attempts with time.Tick.
func dialTick(ctx context.Context, c *Conn) error {
	tick := time.Tick(5 * time.Second) // want `constant ticker period 5s between retry attempts has no random part`
	for attempt := 0; attempt < 10; attempt++ {
		if err := c.connect(ctx); err == nil {
			return nil
		}
		<-tick
	}
	return errClosed
}

// Twins.

// dialEvery takes its period from the caller, who may have jittered it.
func dialEvery(ctx context.Context, c *Conn, every time.Duration) error {
	t := time.NewTicker(every)
	defer t.Stop()
	for attempt := 0; attempt < 10; attempt++ {
		if err := c.connect(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
	return errClosed
}

// dialJittered gives every client its own period.
func dialJittered(ctx context.Context, c *Conn) error {
	t := time.NewTicker(time.Second + rand.N(time.Second))
	defer t.Stop()
	for attempt := 0; attempt < 10; attempt++ {
		if err := c.connect(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
	return errClosed
}

// dialReset sets a jittered period after every failure.
func dialReset(ctx context.Context, c *Conn) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for attempt := 0; attempt < 10; attempt++ {
		if err := c.connect(ctx); err == nil {
			return nil
		}
		t.Reset(time.Second/2 + rand.N(time.Second))
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
	return errClosed
}

// dialFast polls every 50ms: short polls drift apart by themselves.
func dialFast(ctx context.Context, c *Conn) error {
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	for attempt := 0; attempt < 10; attempt++ {
		if err := c.connect(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
	return errClosed
}

// refresh is a periodic job, not a retry: it never leaves on success.
func refresh(ctx context.Context, c *Conn) {
	t := time.NewTicker(30 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_ = c.connect(ctx)
		}
	}
}

type Client struct{}

func (c *Client) Publish(ctx context.Context, payload string) (string, error) { return "", nil }

// publishEvery publishes on every tick: the work runs on the tick, a
// periodic job, not a retry paced by the ticker.
func publishEvery(ctx context.Context, c *Client) {
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-ticker.C:
			if _, err := c.Publish(ctx, "ping"); err != nil {
				if ctx.Err() == nil {
					panic(err)
				}
			}
			continue
		case <-ctx.Done():
		}
		break
	}
}
