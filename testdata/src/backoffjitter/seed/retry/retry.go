// Package retry is the seed's retry helper, verbatim in spirit: it checks
// ctx.Err() before each attempt and before classifying, runs each attempt
// under its own timeout, and waits in a select on ctx.Done().
package retry

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

type Policy struct {
	MaxAttempts int
	Base        time.Duration
	Cap         time.Duration
	PerAttempt  time.Duration
	Budget      time.Duration
}

// Classifier answers two questions: retry or not, and did the server name
// the pause itself (Retry-After, gRPC RetryInfo).
type Classifier func(err error) (retry bool, after time.Duration)

func Do(ctx context.Context, p Policy, cls Classifier, op func(context.Context) error) error { // want Do:"honors\\(0\\)"
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
		defer cancel()
	}

	var last error
	for attempt := 0; attempt < p.MaxAttempts; attempt++ {
		if err := ctx.Err(); err != nil {
			return errors.Join(last, err)
		}

		last = attemptOnce(ctx, p.PerAttempt, op)
		if last == nil {
			return nil
		}

		// The parent's cancellation is not a transient error: check it
		// before the classifier, or a per-attempt timeout is mistaken for
		// the caller leaving.
		if ctx.Err() != nil {
			return errors.Join(last, ctx.Err())
		}

		retry, after := cls(last)
		if !retry || attempt == p.MaxAttempts-1 {
			return last
		}

		delay := after
		if delay <= 0 {
			delay = fullJitter(p.Base, p.Cap, attempt)
		}
		if err := sleepCtx(ctx, delay); err != nil {
			return errors.Join(last, err)
		}
	}
	return last
}

func attemptOnce(ctx context.Context, per time.Duration, op func(context.Context) error) error {
	if per <= 0 {
		return op(ctx)
	}
	actx, cancel := context.WithTimeout(ctx, per)
	defer cancel()
	return op(actx)
}

func sleepCtx(ctx context.Context, d time.Duration) error { // want sleepCtx:"sleeps\\(1\\)"
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

func fullJitter(base, capD time.Duration, attempt int) time.Duration { // want fullJitter:"returns random"
	backoff := base << attempt
	if backoff > capD || backoff <= 0 {
		backoff = capD
	}
	return time.Duration(rand.Int64N(int64(backoff)) + 1)
}
