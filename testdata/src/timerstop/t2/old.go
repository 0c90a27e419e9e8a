//go:build go1.22

// Package t2 holds T2 fixtures: time.After re-evaluated in a loop.
package t2

import (
	"context"
	"errors"
	"log"
	"time"
)

var errIdle = errors.New("idle")

// The message case goes round the loop, leaving the timer behind.
func consume(msgs <-chan string, handle func(string)) error {
	for {
		select {
		case m := <-msgs:
			handle(m)
		case <-time.After(time.Minute): // want `^time.After in a loop: when another case of this select wins and the loop goes round, the timer it created stays live until it fires \(before Go 1.23\), so a busy loop piles up timers; create one timer with time.NewTimer before the loop and Reset it, or use a context deadline$`
			return errIdle
		}
	}
}

// A default case makes every iteration abandon its timer.
func spin(work func() bool) {
	for {
		select {
		case <-time.After(time.Second): // want `time.After in a loop`
			return
		default:
			if !work() {
				continue
			}
		}
	}
}

// The channel is held in a local, created on each iteration.
func viaLocal(msgs <-chan string) {
	for {
		timeout := time.After(time.Minute) // want `time.After in a loop`
		select {
		case <-timeout:
			return
		case m := <-msgs:
			_ = m
		}
	}
}

// One timer per element sent.
func sendAll(ctx context.Context, out chan<- int, items []int) error {
	for _, x := range items {
		select {
		case out <- x:
		case <-time.After(5 * time.Second): // want `time.After in a loop`
			return errors.New("send timeout")
		}
	}
	return nil
}

// The error case returns only on error: with nil it goes round.
func untilError(errs <-chan error) error {
	for {
		select {
		case err := <-errs:
			if err != nil {
				return err
			}
		case <-time.After(time.Minute): // want `time.After in a loop`
			return errIdle
		}
	}
}

// An unlabelled break in a select leaves the select, not the loop.
func breakSelect(msgs <-chan string) {
	for i := 0; i < 100; i++ {
		select {
		case <-msgs:
			break
		case <-time.After(time.Second): // want `time.After in a loop`
		}
	}
}

// ---- negatives, and the exit shape (the timer's case goes round, another leaves) ----

// Outside a loop: at most one timer, gone when it fires.
func once(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

// The retry wait: the timer's case goes round, the other case leaves
// the loop, and every cancelled call leaves its backoff timer behind.
func retry(ctx context.Context, op func() error) error {
	for attempt := 0; ; attempt++ {
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(attempt) * 100 * time.Millisecond): // want `^time.After in a loop: each exit through the <-ctx.Done\(\) case leaves this timer live until its duration elapses \(before Go 1.23\), one per cancelled call; create one timer with time.NewTimer before the loop, defer its Stop and Reset it each round$`
		}
	}
}

// The other cases leave through a labelled break (which outlives the
// timer), panic and log.Fatal.
func leaveLoop(msgs <-chan string, errs <-chan error) {
loop:
	for {
		select {
		case <-msgs:
			break loop
		case err := <-errs:
			if err != nil {
				log.Fatal(err)
			} else {
				panic("nil error")
			}
		case <-time.After(time.Second):
		}
	}
}

// A select with time.After alone is a sleep: the timer always fires.
func sleepy(n int) {
	for i := 0; i < n; i++ {
		select {
		case <-time.After(time.Millisecond):
		}
	}
}

// The other case ends the loop through its condition; the poll goes round.
func untilStop(stop <-chan struct{}, poll func()) {
	done := false
	for !done {
		select {
		case <-stop:
			done = true
		case <-time.After(time.Second):
			poll()
		}
	}
}

// One deadline for the whole loop, created before it.
func overall(msgs <-chan string) {
	timeout := time.After(time.Minute)
	for {
		select {
		case <-timeout:
			return
		case m := <-msgs:
			_ = m
		}
	}
}

// In a goroutine started by the loop: not re-evaluated by this loop.
func perItemGoroutine(items []int, f func(int)) {
	for _, x := range items {
		go func(x int) {
			select {
			case <-time.After(time.Second):
			}
			f(x)
		}(x)
	}
}

// The continue of an outer loop leaves this loop, while the timer is
// pending: one per batch.
func outerContinue(batches [][]int, out chan<- int) {
outer:
	for _, b := range batches {
		for _, x := range b {
			select {
			case out <- x:
				continue outer
			case <-time.After(time.Second):
			}
		}
	}
}

// Reusing one timer, the recommended fix.
func reuse(msgs <-chan string) {
	t := time.NewTimer(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			return
		case m := <-msgs:
			_ = m
			if !t.Stop() {
				<-t.C
			}
			t.Reset(time.Minute)
		}
	}
}

// sarama's shape: the timer is created only when none is pending, and the
// other cases go round waiting for the same one.
func pendingBackoff(trigger <-chan struct{}, dispatch func(), wait time.Duration) {
	var backoff <-chan time.Time
	for {
		select {
		case <-trigger:
			if backoff == nil {
				backoff = time.After(wait)
			}
		case <-backoff:
			backoff = nil
			dispatch()
		}
	}
}

// A retry wait whose ctx.Done() case falls through: the next attempt
// fails with the context's error and the loop ends.
func retryFallThrough(ctx context.Context, op func(context.Context) error, wait time.Duration) error {
	err := op(ctx)
	for r := 0; err != nil && r < 5; r++ {
		select {
		case <-ctx.Done():
		case <-time.After(wait): // want `one per cancelled call`
		}
		err = op(ctx)
	}
	return err
}
