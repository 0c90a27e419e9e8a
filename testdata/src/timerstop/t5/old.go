//go:build go1.22

// Package t5 holds T5 fixtures: goroutines ranging over a ticker channel.
// T5 applies in every Go version; this file is go1.22, new.go go1.23.
package t5

import (
	"context"
	"time"
)

// The starter stops the ticker, but Stop does not close tk.C: the
// goroutine blocks forever.
func runFor(d time.Duration, work func()) {
	tk := time.NewTicker(d)
	defer tk.Stop()
	go func() {
		for range tk.C { // want `^this goroutine receives from tk.C with no other exit, and tk.Stop\(\) at line 16 does not close the channel, so once the ticker is stopped the goroutine blocks here forever; also select on a done channel or ctx.Done\(\) and return$`
			work()
		}
	}()
	time.Sleep(10 * d)
}

// The stop function handed to the caller does not end the goroutine.
func start(d time.Duration, work func()) (stop func()) {
	tk := time.NewTicker(d)
	go func() {
		for { // want `tk.Stop\(\) at line 34 does not close the channel`
			<-tk.C
			work()
		}
	}()
	return func() { tk.Stop() }
}

// A select on the ticker alone is the same loop.
func selectOnly(d time.Duration, work func()) {
	tk := time.NewTicker(d)
	go func() {
		for { // want `this goroutine receives from tk.C with no other exit, and tk.Stop`
			select {
			case <-tk.C:
				work()
			}
		}
	}()
	time.Sleep(d)
	tk.Stop()
}

// Nobody stops the ticker: after startDropped returns, the ticker and the
// goroutine run forever.
func startDropped(d time.Duration, work func()) {
	tk := time.NewTicker(d)
	go func() {
		for range tk.C { // want `^this goroutine receives from tk.C with no other exit and nothing stops tk, so the ticker and the goroutine run forever after startDropped returns; also select on a done channel or ctx.Done\(\) and return, and stop the ticker$`
			work()
		}
	}()
}

// A ticker in a struct field, stopped by Close.
type Flusher struct {
	tk    *time.Ticker
	flush func()
}

func NewFlusher(d time.Duration, flush func()) *Flusher {
	f := &Flusher{tk: time.NewTicker(d), flush: flush}
	go f.loop()
	return f
}

func (f *Flusher) loop() {
	for range f.tk.C { // want `this goroutine receives from f.tk.C with no other exit, and f.tk.Stop\(\) at line 81 does not close the channel`
		f.flush()
	}
}

func (f *Flusher) Close() { f.tk.Stop() }

// A goroutine started through a Go method (errgroup.Group.Go and the like).
type group struct{}

func (*group) Go(f func() error) { go func() { _ = f() }() }

func viaGroup(g *group, d time.Duration, work func()) {
	tk := time.NewTicker(d)
	defer tk.Stop()
	g.Go(func() error {
		for range tk.C { // want `tk.Stop\(\) at line 90 does not close the channel`
			work()
		}
		return nil
	})
	time.Sleep(d)
}

// ---- negatives ----

// A done channel gives the goroutine a way out.
func withDone(d time.Duration, work func()) (stop func()) {
	tk := time.NewTicker(d)
	done := make(chan struct{})
	go func() {
		defer tk.Stop()
		for {
			select {
			case <-done:
				return
			case <-tk.C:
				work()
			}
		}
	}()
	return func() { close(done) }
}

// ctx.Done() likewise.
func withContext(ctx context.Context, d time.Duration, work func()) {
	tk := time.NewTicker(d)
	go func() {
		defer tk.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tk.C:
				work()
			}
		}
	}()
}

// A goroutine that creates its ticker owns it.
func background(d time.Duration, work func()) {
	go func() {
		tk := time.NewTicker(d)
		defer tk.Stop()
		for range tk.C {
			work()
		}
	}()
}

// A ticker passed as an argument is not followed.
func passed(d time.Duration, work func()) {
	tk := time.NewTicker(d)
	defer tk.Stop()
	go worker(tk, work)
	time.Sleep(d)
}

func worker(tk *time.Ticker, work func()) {
	for range tk.C {
		work()
	}
}

// A condition checked on each tick is checked only on a tick: once
// untilDone's deferred Stop has run, no tick comes to check it.
func untilDone(d time.Duration, done func() bool) {
	tk := time.NewTicker(d)
	defer tk.Stop()
	go func() {
		for range tk.C { // want `receives from tk.C and only leaves after a tick, and tk.Stop\(\) at line 165`
			if done() {
				return
			}
		}
	}()
	time.Sleep(d)
}

// A starter that never returns: the ticker lives as long as it does.
func serve(d time.Duration, work func()) {
	tk := time.NewTicker(d)
	go func() {
		for range tk.C {
			work()
		}
	}()
	select {}
}

// Not run as a goroutine.
func (f *Flusher) syncLoop() {
	for range f.tk.C {
		f.flush()
	}
}

// A field replaced after Stop: a loop that re-reads the field picks up
// the new ticker.
type Pacer struct{ tk *time.Ticker }

func NewPacer(d time.Duration) *Pacer {
	p := &Pacer{tk: time.NewTicker(d)}
	go p.run()
	return p
}

func (p *Pacer) run() {
	for {
		<-p.tk.C
	}
}

func (p *Pacer) SetRate(d time.Duration) {
	p.tk.Stop()
	p.tk = time.NewTicker(d)
}

// init starts process-lifetime work.
func init() {
	tk := time.NewTicker(time.Hour)
	go func() {
		for range tk.C {
		}
	}()
}

// A garbage-collection loop that repeats a tick's work with a goto to a
// label inside the body: still no way out once Stop is called. A goto to
// a label after the loop leaves it, but only after a tick.
type gcHook struct {
	gcTicker *time.Ticker
	run      func() error
}

func (h *gcHook) gcLoop() {
	for range h.gcTicker.C { // want `this goroutine receives from h.gcTicker.C with no other exit, and h.gcTicker.Stop\(\) at line \d+ does not close the channel`
	again:
		if err := h.run(); err == nil {
			goto again
		}
	}
}

func (h *gcHook) gcLoopOut() {
	for range h.gcTicker.C { // want `receives from h.gcTicker.C and only leaves after a tick, and h.gcTicker.Stop\(\) at line \d+`
		if err := h.run(); err != nil {
			goto out
		}
	}
out:
}

func (h *gcHook) Init() {
	h.gcTicker = time.NewTicker(time.Minute)
	go h.gcLoop()
	go h.gcLoopOut()
}

func (h *gcHook) Stop() {
	if h.gcTicker != nil {
		h.gcTicker.Stop()
	}
}
