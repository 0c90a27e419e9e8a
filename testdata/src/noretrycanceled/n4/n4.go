// Package n4 holds retry loops whose attempts run under a per-attempt
// child context.
package n4

import (
	"context"
	"errors"
	"net"
	"time"

	"noretrycanceled/n4/attempt"
)

func isRetryable(err error) bool {
	if errors.Is(err, context.Canceled) {
		return false
	}
	var ne net.Error
	// Its "retry" for DeadlineExceeded is followed, in its one user, by a
	// wait that returns once the caller has gone: not reported.
	return errors.As(err, &ne) && ne.Timeout()
}

// --- verdict, then a context-aware wait that leaves -----------------------

// The classifier answers "retry" for the caller's spent deadline too, but
// the wait after it returns as soon as the caller has gone, so no attempt
// is made for a caller that has left: not reported.
func childInLoop(ctx context.Context, op func(context.Context) error) error { // want childInLoop:"honors\\(0\\)" childInLoop:"ctx timeout\\(0\\)"
	var err error
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(ctx, time.Second)
		err = op(actx)
		cancel()
		if err == nil {
			return nil
		}
		if !isRetryable(err) {
			return err
		}
		if err := attempt.Sleep(ctx, time.Second); err != nil {
			return err
		}
	}
	return err
}

// The helper of another package runs the attempt under a timeout (by
// fact), and the classifier is a parameter.
func viaHelper(ctx context.Context, cls func(error) (bool, time.Duration), op func(context.Context) error) error { // want viaHelper:"honors\\(0\\)"
	var last error
	for i := 0; i < 3; i++ {
		last = attempt.Once(ctx, time.Second, op)
		if last == nil {
			return nil
		}
		retry, after := cls(last)
		if !retry {
			return last
		}
		if err := attempt.Sleep(ctx, after); err != nil {
			return err
		}
	}
	return last
}

// "Retry on DeadlineExceeded" after a wait that returns once the caller
// has gone: every way round is checked, not reported.
//
// "Retry on DeadlineExceeded" means "retry on the attempt's timeout" only
// while the parent is alive.
func onTimeout(ctx context.Context, op func(context.Context) error) error { // want onTimeout:"honors\\(0\\)" onTimeout:"ctx timeout\\(0\\)"
	var err error
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(ctx, time.Second)
		err = op(actx)
		cancel()
		if err == nil {
			return nil
		}
		if errors.Is(err, context.DeadlineExceeded) {
			if err := attempt.Sleep(ctx, time.Second); err != nil {
				return err
			}
			continue
		}
		return err
	}
	return err
}

// A generic helper with the classifier as a method value of its policy;
// checking the child's Err() does not tell the two apart.
type Policy struct{ Per time.Duration }

func (p *Policy) retryable(err error) bool {
	return err != nil // want `Policy.retryable answers "retry" for every error`
}

func Do[T any](ctx context.Context, p *Policy, op func(context.Context) (T, error)) (T, error) { // want Do:"honors\\(0\\)" Do:"ctx timeout\\(0\\)"
	var zero T
	for {
		actx, cancel := context.WithTimeout(ctx, p.Per)
		v, err := op(actx)
		cancel()
		if err == nil {
			return v, nil
		}
		if actx.Err() != nil {
			// the child's error says nothing about the parent
		}
		// The verdict "retry" goes through the select below, which
		// returns once the caller has gone: not reported.
		if !p.retryable(err) {
			return zero, err
		}
		t := time.NewTimer(time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
			return zero, ctx.Err()
		case <-t.C:
		}
	}
}

// --- negatives ------------------------------------------------------------------

// The parent is checked before the classifier, as in the seed.
func parentFirst(ctx context.Context, op func(context.Context) error) error { // want parentFirst:"honors\\(0\\)" parentFirst:"ctx timeout\\(0\\)"
	var err error
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(ctx, time.Second)
		err = op(actx)
		cancel()
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return errors.Join(err, ctx.Err())
		}
		if !isRetryable(err) {
			return err
		}
		if err := attempt.Sleep(ctx, time.Second); err != nil {
			return err
		}
	}
	return err
}

// The check in the same condition, before the classifier.
func sameCondition(ctx context.Context, op func(context.Context) error) error { // want sameCondition:"honors\\(0\\)"
	var last error
	for i := 0; i < 3; i++ {
		last = attempt.Once(ctx, time.Second, op)
		if last == nil {
			return nil
		}
		if ctx.Err() != nil || !isRetryable(last) {
			return last
		}
		if err := attempt.Sleep(ctx, time.Second); err != nil {
			return err
		}
	}
	return last
}

// The classifier is given the parent context: it can tell them apart.
func ctxClassifier(ctx context.Context, cls func(context.Context, error) bool, op func(context.Context) error) error { // want ctxClassifier:"honors\\(0\\)" ctxClassifier:"ctx timeout\\(0\\)"
	var err error
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(ctx, time.Second)
		err = op(actx)
		cancel()
		if err == nil || !cls(ctx, err) {
			return err
		}
		if err := attempt.Sleep(ctx, time.Second); err != nil {
			return err
		}
	}
	return err
}

// No per-attempt child: a DeadlineExceeded is the caller's.
func noChild(ctx context.Context, op func(context.Context) error) error { // want noChild:"honors\\(0\\)"
	var err error
	for i := 0; i < 3; i++ {
		err = op(ctx)
		if err == nil || !isRetryable(err) {
			return err
		}
		if err := attempt.Sleep(ctx, time.Second); err != nil {
			return err
		}
	}
	return err
}

// The verdict is overridden when the parent is done.
func overridden(ctx context.Context, op func(context.Context) error) error { // want overridden:"honors\\(0\\)" overridden:"ctx timeout\\(0\\)"
	var err error
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(ctx, time.Second)
		err = op(actx)
		cancel()
		if err == nil {
			return nil
		}
		retry := isRetryable(err)
		if ctx.Err() != nil {
			retry = false
		}
		if !retry {
			return err
		}
		if err := attempt.Sleep(ctx, time.Second); err != nil {
			return err
		}
	}
	return err
}

// --- positives -------------------------------------------------------------

// A continue right after the verdict skips the select that would have
// noticed the caller leaving: the next attempt starts at once.
func skipsWait(ctx context.Context, op func(context.Context) error) error { // want skipsWait:"honors\\(0\\)" skipsWait:"ctx timeout\\(0\\)"
	for {
		actx, cancel := context.WithTimeout(ctx, time.Second)
		err := op(actx)
		cancel()
		if err == nil {
			return nil
		}
		if errors.Is(err, context.DeadlineExceeded) { // want `the attempt's error is classified before ctx.Err\(\) is checked`
			continue
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// --- more shapes of the same mistake --------------------------------------

type client struct{ timeout time.Duration }

func (c *client) retryable(err error) bool {
	return errors.Is(err, context.DeadlineExceeded)
}

// A method-value classifier held in a variable, then continue.
func (c *client) methodValue(ctx context.Context, op func(context.Context) error) error { // want methodValue:"ctx timeout\\(0\\)"
	shouldRetry := c.retryable
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(ctx, c.timeout)
		err := op(actx)
		cancel()
		if err == nil {
			return nil
		}
		if shouldRetry(err) { // want `the attempt's error is classified before ctx.Err\(\) is checked`
			continue
		}
		return err
	}
	return nil
}

// A generic helper with a classifier parameter.
func Retry[T any](ctx context.Context, cls func(error) bool, op func(context.Context) (T, error)) (T, error) { // want Retry:"ctx timeout\\(0\\)"
	var zero T
	for {
		actx, cancel := context.WithTimeout(ctx, time.Second)
		v, err := op(actx)
		cancel()
		if err == nil {
			return v, nil
		}
		if !cls(err) { // want `the attempt's error is classified before ctx.Err\(\) is checked`
			return zero, err
		}
	}
}

// A closure classifier and a blind sleep: nothing looks at the parent.
func closureSleep(ctx context.Context, op func(context.Context) error) error { // want closureSleep:"ctx timeout\\(0\\)"
	isTimeout := func(err error) bool { return errors.Is(err, context.DeadlineExceeded) }
	for attempt := 0; attempt < 5; attempt++ {
		actx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
		err := op(actx)
		cancel()
		if err == nil || !isTimeout(err) { // want `the attempt's error is classified before ctx.Err\(\) is checked`
			return err
		}
		time.Sleep(50 * time.Millisecond) // want `time.Sleep in a retry loop cannot be interrupted`
	}
	return nil
}

// Negative twin of methodValue: the parent is checked before the verdict.
func (c *client) methodValueParentFirst(ctx context.Context, op func(context.Context) error) error { // want methodValueParentFirst:"honors\\(0\\)" methodValueParentFirst:"ctx timeout\\(0\\)"
	shouldRetry := c.retryable
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(ctx, c.timeout)
		err := op(actx)
		cancel()
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if shouldRetry(err) {
			continue
		}
		return err
	}
	return nil
}

// Negative twin of Retry: the generic helper checks the parent first.
func RetryParentFirst[T any](ctx context.Context, cls func(error) bool, op func(context.Context) (T, error)) (T, error) { // want RetryParentFirst:"honors\\(0\\)" RetryParentFirst:"ctx timeout\\(0\\) checked\\(1\\)"
	var zero T
	for {
		actx, cancel := context.WithTimeout(ctx, time.Second)
		v, err := op(actx)
		cancel()
		if err == nil {
			return v, nil
		}
		if err := ctx.Err(); err != nil {
			return zero, err
		}
		if !cls(err) {
			return zero, err
		}
	}
}
