//go:build go1.23

// Package strict holds fixtures run with -timerstop.strict: T1 and T2 in
// a go1.23 file, worded as a cost.
package strict

import (
	"context"
	"time"
)

func sleepNoDefer(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d) // want `^timer t is not stopped before the return at line 16: it stays scheduled until it is collected \(since Go 1.23 a cost, not a leak\); add defer t.Stop\(\) after creating it$`
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func tickThrice(d time.Duration) {
	tk := time.NewTicker(d) // want `^ticker tk is not stopped before the function ends at line 27: it keeps firing until it is collected \(since Go 1.23 a cost, not a leak\); add defer tk.Stop\(\) after creating it$`
	for i := 0; i < 3; i++ {
		<-tk.C
	}
}

func consume(msgs <-chan string, handle func(string)) {
	for {
		select {
		case m := <-msgs:
			handle(m)
		case <-time.After(time.Minute): // want `^time.After in a loop allocates a timer on every iteration, and one that another case beat stays scheduled until it fires or is collected \(a cost, not a leak, since Go 1.23\); create one timer with time.NewTimer before the loop and Reset it, or use a context deadline$`
			return
		}
	}
}

// The retry wait with time.After: one timer per cancelled call stays
// scheduled until it fires.
func retry(ctx context.Context, op func() error) error {
	for {
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond): // want `^time.After in a loop allocates a timer on every iteration, and each exit through the <-ctx.Done\(\) case leaves it scheduled until it fires or is collected \(a cost, not a leak, since Go 1.23\); create one timer with time.NewTimer before the loop, defer its Stop and Reset it each round$`
		}
	}
}

// The idle timeout re-armed by each message.
func idle(msgs <-chan string, d time.Duration) {
	timeout := time.After(d)
	for {
		select {
		case <-msgs:
			timeout = time.After(d) // want `^time.After replaces the pending timer in timeout each time this case wins: a new timer per event, and the replaced one stays scheduled until it fires or is collected \(a cost, not a leak, since Go 1.23\); create one timer with time.NewTimer before the loop and Reset it$`
		case <-timeout:
			return
		}
	}
}

// ---- negatives, even with strict ----

// The seed's sleepCtx.
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

// T3 and T4 do not apply since Go 1.23, strict or not.
func poll(ctx context.Context, work func()) {
	tick := time.Tick(time.Second)
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick:
			work()
		}
	}
}

func batch(ctx context.Context, msgs <-chan string, flush func()) {
	t := time.NewTimer(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			flush()
		case <-msgs:
		}
		t.Reset(time.Second)
	}
}

// time.After outside a loop, and a retry wait with a stopped timer.
func once(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

// The retry wait with one timer, stopped on return.
func retryTimer(ctx context.Context, op func() error) error {
	t := time.NewTimer(100 * time.Millisecond)
	defer t.Stop()
	for {
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			t.Reset(100 * time.Millisecond)
		}
	}
}

// Escapes are not reported.
func newDeadline(d time.Duration) *time.Timer {
	t := time.NewTimer(d)
	return t
}
