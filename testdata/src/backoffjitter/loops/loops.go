// Package loops has retry loops whose waits have no random part
// (reported) beside their jittered, server-driven and unknown twins.
package loops

import (
	"context"
	"errors"
	"testing"
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"
)

func call(ctx context.Context) error { return errors.New("x") }

const base = 100 * time.Millisecond

// --- exponential ---

func expShift(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(base << attempt) // want `exponential backoff base << attempt between retry attempts has no random part`
	}
	return err
}

func expShiftLocal(ctx context.Context, b time.Duration) error {
	var err error
	for attempt := range 5 {
		if err = call(ctx); err == nil {
			return nil
		}
		backoff := b << attempt
		if backoff > 5*time.Second {
			backoff = 5 * time.Second
		}
		time.Sleep(backoff) // want `exponential backoff b << attempt`
	}
	return err
}

func expPow(ctx context.Context) error {
	var err error
	for i := 0; i < 5; i++ {
		err = call(ctx)
		if err == nil {
			return nil
		}
		d := time.Duration(math.Pow(2, float64(i))) * base
		time.Sleep(d) // want `exponential backoff math.Pow\(2, float64\(i\)\)`
	}
	return err
}

func expDoubling(ctx context.Context) error {
	wait := base
	var err error
	for i := 0; i < 5; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(wait) // want `backoff grown by a constant factor \(wait \*= 2\)`
		wait *= 2
	}
	return err
}

func growThreeHalves(ctx context.Context) error { // want growThreeHalves:"honors\\(0\\)"
	wait := 200 * time.Millisecond
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		select { // the wait: a timer raced only against ctx.Done
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait): // want `backoff grown by a constant factor \(wait = wait \* 3 / 2\)`
		}
		wait = wait * 3 / 2
	}
}

// --- linear ---

func linear(ctx context.Context) error {
	var err error
	for attempt := 1; attempt <= 3; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt) * time.Second) // want `linear backoff time.Duration\(attempt\) \* time.Second`
	}
	return err
}

func linearStep(ctx context.Context) error {
	d := time.Second
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(d) // want `linear backoff d \+= 500 \* time.Millisecond`
		d += 500 * time.Millisecond
	}
}

// --- constant ---

func constant(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second) // want `constant wait 2s between retry attempts`
	}
	return err
}

func constantLocal(ctx context.Context) error { // want constantLocal:"honors\\(0\\)"
	delay := 250 * time.Millisecond
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		t := time.NewTimer(delay) // want `constant wait 250ms`
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

// backoffFor computes the wait: a helper of this package, followed into.
func backoffFor(attempt int) time.Duration {
	return base * time.Duration(1<<attempt)
}

func expHelper(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(backoffFor(attempt)) // want `exponential backoff 1 << attempt`
	}
	return err
}

// sleep waits for d or until ctx is done: a sleep helper, recognised by
// what it does.
func sleep(ctx context.Context, d time.Duration) error { // want sleep:"sleeps\\(1\\)"
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func constantViaSleepHelper(ctx context.Context) error { // want constantViaSleepHelper:"honors\\(0\\)"
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		if err := sleep(ctx, time.Second); err != nil { // want `constant wait 1s`
			return err
		}
	}
}

// --- negatives: jitter ---

func fullJitter(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(rand.N(base << attempt))
	}
	return err
}

func equalJitter(ctx context.Context) error { // want equalJitter:"honors\\(0\\)"
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		b := base << attempt
		d := b/2 + rand.N(b/2)
		if err := sleep(ctx, d); err != nil {
			return err
		}
	}
	return err
}

// jitter is a random helper of this package (exports a fact).
func jitter(d time.Duration) time.Duration { // want jitter:"returns random"
	return time.Duration(rand.Float64() * float64(d))
}

func jitterHelper(ctx context.Context) error {
	wait := base
	var err error
	for i := 0; i < 5; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(jitter(wait))
		wait *= 2
	}
	return err
}

// decorrelated jitter: the next wait grows from a random one.
func decorrelated(ctx context.Context) error {
	sleepFor := base
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		sleepFor = min(5*time.Second, base+time.Duration(rand.Int64N(int64(sleepFor*3-base))))
		time.Sleep(sleepFor)
	}
}

type policy struct {
	base   time.Duration
	jitter func(time.Duration) time.Duration
}

func randField(ctx context.Context) error {
	p := policy{base: base}
	var err error
	for i := 0; i < 3; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(p.jitter(p.base << i)) // a func-typed field: unknown
	}
	return err
}

type retrier struct{ next time.Duration }

func (r *retrier) pick() { r.next = time.Duration(rand.Int64N(int64(time.Second))) }

func randStoredInField(ctx context.Context, r *retrier) error {
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		r.pick()
		time.Sleep(r.next)
	}
}

// --- negatives: the server chose the wait ---

type retryAfterError struct{ after time.Duration }

func (e *retryAfterError) Error() string { return "throttled" }

func parseRetryAfter(resp *http.Response) time.Duration { // want parseRetryAfter:"returns server"
	s, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil {
		return 0
	}
	return time.Duration(s) * time.Second
}

func retryAfter(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for {
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		if err == nil {
			time.Sleep(parseRetryAfter(resp))
			continue
		}
		return nil, err
	}
}

func retryAfterField(ctx context.Context, resp *http.Response) error {
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		e := &retryAfterError{after: parseRetryAfter(resp)}
		time.Sleep(e.after)
	}
}

// --- negatives: unknown or passed in ---

type backOff interface{ NextBackOff() time.Duration }

func library(ctx context.Context, b backOff) error {
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff())
	}
}

func passedIn(ctx context.Context, interval time.Duration) error {
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(interval)
	}
}

func classifier(ctx context.Context, cls func(error) (bool, time.Duration)) error {
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		retry, after := cls(err)
		if !retry {
			return err
		}
		time.Sleep(after)
	}
}

// --- negatives: not a wait between attempts ---

func attemptTimeout(ctx context.Context, ch chan error) error {
	for i := 0; i < 3; i++ {
		go func() { ch <- call(ctx) }()
		var err error
		select {
		case err = <-ch:
		case <-time.After(5 * time.Second): // a per-attempt timeout, not a wait
			err = errors.New("timeout")
		}
		if err == nil {
			return nil
		}
		time.Sleep(rand.N(time.Second))
	}
	return errors.New("gave up")
}

func pollNotRetry(ctx context.Context) {
	for i := 0; i < 10; i++ {
		time.Sleep(time.Second) // no attempt that fails: a poll, not a retry
	}
}

func zeroWait(ctx context.Context) error {
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(0)
	}
}

func goroutineInLoop(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		if err := call(ctx); err == nil {
			return nil
		}
		go func() {
			time.Sleep(time.Second) // runs beside the loop, not between attempts
		}()
		time.Sleep(rand.N(time.Second))
	}
	return nil
}

// doWithRetry is an inferred retry helper: its loop runs op and waits.
func doWithRetry(ctx context.Context, attempts int, op func(context.Context) error) error {
	var err error
	for i := 0; i < attempts; i++ {
		err = op(ctx)
		if err == nil {
			return nil
		}
		if i < attempts-1 {
			time.Sleep(time.Duration(i+1) * 200 * time.Millisecond) // want `linear backoff time.Duration\(i\+1\) \* 200 \* time.Millisecond`
		}
	}
	return err
}

func useHelper(ctx context.Context) error {
	return doWithRetry(ctx, 3, func(ctx context.Context) error {
		err := call(ctx)
		time.Sleep(100 * time.Millisecond) // inside the operation: not the wait between attempts
		return err
	})
}

func ignored(ctx context.Context) error {
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		//reslint:ignore backoffjitter a single local client polls its own sidecar
		time.Sleep(time.Second)
	}
}

func deadlineWait(ctx context.Context, deadline time.Time) error {
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Until(deadline) / 2) // computed from the clock: not judged
	}
}

func randomFirstThenFormula(ctx context.Context) error {
	d := rand.N(base)
	for i := 0; i < 3; i++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(d)
		d += base // grows from a random start
	}
	return nil
}

// A readiness poll with a short constant interval: each attempt's own
// latency keeps clients apart (at or below -backoffjitter.minwait).
func shortPoll(ctx context.Context) error {
	for i := 0; i < 50; i++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.New("not ready")
}

// Just above it, the same loop is reported.
func longerPoll(ctx context.Context) error {
	for i := 0; i < 50; i++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(150 * time.Millisecond) // want `constant wait 150ms between retry attempts`
	}
	return errors.New("not ready")
}

// A test harness waiting for its own cluster: one process, no herd.
func waitReady(t testing.TB, ctx context.Context) error {
	for i := 0; i < 30; i++ {
		if err := call(ctx); err == nil {
			return nil
		}
		t.Logf("waiting for the cluster")
		time.Sleep(2 * time.Second)
	}
	return errors.New("not ready")
}
