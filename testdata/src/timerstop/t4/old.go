//go:build go1.22

// Package t4 holds T4 fixtures: Reset without Stop-and-drain.
package t4

import (
	"context"
	"time"
)

// After the select, the msgs path has neither received from nor stopped t.
func batch(ctx context.Context, msgs <-chan string, flush func()) {
	t := time.NewTimer(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			flush()
		case m := <-msgs:
			_ = m
		}
		t.Reset(time.Second) // want `^reset of timer t on a path where it was neither received from nor stopped and drained since it was created at line 13: a tick that fired unread stays in t.C \(before Go 1.23\) and the next receive returns at once; write if !t.Stop\(\) { <-t.C } before Reset$`
	}
}

// Resetting in the other case.
func idle(ctx context.Context, msgs <-chan string, onIdle func()) {
	t := time.NewTimer(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			onIdle()
		case <-msgs:
			t.Reset(time.Minute) // want `reset of timer t on a path where it was neither received from nor stopped and drained since it was created at line 30`
		}
	}
}

// A plain Stop leaves a tick that already fired in the channel.
func stopOnly(ctx context.Context, msgs <-chan string) {
	t := time.NewTimer(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-msgs:
			t.Stop()
			t.Reset(time.Minute) // want `reset of timer t`
		}
	}
}

// Work between creation and Reset: the timer may have fired meanwhile.
func late(work func()) {
	t := time.NewTimer(10 * time.Millisecond)
	defer t.Stop()
	work()
	t.Reset(time.Second) // want `since it was created at line 62`
	<-t.C
}

// ---- negatives ----

// Stop and drain.
func drained(ctx context.Context, msgs <-chan string) {
	t := time.NewTimer(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-msgs:
			if !t.Stop() {
				<-t.C
			}
			t.Reset(time.Minute)
		}
	}
}

// Stop and a non-blocking drain.
func drainedSelect(msgs <-chan string) {
	t := time.NewTimer(time.Minute)
	defer t.Stop()
	for range msgs {
		if !t.Stop() {
			select {
			case <-t.C:
			default:
			}
		}
		t.Reset(time.Minute)
	}
}

// Stop, then a non-blocking drain as a statement of its own.
func drainedAfterStop(msgs <-chan string) {
	t := time.NewTimer(time.Minute)
	defer t.Stop()
	for range msgs {
		t.Stop()
		select {
		case <-t.C:
		default:
		}
		t.Reset(time.Minute)
	}
}

// Reset right after receiving the tick.
func periodic(ctx context.Context, work func()) {
	t := time.NewTimer(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			work()
			t.Reset(time.Second)
		}
	}
}

// Reset after a plain receive.
func twice(d time.Duration) {
	t := time.NewTimer(d)
	<-t.C
	t.Reset(d)
	<-t.C
}

// The idiom for a stopped timer: Stop right after creating it.
func stoppedTimer(ctx context.Context, kick <-chan time.Duration) {
	t := time.NewTimer(time.Hour)
	t.Stop()
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case d := <-kick:
			t.Reset(d)
			<-t.C
		}
	}
}

// A Stop whose result is handled.
func handled(msgs <-chan string, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	for range msgs {
		if stopped := t.Stop(); !stopped {
			<-t.C
		}
		t.Reset(d)
	}
}

// AfterFunc timers have no channel.
func afterFunc(kick <-chan struct{}, f func()) {
	t := time.AfterFunc(time.Second, f)
	defer t.Stop()
	for range kick {
		t.Reset(time.Second)
	}
}

// Tickers drop ticks they cannot deliver; Reset is fine.
func ticker(kick <-chan time.Duration) {
	tk := time.NewTicker(time.Second)
	defer tk.Stop()
	for d := range kick {
		tk.Reset(d)
	}
}

// A timer handed to a helper is not tracked.
func helper(msgs <-chan string) {
	t := time.NewTimer(time.Second)
	defer t.Stop()
	for range msgs {
		resetTimer(t, time.Second)
	}
}

func resetTimer(t *time.Timer, d time.Duration) {
	if !t.Stop() {
		select {
		case <-t.C:
		default:
		}
	}
	t.Reset(d)
}

// etcd's deadlineLoop: Reset right after the creation, and after each
// tick; nothing ran in between, so nothing can be pending.
func deadlineLoop(done <-chan struct{}, reap func()) {
	timer := time.NewTimer(time.Second)
	defer timer.Stop()
	for {
		timer.Reset(time.Second)
		select {
		case <-timer.C:
		case <-done:
			return
		}
		reap()
	}
}

// sarama's heartbeat shape: the first Reset comes after a network call,
// during which the backoff timer may have fired unread.
func heartbeat(dying <-chan struct{}, call func() error, backoff time.Duration) {
	retry := time.NewTimer(backoff)
	defer retry.Stop()
	for {
		if err := call(); err != nil {
			retry.Reset(backoff) // want `reset of timer retry on a path where it was neither received from nor stopped and drained since it was created at line`
			select {
			case <-dying:
				return
			case <-retry.C:
			}
			continue
		}
		return
	}
}
