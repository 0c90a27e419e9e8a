package wild

import (
	"context"
	"errors"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"k8s.io/apimachinery/pkg/util/wait"
)

// retry-go with the context carried in an options slice.
func retryGoOpts(ctx context.Context, op func() error) error {
	opts := []retry.Option{
		retry.Context(ctx),
		retry.Attempts(5),
		retry.RetryIf(isRetryable),
	}
	return retry.Do(op, opts...)
}

// retry-go with the options built by append.
func retryGoAppend(ctx context.Context, op func() error, extra ...retry.Option) error {
	opts := append([]retry.Option{retry.Context(ctx)}, extra...)
	return retry.Do(op, opts...)
}

// retry-go DoWithData with a classifier method value.
func (c *Client) retryGoData(ctx context.Context) (string, error) {
	return retry.DoWithData(func() (string, error) {
		return "", nil
	}, retry.Context(ctx), retry.RetryIf(c.isRetryable), retry.Delay(time.Second))
}

// backoff v4: WithContext in a variable, then WithMaxRetries.
func backoffVar(ctx context.Context, op func() error) error {
	b := backoff.WithContext(backoff.NewExponentialBackOff(), ctx)
	return backoff.Retry(op, backoff.WithMaxRetries(b, 5))
}

// The same assigned in two steps.
func backoffSteps(ctx context.Context, op func() error) error {
	var b backoff.BackOff = backoff.NewExponentialBackOff()
	b = backoff.WithContext(b, ctx)
	b = backoff.WithMaxRetries(b, 3)
	return backoff.Retry(op, b)
}

// RetryNotify with WithContext inline and a permanent error for
// cancellation.
func backoffNotify(ctx context.Context, op func() error) error {
	return backoff.RetryNotify(func() error {
		err := op()
		if errors.Is(err, context.Canceled) {
			return backoff.Permanent(err)
		}
		return err
	}, backoff.WithMaxRetries(backoff.WithContext(backoff.NewConstantBackOff(time.Second), ctx), 3), func(err error, d time.Duration) {})
}

// wait.ExponentialBackoffWithContext.
func waitCtx(ctx context.Context, ready func(context.Context) (bool, error)) error {
	return wait.ExponentialBackoffWithContext(ctx, wait.Backoff{Duration: time.Second, Factor: 2, Steps: 5}, func(ctx context.Context) (bool, error) {
		return ready(ctx)
	})
}

// No context in scope: the libraries cannot be given one.
func retryGoNoCtx(op func() error) error {
	return retry.Do(op, retry.Attempts(3))
}

func backoffNoCtx(op func() error) error {
	return backoff.Retry(op, backoff.NewExponentialBackOff())
}
