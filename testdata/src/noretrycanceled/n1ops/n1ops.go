// Package n1ops holds classifiers called inside the operation of a retry
// helper: the helper that stops once the caller's context is done never
// acts on a "retry" for the caller's spent deadline.
package n1ops

import (
	"context"
	"errors"
	"net"

	retry "github.com/avast/retry-go/v4"
)

func read(ctx context.Context) error { return ctx.Err() }

// retryOperation hands its context to retry-go, which returns once it is
// done instead of attempting again.
func retryOperation(ctx context.Context, do func() error) error {
	return retry.Do(do, retry.Context(ctx), retry.Attempts(3))
}

// retryBlind runs every attempt whatever the caller's context.
func retryBlind(ctx context.Context, do func() error) error {
	return retry.Do(do, retry.Attempts(3)) // want `retry.Do without retry.Context\(ctx\) keeps retrying after the caller.s context is cancelled`
}

// --- negatives -------------------------------------------------------------

func shouldRetryRead(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout() || errors.Is(err, context.DeadlineExceeded)
}

func Get(ctx context.Context) error {
	return retryOperation(ctx, func() error {
		if err := read(ctx); err != nil {
			if shouldRetryRead(err) {
				return err
			}
			return retry.Unrecoverable(err)
		}
		return nil
	})
}

func shouldRetrySlow(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func Fetch(ctx context.Context) error {
	return retry.Do(func() error {
		err := read(ctx)
		if err != nil && !shouldRetrySlow(err) {
			return retry.Unrecoverable(err)
		}
		return err
	}, retry.Context(ctx))
}

// --- positives -------------------------------------------------------------

func shouldRetryPut(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout() // want `shouldRetryPut answers "retry" for a net.Error or timeout, and context.DeadlineExceeded`
}

func Put(ctx context.Context) error {
	return retryBlind(ctx, func() error {
		err := read(ctx)
		if err != nil && !shouldRetryPut(err) {
			return retry.Unrecoverable(err)
		}
		return err
	})
}

func shouldRetryDelete(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout() // want `shouldRetryDelete answers "retry" for a net.Error or timeout, and context.DeadlineExceeded`
}

func Delete(ctx context.Context) error {
	return retry.Do(func() error {
		err := read(ctx)
		if err != nil && !shouldRetryDelete(err) {
			return retry.Unrecoverable(err)
		}
		return err
	}, retry.Context(context.Background()))
}
