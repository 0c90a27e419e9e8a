// Package polarity holds predicates whose true answer means "stop":
// handed to a retry helper that leaves when they say true, or marked as
// the classifier under a name that says so. Their `return true` for a
// context error is the correct answer, not a retry.
package polarity

import (
	"context"
	"errors"
	"net"
	"time"
)

type permanentError struct{ err error }

func (e *permanentError) Error() string { return e.err.Error() }

// withRetry gives up on the first error isFatal says is fatal.
func withRetry(ctx context.Context, isFatal func(error) bool, op func(context.Context) error) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = op(ctx); err == nil {
			return nil
		}
		if isFatal(err) {
			return err
		}
		t := time.NewTimer(time.Duration(attempt+1) * 100 * time.Millisecond)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}

// do leaves on true too, and its parameter says nothing: the body decides.
func do(ctx context.Context, op func(context.Context) error, check func(error) bool) error {
	for {
		err := op(ctx)
		if err == nil || check(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// retryIf goes round when its predicate says true (the usual polarity).
func retryIf(ctx context.Context, op func(context.Context) error, cond func(error) bool) error {
	for {
		err := op(ctx)
		if err == nil {
			return nil
		}
		if !cond(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// --- negatives: true means stop, and context errors stop ---------------

// isPermanent stops on context errors: correct.
func isPermanent(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var pe *permanentError
	return errors.As(err, &pe)
}

func fetch(ctx context.Context) error {
	return withRetry(ctx, isPermanent, func(ctx context.Context) error { return nil })
}

func fetchChecked(ctx context.Context) error {
	return do(ctx, func(ctx context.Context) error { return nil }, func(err error) bool {
		return ctx.Err() != nil || errors.Is(err, context.Canceled) || !isNetErr(err)
	})
}

func isNetErr(err error) bool {
	var ne net.Error
	return errors.As(err, &ne)
}

// IsFatal is the package's one classifier; true means give up.
//
//reslint:classifier
func IsFatal(err error) bool {
	switch {
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return true
	case isNetErr(err):
		return false
	}
	return true
}

// giveUp is marked under a name that says nothing either way; its
// callers leave when it says true.
//
//reslint:classifier
func decide(err error) bool {
	if errors.Is(err, context.Canceled) {
		return true
	}
	return !isNetErr(err)
}

func poll(ctx context.Context, op func(context.Context) error) error {
	for {
		err := op(ctx)
		if err == nil {
			return nil
		}
		if decide(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// --- positives: the same shapes answering "retry" for context errors ---

// isUnrecoverable says "not fatal" for a cancellation: withRetry then
// retries it.
func isUnrecoverable(err error) bool {
	if errors.Is(err, context.Canceled) {
		return false // want `isUnrecoverable answers "retry" for context.Canceled`
	}
	var pe *permanentError
	return errors.As(err, &pe)
}

func fetchAgain(ctx context.Context) error {
	return withRetry(ctx, isUnrecoverable, func(ctx context.Context) error { return nil })
}

// The helper's body decides over the argument's name: retryIf goes round
// on true, so isTerminal's true for a cancellation retries it.
func isTerminal(err error) bool {
	if errors.Is(err, context.Canceled) {
		return true // want `isTerminal answers "retry" for context.Canceled`
	}
	return false
}

func fetchTerminal(ctx context.Context) error {
	return retryIf(ctx, func(ctx context.Context) error { return nil }, isTerminal)
}
