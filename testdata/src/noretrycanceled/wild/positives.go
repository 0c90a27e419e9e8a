package wild

import (
	"context"
	stderrs "errors"
	"time"

	rgo "github.com/avast/retry-go/v4"
	bo "github.com/cenkalti/backoff/v4"
)

// --- true positives in unfamiliar spellings ----------------------------

// An aliased errors package.
func retryableAliased(err error) bool {
	if stderrs.Is(err, context.Canceled) {
		return true // want `retryableAliased answers "retry" for context.Canceled`
	}
	return false
}

// A method classifier that retries everything but its own sentinel.
type Worker struct{ max int }

func (w *Worker) shouldRetry(err error) bool {
	if stderrs.Is(err, ErrNotFound) {
		return false
	}
	return true // want `shouldRetry answers "retry" for every error that reaches this return, context.Canceled`
}

// Aliased retry-go without the context.
func aliasedRetryGo(ctx context.Context, op func() error) error {
	return rgo.Do(op, rgo.Attempts(5)) // want `rgo.Do without rgo.Context\(ctx\)`
}

// Aliased backoff with no WithContext.
func aliasedBackoff(ctx context.Context, op func() error) error {
	return bo.Retry(op, bo.WithMaxRetries(bo.NewExponentialBackOff(), 3)) // want `bo.Retry with a BackOff that has no WithContext`
}

// A closure in a variable handed to RetryIf, retrying cancellation.
func closureVar(ctx context.Context, op func() error) error {
	retryIf := func(err error) bool {
		if stderrs.Is(err, ErrNotFound) {
			return false
		}
		return true // want `answers "retry" for every error that reaches this return, context.Canceled`
	}
	return rgo.Do(op, rgo.Context(ctx), rgo.RetryIf(retryIf))
}

// A loop that sleeps blind with a context in scope.
func (w *Worker) run(ctx context.Context, op func(context.Context) error) error {
	var err error
	for i := 0; i < w.max; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `time.Sleep in a retry loop cannot be interrupted`
	}
	return err
}

// The classifiers above are used (in a table we cannot follow).
var positivePolicies = []any{retryableAliased, (*Worker).shouldRetry}
