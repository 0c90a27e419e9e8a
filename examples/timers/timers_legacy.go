//go:build go1.22

// This file is compiled as go1.22: the build constraint lowers its language
// version below the module's go1.26 (pass.TypesInfo.FileVersions reports
// go1.22), and a program built from it may run with the old timer
// semantics. So timerstop applies T1-T4 here.

package timers

import (
	"context"
	"errors"
	"log"
	"time"
)

// Prober waits for a dependency to become ready.
type Prober struct {
	Ready func() bool
	Every time.Duration
}

// WaitReady polls until the dependency is ready.
func (p *Prober) WaitReady(ctx context.Context) error {
	// BAD(T1): the ticker is never stopped: before Go 1.23 it keeps ticking, and stays in memory, for the life of the process; defer t.Stop().
	t := time.NewTicker(p.Every)
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			if p.Ready() {
				return nil
			}
		}
	}
}

// WaitHealthy polls until the dependency is ready: the same loop, done right.
func (p *Prober) WaitHealthy(ctx context.Context) error {
	t := time.NewTicker(p.Every)
	defer t.Stop() // GOOD: stopped on every path
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			if p.Ready() {
				return nil
			}
		}
	}
}

// ErrIdle is returned when a consumer saw no event for its Idle period.
var ErrIdle = errors.New("consumer: idle timeout")

// Consumer handles events and gives up after Idle without one.
type Consumer struct {
	Events <-chan string
	Idle   time.Duration
	Handle func(string)
}

// Run consumes events until ctx is done or the stream goes idle.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case ev := <-c.Events:
			c.Handle(ev)
		// BAD(T2): a new timer per event: before Go 1.23 each lives for Idle, so a busy stream piles up timers; use one timer and Reset it.
		case <-time.After(c.Idle):
			return ErrIdle
		}
	}
}

// Serve consumes events: the same loop with one timer.
func (c *Consumer) Serve(ctx context.Context) error {
	t := time.NewTimer(c.Idle)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case ev := <-c.Events:
			c.Handle(ev)
			if !t.Stop() { // GOOD: stop and drain before Reset, so a stale expiry is not read as idleness (T4)
				<-t.C
			}
			t.Reset(c.Idle)
		case <-t.C:
			return ErrIdle
		}
	}
}

// LagReporter logs the queue lag periodically.
type LagReporter struct {
	Every time.Duration
	Lag   func() time.Duration
	Log   *log.Logger
}

// Report logs until ctx is done.
func (r *LagReporter) Report(ctx context.Context) {
	// BAD(T3): time.Tick's ticker can never be stopped: before Go 1.23 it outlives Report and ticks forever; use NewTicker with defer Stop.
	tick := time.Tick(r.Every)
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick:
			r.Log.Printf("queue lag: %s", r.Lag())
		}
	}
}

// Watch logs until ctx is done: the same loop, done right.
func (r *LagReporter) Watch(ctx context.Context) {
	t := time.NewTicker(r.Every)
	defer t.Stop() // GOOD: a ticker that can be stopped, and is
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			r.Log.Printf("queue lag: %s", r.Lag())
		}
	}
}

// Debouncer coalesces bursts of change notifications into one reload.
type Debouncer struct {
	Wait   time.Duration
	Reload func()
}

// Run reloads Wait after the last change of a burst.
func (d *Debouncer) Run(ctx context.Context, changes <-chan struct{}) {
	t := time.NewTimer(d.Wait)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-changes:
			// BAD(T4): if t fired meanwhile, before Go 1.23 its value stays in t.C and Reset does not clear it: the reload runs at once; stop and drain first.
			t.Reset(d.Wait)
		case <-t.C:
			d.Reload()
		}
	}
}
