//go:build go1.22

// Package t1 holds T1 fixtures: timers and tickers not stopped on every
// path. This file is compiled for go1.22, before the Go 1.23 timer change.
package t1

import (
	"context"
	"errors"
	"log"
	"os"
	"time"
)

// The seed's sleepCtx without its defer: the ctx.Done case leaks.
func sleepNoDefer(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d) // want `^timer t is not stopped before the return at line 20, so it stays live until it fires \(before Go 1.23 an unstopped timer is not collected\); add defer t.Stop\(\) after creating it$`
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// The defer comes after an early return.
func earlyReturn(ctx context.Context, d time.Duration, ok bool) error {
	t := time.NewTimer(d) // want `timer t is not stopped before the return at line 30`
	if !ok {
		return errors.New("not ok")
	}
	defer t.Stop()
	<-t.C
	return nil
}

// A ticker is never gone without Stop: receiving from it does not help.
func tickThrice(d time.Duration) {
	tk := time.NewTicker(d) // want `^ticker tk is not stopped before the function ends at line 43, so it keeps firing and is never collected \(before Go 1.23\); add defer tk.Stop\(\) after creating it$`
	for i := 0; i < 3; i++ {
		<-tk.C
	}
}

// Stopped on one branch only.
func stopSometimes(ctx context.Context, d time.Duration, fast bool) {
	t := time.NewTimer(d) // want `timer t is not stopped before the function ends`
	if fast {
		t.Stop()
		return
	}
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// Reset arms a fired timer again.
func rearm(d time.Duration, again bool) {
	t := time.NewTimer(d) // want `timer t is not stopped before the return at line 64`
	<-t.C
	t.Reset(d)
	if !again {
		return
	}
	<-t.C
}

// A timer per iteration, abandoned when msgs wins.
func perIteration(msgs <-chan string, d time.Duration) {
	for {
		t := time.NewTimer(d) // want `^timer t is not stopped before the loop creates the next one, so it stays live until it fires \(before Go 1.23 an unstopped timer is not collected\); stop it before the next iteration$`
		select {
		case m := <-msgs:
			_ = m
		case <-t.C:
			return
		}
	}
}

// Generic functions are checked like any other.
func recvTimeout[T any](ch <-chan T, d time.Duration) (T, bool) {
	t := time.NewTimer(d) // want `timer t is not stopped before the return at line 87`
	select {
	case v := <-ch:
		return v, true
	case <-t.C:
		var zero T
		return zero, false
	}
}

// A closure assigned to a variable is a function of its own.
var waitOrDone = func(done <-chan struct{}, d time.Duration) {
	t := time.NewTimer(d) // want `timer t is not stopped before the function ends`
	select {
	case <-done:
	case <-t.C:
	}
}

// var declarations too.
func varDecl(ctx context.Context, d time.Duration) {
	var t = time.NewTimer(d) // want `timer t is not stopped`
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// A method.
type client struct{ timeout time.Duration }

func (c *client) await(ch <-chan error) error {
	t := time.NewTimer(c.timeout) // want `timer t is not stopped before the return at line 119`
	select {
	case err := <-ch:
		return err
	case <-t.C:
		return errors.New("timeout")
	}
}

// A goroutine reads the ticker and can exit, but nobody stops the ticker:
// before Go 1.23 it keeps firing after the goroutine is gone. No fix: a
// defer in the starting function would stop it under the goroutine.
func startPoller(ctx context.Context, d time.Duration, poll func()) {
	tk := time.NewTicker(d) // want `^ticker tk, read by the goroutine started at line 130, is not stopped before the function ends at line 140, so it keeps firing and is never collected \(before Go 1.23\), even after that goroutine exits; stop it in the goroutine that reads it, when that goroutine returns$`
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case <-tk.C:
				poll()
			}
		}
	}()
}

// ---- negatives ----

// The seed's sleepCtx: NewTimer + defer Stop + select.
func sleepCtx(ctx context.Context, d time.Duration) error {
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) <= d {
		return context.DeadlineExceeded
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Stopped explicitly on every path.
func stopEach(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	select {
	case <-ctx.Done():
		t.Stop()
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Received on every path: the timer has fired and is gone.
func sleepPlain(d time.Duration) {
	t := time.NewTimer(d)
	<-t.C
}

// A deferred closure that stops and drains.
func deferClosure(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer func() {
		if !t.Stop() {
			<-t.C
		}
	}()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// Paths that end in log.Fatal, os.Exit, panic or a function that always
// exits do not return.
func fatalPaths(ctx context.Context, d time.Duration, mode int) {
	t := time.NewTimer(d)
	switch mode {
	case 1:
		log.Fatal("mode 1")
	case 2:
		os.Exit(2)
	case 3:
		panic("mode 3")
	case 4:
		die("mode 4")
	}
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

func die(msg string) { log.Fatalf("fatal: %s", msg) }

// Returned to the caller, who owns it.
func newDeadline(d time.Duration) *time.Timer {
	t := time.NewTimer(d)
	return t
}

// Stored in a struct that owns Stop.
type poller struct {
	tk *time.Ticker
	t  *time.Timer
}

func newPoller(d time.Duration) *poller {
	tk := time.NewTicker(d)
	return &poller{tk: tk}
}

func (p *poller) Close() { p.tk.Stop() }

func (p *poller) arm(d time.Duration) {
	t := time.NewTimer(d)
	p.t = t
}

func newPoller2(d time.Duration) *poller {
	p := &poller{tk: time.NewTicker(d)}
	return p
}

// Stored in a map, a slice, a channel, a global.
var (
	timers  = map[string]*time.Timer{}
	all     []*time.Timer
	handoff = make(chan *time.Timer, 1)
	global  *time.Timer
)

func storeMap(k string, d time.Duration) { t := time.NewTimer(d); timers[k] = t }
func storeSlice(d time.Duration)         { t := time.NewTimer(d); all = append(all, t) }
func storeChan(d time.Duration)          { t := time.NewTimer(d); handoff <- t }
func storeGlobal(d time.Duration)        { t := time.NewTimer(d); global = t }
func storeGlobalDirect(d time.Duration)  { global = time.NewTimer(d) }

// Passed to a function, or its channel handed out.
func passed(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	return waitTimer(ctx, t)
}

func waitTimer(ctx context.Context, t *time.Timer) error {
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func chanHandedOut(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	return waitChan(ctx, t.C)
}

func waitChan(ctx context.Context, c <-chan time.Time) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-c:
		return nil
	}
}

// A goroutine that stops the ticker owns it.
func goroutineStops(ctx context.Context, d time.Duration, poll func()) {
	tk := time.NewTicker(d)
	go func() {
		defer tk.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tk.C:
				poll()
			}
		}
	}()
}

// A closure that stops it is handed to the caller.
func withCleanup(d time.Duration) (<-chan time.Time, func()) {
	t := time.NewTimer(d)
	stop := func() { t.Stop() }
	return t.C, stop
}

// A method value stops it later.
func methodValue(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	stop := t.Stop
	defer stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// time.AfterFunc is not a timer channel: out of scope.
func afterFunc(d time.Duration, f func()) {
	t := time.AfterFunc(d, f)
	_ = t
}

// A variable assigned twice is not tracked.
func reassigned(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	<-t.C
	t = time.NewTimer(d)
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// A nil check and a conditional creation with a deferred guarded Stop.
func maybeTimer(ctx context.Context, d time.Duration) {
	var t *time.Timer
	var c <-chan time.Time
	if d > 0 {
		t = time.NewTimer(d)
		c = t.C
	}
	defer func() {
		if t != nil {
			t.Stop()
		}
	}()
	select {
	case <-ctx.Done():
	case <-c:
	}
}

// A function that never returns cannot leak through a return.
func forever(d time.Duration, work func()) {
	tk := time.NewTicker(d)
	for {
		<-tk.C
		work()
	}
}

// Defer in an if block still runs at function exit.
func deferInIf(ctx context.Context, d time.Duration) {
	if d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-ctx.Done():
		case <-t.C:
		}
	}
}

// A deferred Stop registered before the creation covers it.
func deferFirst(ctx context.Context, d time.Duration) {
	var t *time.Timer
	defer func() {
		if t != nil {
			t.Stop()
		}
	}()
	t = time.NewTimer(d)
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// One timer reused across iterations, created under a nil guard: reaching
// the creation again does not make a second timer.
func reuseGuarded(ctx context.Context, msgs <-chan string, d time.Duration) {
	var t *time.Timer
	for {
		if t == nil {
			t = time.NewTimer(d)
		} else {
			if !t.Stop() {
				<-t.C
			}
			t.Reset(d)
		}
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-msgs:
		case <-t.C:
		}
	}
}

// The loop condition turns false only in the case that received the tick.
func spinUntil(d time.Duration, work func()) {
	t := time.NewTimer(d)
	for running := true; running; {
		select {
		case <-t.C:
			running = false
		default:
			work()
		}
	}
}

// grpc's backoff.RunF shape: after a Reset the loop can end through its
// condition with the timer armed.
func runF(ctx context.Context, f func() error, backoff func(int) time.Duration) {
	attempt := 0
	timer := time.NewTimer(0) // want `timer timer is not stopped before the function ends`
	for ctx.Err() == nil {
		select {
		case <-timer.C:
		case <-ctx.Done():
			timer.Stop()
			return
		}
		if err := f(); err != nil {
			return
		}
		timer.Reset(backoff(attempt))
		attempt++
	}
}
