//go:build go1.22

package t2

import (
	"context"
	"errors"
	"log"
	"math/rand"
	"time"

	"timerstop/timeouts"
)

// Timer shapes outside the literal: wrappers, and channels re-armed in a
// case body.

// jitteredTimeout is time.After behind a helper of this package.
func jitteredTimeout(d time.Duration) <-chan time.Time { // want jitteredTimeout:"returnsfreshtimer"
	return time.After(d + time.Duration(rand.Int63n(int64(d))))
}

type client struct{ base time.Duration }

// A method returning a fresh timer channel.
func (c *client) backoff(attempt int) <-chan time.Time { // want backoff:"returnsfreshtimer"
	return jitteredTimeout(time.Duration(attempt) * c.base)
}

// The wrapper in a select whose other case goes round.
func consumeJittered(msgs <-chan string, handle func(string)) error {
	for {
		select {
		case m := <-msgs:
			handle(m)
		case <-jitteredTimeout(time.Minute): // want `^jitteredTimeout \(a new time.After timer per call\) in a loop: when another case of this select wins and the loop goes round`
			return errIdle
		}
	}
}

// A wrapper of another package in a retry wait: one timer per cancelled
// call.
func retryJittered(ctx context.Context, op func() error) error {
	for {
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-timeouts.Jittered(time.Second): // want `^Jittered \(a new time.After timer per call\) in a loop: each exit through the <-ctx.Done\(\) case leaves this timer live until its duration elapses \(before Go 1.23\), one per cancelled call`
		}
	}
}

// A method wrapper in a retry wait.
func (c *client) retry(ctx context.Context, op func() error) error {
	for attempt := 1; ; attempt++ {
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-c.backoff(attempt): // want `backoff \(a new time.After timer per call\) in a loop: each exit through the <-ctx.Done\(\) case`
		}
	}
}

// A NewTimer whose channel alone is handed out, held in a local.
func pollStoppable(quit <-chan struct{}, poll func()) {
	for {
		wait := timeouts.StoppableAfter(time.Minute)
		select {
		case <-quit:
			return
		case <-wait:
			poll()
		}
	}
}

// The idle timeout re-armed in the message case: each message replaces a
// pending timer, which stays live until it fires.
func idle(msgs <-chan string, handle func(string), d time.Duration) error {
	timeout := time.After(d)
	for {
		select {
		case m := <-msgs:
			handle(m)
			timeout = time.After(d) // want `^time.After replaces the pending timer in timeout each time this case wins, and the replaced timer stays live until it fires \(before Go 1.23\), so a busy loop piles up timers; create one timer with time.NewTimer before the loop and Reset it, or use a context deadline$`
		case <-timeout:
			return errIdle
		}
	}
}

// The same through a wrapper, under a condition that does not look at
// the channel.
func idleJittered(msgs <-chan string, d time.Duration) error {
	timeout := timeouts.Jittered(d)
	for {
		select {
		case m, ok := <-msgs:
			if ok && m != "" {
				timeout = timeouts.Jittered(d) // want `^Jittered \(a new time.After timer per call\) replaces the pending timer in timeout`
			}
		case <-timeout:
			return errIdle
		}
	}
}

// The worker loop: quit leaves, the timer's case does the work and goes
// round.
func worker(quit <-chan struct{}, work func(), d time.Duration) {
	for {
		select {
		case <-quit:
			return
		case <-time.After(d):
			work()
		}
	}
}

// ---- negatives: the correct versions ----

// The wrapper outside a loop: one timer per call, gone when it fires.
func waitJittered(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-jitteredTimeout(d):
		return nil
	}
}

// The retry wait with one timer, stopped on every exit.
func retryTimer(ctx context.Context, op func() error, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	for {
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			t.Reset(d)
		}
	}
}

// The retry wait with a timer per attempt, stopped when cancelled.
func retryStopped(ctx context.Context, op func() error, d time.Duration) error {
	for {
		if err := op(); err == nil {
			return nil
		}
		t := time.NewTimer(d)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

// The worker loop with one timer, stopped on return.
func workerTimer(quit <-chan struct{}, work func(), d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	for {
		select {
		case <-quit:
			return
		case <-t.C:
			work()
			t.Reset(d)
		}
	}
}

// A channel handed out again and again is one timer, not one per call.
func untilDeadline(dl *timeouts.Deadline, msgs <-chan string, handle func(string)) {
	for {
		select {
		case m := <-msgs:
			handle(m)
		case <-dl.C():
			return
		}
	}
}

// Not fresh on every path: unsure, not reported.
func orDefault(ch <-chan time.Time, msgs <-chan string, handle func(string)) {
	for {
		select {
		case m := <-msgs:
			handle(m)
		case <-timeouts.Or(ch, time.Minute):
			return
		}
	}
}

// The poor man's ticker: re-armed in the case that received it, after it
// fired.
func everyMinute(quit <-chan struct{}, work func()) {
	next := time.After(time.Minute)
	for {
		select {
		case <-quit:
			return
		case <-next:
			work()
			next = time.After(time.Minute)
		}
	}
}

// Re-armed in another case only when none is pending.
func rearmIfIdle(trigger <-chan struct{}, flush func(), d time.Duration) {
	var pending <-chan time.Time
	for {
		select {
		case <-trigger:
			if pending == nil {
				pending = jitteredTimeout(d)
			}
		case <-pending:
			pending = nil
			flush()
		}
	}
}

// Re-armed in a case that then leaves: the new channel is never read.
func rearmAndLeave(msgs <-chan string, d time.Duration) {
	timeout := time.After(d)
	for {
		select {
		case <-msgs:
			timeout = time.After(d)
			return
		case <-timeout:
		}
	}
}

// The timer's case leaves too: time.After runs once per loop.
func firstOf(msgs <-chan string) (string, error) {
	for {
		select {
		case m := <-msgs:
			return m, nil
		case <-jitteredTimeout(time.Second):
			return "", errIdle
		}
	}
}

// Every other case ends the process: nothing outlives it.
func watchdog(fatal <-chan error, beat func()) {
	for {
		select {
		case err := <-fatal:
			log.Fatal(err)
		case <-time.After(time.Second):
			beat()
		}
	}
}

// A non-blocking check of quit, then one stopped timer per round.
func pollNonBlocking(quit <-chan struct{}, poll func() error, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	for {
		select {
		case <-quit:
			return errors.New("stopped")
		default:
		}
		if err := poll(); err != nil {
			return err
		}
		<-t.C
		t.Reset(d)
	}
}

// A non-blocking check of quit, then a wait on time.After that always
// fires: a sleep, no timer left behind.
func pollSleep(quit <-chan struct{}, poll func(), d time.Duration) {
	for {
		select {
		case <-quit:
			return
		default:
		}
		poll()
		<-time.After(d)
	}
}
