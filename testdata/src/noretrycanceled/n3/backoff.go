package n3

import (
	"context"
	"time"

	"github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
)

// --- backoff v4 positives ---------------------------------------------------

func plainRetry(ctx context.Context) error {
	return backoff.Retry(func() error { return call(ctx) }, backoff.NewExponentialBackOff()) // want `backoff.Retry with a BackOff that has no WithContext keeps retrying after the caller's context is cancelled`
}

func notify(ctx context.Context) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = time.Minute
	return backoff.RetryNotify(func() error { return call(ctx) }, b, func(error, time.Duration) {}) // want `backoff.RetryNotify with a BackOff that has no WithContext`
}

func maxRetries(ctx context.Context) (int, error) {
	return backoff.RetryWithData(func() (int, error) { return get(ctx) }, backoff.WithMaxRetries(&backoff.ConstantBackOff{Interval: time.Second}, 3)) // want `backoff.RetryWithData with a BackOff that has no WithContext`
}

func constant(ctx context.Context) error {
	b := backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 5)
	return backoff.RetryNotifyWithTimer(func() error { return call(ctx) }, b, nil, nil) // want `backoff.RetryNotifyWithTimer with a BackOff that has no WithContext`
}

// --- backoff negatives --------------------------------------------------------

func withCtx(ctx context.Context) error {
	return backoff.Retry(func() error { return call(ctx) }, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

func ctxInsideMaxRetries(ctx context.Context) error {
	b := backoff.WithMaxRetries(backoff.WithContext(backoff.NewExponentialBackOff(), ctx), 3)
	return backoff.Retry(func() error { return call(ctx) }, b)
}

func fromParam(ctx context.Context, b backoff.BackOff) error {
	return backoff.Retry(func() error { return call(ctx) }, b)
}

func noCtx() error {
	return backoff.Retry(func() error { return call(nil) }, backoff.NewExponentialBackOff())
}

func v5(ctx context.Context) (int, error) {
	return backoffv5.Retry(ctx, func() (int, error) { return get(ctx) }, backoffv5.WithBackOff(backoffv5.NewExponentialBackOff()))
}
