// Package helpers holds retry helpers in the seed's style, to be inferred.
package helpers

import (
	"context"
	"errors"
	"time"
)

type Policy struct {
	MaxAttempts int
	PerAttempt  time.Duration
}

type Classifier func(err error) (retry bool, after time.Duration)

// Do is the seed's helper: op is called through attemptOnce, in a loop that
// goes round again when the attempt failed.
func Do(ctx context.Context, p Policy, cls Classifier, op func(context.Context) error) error { // want Do:"callsparam\\(2,3\\)" Do:"retryhelper\\(3\\) inferred$" Do:"honors\\(0\\)"
	var last error
	for attempt := 0; attempt < p.MaxAttempts; attempt++ {
		if err := ctx.Err(); err != nil {
			return errors.Join(last, err)
		}
		last = attemptOnce(ctx, p.PerAttempt, op)
		if last == nil {
			return nil
		}
		if ctx.Err() != nil {
			return errors.Join(last, ctx.Err())
		}
		retry, after := cls(last)
		if !retry {
			return last
		}
		if err := sleepCtx(ctx, after); err != nil {
			return errors.Join(last, err)
		}
	}
	return last
}

func attemptOnce(ctx context.Context, per time.Duration, op func(context.Context) error) error { // want attemptOnce:"callsparam\\(2\\)"
	if per <= 0 {
		return op(ctx)
	}
	actx, cancel := context.WithTimeout(ctx, per)
	defer cancel()
	return op(actx)
}

func sleepCtx(ctx context.Context, d time.Duration) error { // want sleepCtx:"sleeps\\(1\\)"
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// DoValue is a generic helper: the error is the last of two results, and
// the failure path goes round again with continue.
func DoValue[T any](ctx context.Context, attempts int, op func(context.Context) (T, error)) (T, error) { // want DoValue:"callsparam\\(2\\)" DoValue:"retryhelper\\(2\\) inferred"
	var zero T
	var err error
	for i := range attempts {
		var v T
		if v, err = op(ctx); err != nil {
			_ = sleepCtx(ctx, time.Duration(i)*time.Millisecond)
			continue
		}
		return v, nil
	}
	return zero, err
}

// Until retries while the error is non-nil, in the loop condition.
func Until(op func() error) { // want Until:"callsparam\\(0\\)" Until:"retryhelper\\(0\\) inferred blind uninterruptible$" Until:"sleeps"
	for err := op(); err != nil; err = op() {
		time.Sleep(time.Second)
	}
}

// Marked is a helper that reslint cannot infer (it delegates to a queue),
// marked by its author.
//
//reslint:retry
func Marked(op func() error, notify func(string)) error { // want Marked:"retryhelper\\(0\\) marked"
	return enqueue(op)
}

var queue []func() error

func enqueue(op func() error) error {
	queue = append(queue, op)
	return nil
}

// Wrap hands its parameter to a retry helper: it is a helper too.
func Wrap(ctx context.Context, op func(context.Context) error) error { // want Wrap:"callsparam\\(1\\)" Wrap:"retryhelper\\(1\\) inferred" Wrap:"honors\\(0\\)"
	return Do(ctx, Policy{MaxAttempts: 3}, nil, op)
}

// Negative: calls its func parameter once.
func Once(op func() error) error { // want Once:"callsparam\\(0\\)"
	return op()
}

// Negative: a loop over a collection that does not wait is not a retry,
// even though it goes on after an error.
func ForEach(items []string, fn func(string) error) error { // want ForEach:"callsparam\\(1\\)"
	var errs []error
	for _, it := range items {
		if err := fn(it); err != nil {
			errs = append(errs, err)
			continue
		}
	}
	return errors.Join(errs...)
}

// Negative: a worker loop that stops at the first error and goes on after
// success is not a retry.
func Poll(ctx context.Context, fn func() (bool, error)) error { // want Poll:"callsparam\\(1\\)"
	for {
		done, err := fn()
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Negative: handler loop that logs errors and never leaves on success.
func Serve(next func() error, log func(error)) { // want Serve:"callsparam\\(0,1\\)"
	for {
		if err := next(); err != nil {
			log(err)
		}
	}
}

// Negative: the callback is registered, not called.
func Register(op func() error) {
	queue = append(queue, op)
}

// Invoke shares one error variable between the attempt and the sleeper
// (as gax-go's invoke does): only call is retried, not sp.
func Invoke(ctx context.Context, call func(context.Context) error, sp func(context.Context, time.Duration) error) (err error) { // want Invoke:"callsparam\\(1,2\\)" Invoke:"retryhelper\\(1\\) inferred"
	for {
		err = call(ctx)
		if err == nil {
			return nil
		}
		if err = sp(ctx, time.Second); err != nil {
			return err
		}
	}
}
