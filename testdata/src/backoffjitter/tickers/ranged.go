package tickers

import (
	"context"
	"log"
	"time"
)

// Retry loops that range over a ticker's channel: each round waits for
// the next tick, then runs the attempt.

// registerOnTicks registers again on every tick until it succeeds.
func (c *Conn) registerOnTicks(ctx context.Context) error {
	ticker := time.NewTicker(time.Second) // want `constant ticker period 1s between retry attempts has no random part`
	defer ticker.Stop()
	for range ticker.C {
		if err := c.connect(ctx); err != nil {
			log.Printf("register: %v", err)
			continue
		}
		return nil
	}
	return nil
}

// keepAlive checks for the stop signal first, in a select that ends the
// loop body: a break out of it goes round to the next tick.
func (c *Conn) keepAlive(ctx context.Context, quit <-chan struct{}) error {
	ticker := time.NewTicker(2 * time.Second) // want `constant ticker period 2s between retry attempts has no random part`
	defer ticker.Stop()
	for range ticker.C {
		select {
		case <-quit:
			return nil
		default:
			if err := c.connect(ctx); err != nil {
				log.Printf("keepalive: %v", err)
				break
			}
			return nil
		}
	}
	return nil
}

// dialOnTicks ranges over time.Tick.
func dialOnTicks(ctx context.Context, c *Conn) error {
	for range time.Tick(3 * time.Second) { // want `constant ticker period 3s between retry attempts has no random part`
		if err := c.connect(ctx); err == nil {
			return nil
		}
	}
	return nil
}

// --- twins ---

// A periodic job: it runs on every tick, failed or not, and never leaves
// on success.
func (c *Conn) refreshOnTicks(ctx context.Context) {
	ticker := time.NewTicker(time.Minute)
	defer ticker.Stop()
	for range ticker.C {
		if err := c.connect(ctx); err != nil {
			log.Printf("refresh: %v", err)
		}
	}
}

// The period is the caller's: it may have jittered it.
func (c *Conn) registerEvery(ctx context.Context, every time.Duration) error {
	ticker := time.NewTicker(every)
	defer ticker.Stop()
	for range ticker.C {
		if err := c.connect(ctx); err != nil {
			continue
		}
		return nil
	}
	return nil
}

// The ticker is reset as the loop goes: its period is not one value.
func (c *Conn) registerBackingOff(ctx context.Context) error {
	d := time.Second
	ticker := time.NewTicker(d)
	defer ticker.Stop()
	for range ticker.C {
		if err := c.connect(ctx); err != nil {
			d *= 2
			ticker.Reset(d)
			continue
		}
		return nil
	}
	return nil
}

// A short poll of a few hundred milliseconds at most drifts apart by itself.
func (c *Conn) registerQuickly(ctx context.Context) error {
	ticker := time.NewTicker(50 * time.Millisecond)
	defer ticker.Stop()
	for range ticker.C {
		if err := c.connect(ctx); err == nil {
			return nil
		}
	}
	return nil
}

// A range over a channel of work items is no wait: each round takes a
// new item.
func (c *Conn) sendEach(ctx context.Context, items <-chan string) error {
	for range items {
		if err := c.connect(ctx); err != nil {
			continue
		}
		return nil
	}
	return nil
}
