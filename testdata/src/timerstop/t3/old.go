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
