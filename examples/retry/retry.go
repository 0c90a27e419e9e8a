// Package retry is a small, correct retry helper: one budget for the
// series, a timeout per attempt, the caller's context checked before every
// verdict, full jitter, and a wait that ends when the context does. It is
// the reference for correct code: reslint reports nothing in it.
//
// Do carries no annotation and needs no configuration. reslint infers that it
// is a retry helper: it calls its func-typed parameter op (through
// runAttempt) inside a loop that goes round again after op returned an
// error. The inference is exported as an analysis Fact, so in every package
// that imports this one the closure passed to retry.Do is a retry scope (see
// examples/payments).
package retry

import (
	"context"
	"errors"
	"math/rand/v2" // Go 1.22+: a lock-free global generator, no manual Seed
	"time"
)

// Policy bounds one retry series.
type Policy struct {
	MaxAttempts int           // all attempts, the first one included
	Base        time.Duration // first backoff, e.g. 100ms
	Cap         time.Duration // ceiling of one pause, e.g. 5s
	PerAttempt  time.Duration // timeout of one attempt; 0: no own timeout
	Budget      time.Duration // ceiling of the whole series; 0: only ctx limits it
}

// Classifier answers two questions at once: retry or not, and did the server
// name the pause itself (Retry-After, gRPC RetryInfo).
type Classifier func(err error) (retry bool, after time.Duration)

// Do runs op until it succeeds, cls says stop, the attempts run out or ctx is
// done.
func Do(ctx context.Context, p Policy, cls Classifier, op func(context.Context) error) error {
	if p.MaxAttempts <= 0 {
		p.MaxAttempts = 3
	}
	if p.Base <= 0 {
		p.Base = 100 * time.Millisecond
	}
	if p.Cap <= 0 {
		p.Cap = 5 * time.Second
	}

	if p.Budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, p.Budget)
		defer cancel() // required: otherwise the timer lives until the parent ctx ends
	}

	var last error
	for attempt := 0; attempt < p.MaxAttempts; attempt++ {
		// GOOD: no network call with a deadline that has already passed.
		if err := ctx.Err(); err != nil {
			return errors.Join(last, err)
		}

		last = runAttempt(ctx, p.PerAttempt, op)
		if last == nil {
			return nil
		}

		// GOOD: the parent is checked before the classifier, so an attempt's
		// own timeout is not mistaken for the caller leaving (N4).
		if ctx.Err() != nil {
			return errors.Join(last, ctx.Err())
		}

		retry, after := cls(last)
		if !retry || attempt == p.MaxAttempts-1 {
			return last
		}

		delay := after // GOOD: the server named the pause (Retry-After), honour it
		if delay <= 0 {
			delay = fullJitter(p.Base, p.Cap, attempt)
		}
		if err := sleepOrDone(ctx, delay); err != nil { // GOOD: the wait ends when ctx does (N2)
			return errors.Join(last, err)
		}
	}
	return last
}

// runAttempt gives every attempt its own time limit. Without it one hung
// attempt eats the whole budget and no retry ever happens.
func runAttempt(ctx context.Context, per time.Duration, op func(context.Context) error) error {
	if per <= 0 {
		return op(ctx)
	}
	actx, cancel := context.WithTimeout(ctx, per)
	defer cancel()
	return op(actx)
}

// sleepOrDone waits for d or until ctx is done, whichever comes first.
func sleepOrDone(ctx context.Context, d time.Duration) error {
	// No point sleeping past the deadline: fail now instead of waking a
	// timer into a dead request.
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) <= d {
		return context.DeadlineExceeded
	}
	t := time.NewTimer(d)
	defer t.Stop() // GOOD: before Go 1.23 an unstopped timer lives until it fires (T1)
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// fullJitter is "full jitter" exponential backoff: a random pause in
// (0, min(capD, base*2^attempt)].
func fullJitter(base, capD time.Duration, attempt int) time.Duration {
	backoff := base << attempt          // base * 2^attempt
	if backoff > capD || backoff <= 0 { // <= 0: int64 overflow guard
		backoff = capD
	}
	return time.Duration(rand.Int64N(int64(backoff)) + 1) // GOOD: randomness decorrelates clients (backoffjitter)
}
