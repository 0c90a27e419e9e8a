//go:build go1.22

// Package t3 holds T3 fixtures: time.Tick outside a forever loop.
package t3

import (
	"context"
	"log"
	"time"
)

// poll returns when ctx is done; its ticker keeps firing afterwards.
func poll(ctx context.Context, work func()) {
	tick := time.Tick(time.Second) // want `^time.Tick's ticker can never be stopped, so it keeps firing after poll returns and is never collected \(before Go 1.23\); use time.NewTicker and defer its Stop$`
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick:
			work()
		}
	}
}

// Ranging over the tick channel, but with a way out.
func until(done func() bool) {
	for range time.Tick(time.Second) { // want `time.Tick's ticker can never be stopped, so it keeps firing after until returns`
		if done() {
			break
		}
	}
}

// A new ticker on every iteration, even in a function that never returns.
func pulse(events <-chan string) {
	for {
		select {
		case <-time.Tick(time.Second): // want `^time.Tick in a loop creates a ticker on every iteration that can never be stopped nor collected \(before Go 1.23\); create one time.NewTicker before the loop and defer its Stop$`
		case e := <-events:
			_ = e
		}
	}
}

// A function literal that returns.
var once = func() {
	<-time.Tick(time.Second) // want `keeps firing after the function literal returns`
}

// ---- negatives ----

// An endless range over the tick channel never returns.
func forever(work func()) {
	for range time.Tick(time.Second) {
		work()
	}
}

// An endless for with a receive.
func forever2(work func()) {
	tick := time.Tick(time.Second)
	for {
		<-tick
		work()
	}
}

// A ranged tick channel held in a local.
func forever3(work func()) {
	tick := time.Tick(time.Second)
	for range tick {
		work()
	}
}

// A background goroutine: the literal never returns.
func start(work func()) {
	go func() {
		for range time.Tick(time.Minute) {
			work()
		}
	}()
}

// The only way out is log.Fatal.
func supervise(errs <-chan error) {
	tick := time.Tick(time.Second)
	for {
		select {
		case <-tick:
		case err := <-errs:
			log.Fatal(err)
		}
	}
}

// The channel is handed to the caller, who keeps it.
func ticks(d time.Duration) <-chan time.Time {
	return time.Tick(d)
}

// Package-level and init tickers live as long as the program.
var heartbeat = time.Tick(time.Minute)

var beat <-chan time.Time

func init() {
	beat = time.Tick(time.Second)
}

// time.NewTicker with Stop is the fix.
func pollFixed(ctx context.Context, work func()) {
	tk := time.NewTicker(time.Second)
	defer tk.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tk.C:
			work()
		}
	}
}

// ---- the tick channel handed to a goroutine the function starts ----

// A middleware constructor: each handler built starts a reporter on its
// own ticker, which nothing can stop once Counts has returned.
func Counts(interval time.Duration, next func(int)) func(int) {
	codes := make(chan int)
	go report(time.Tick(interval), codes) // want `time.Tick's ticker can never be stopped, so it keeps firing after Counts returns`
	return func(code int) {
		next(code)
		codes <- code
	}
}

func report(tick <-chan time.Time, codes <-chan int) {
	n := 0
	for {
		select {
		case <-codes:
			n++
		case <-tick:
			n = 0
		}
	}
}

// The same through a function literal's parameter.
func startReporter(interval time.Duration, codes <-chan int) {
	go func(tick <-chan time.Time) {
		for {
			select {
			case <-codes:
			case <-tick:
			}
		}
	}(time.Tick(interval)) // want `keeps firing after startReporter returns`
}

// The same held in a local first (already reported).
func startLocal(interval time.Duration, codes <-chan int) {
	tick := time.Tick(interval) // want `keeps firing after startLocal returns`
	go report(tick, codes)
}

// ---- negatives ----

// A ticker the goroutine owns and stops.
func CountsFixed(interval time.Duration, next func(int)) func(int) {
	codes := make(chan int)
	tk := time.NewTicker(interval)
	go func() {
		defer tk.Stop()
		report(tk.C, codes)
	}()
	return func(code int) { next(code); codes <- code }
}

// A function that never returns: the goroutine and the ticker live as
// long as it does.
func serveForever(interval time.Duration, codes <-chan int) {
	go report(time.Tick(interval), codes)
	select {}
}

// Handed to a constructor that keeps it (someone else owns it), not to a
// goroutine.
type reporter struct{ tick <-chan time.Time }

func newReporter(tick <-chan time.Time) *reporter { return &reporter{tick: tick} }

func build(interval time.Duration) *reporter {
	return newReporter(time.Tick(interval))
}

// The goroutine started by a deferred or plain call is not this shape:
// the tick is a value of the call, not of a go statement.
func consume(interval time.Duration, codes <-chan int) {
	defer drain(time.Tick(interval), codes)
}

func drain(tick <-chan time.Time, codes <-chan int) {}
