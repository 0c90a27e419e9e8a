// Package broken does not type-check: undefined names, wrong arities in
// retry calls, methods on undefined types. The analyzer must not panic.
package broken

import (
	"context"
	"errors"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"k8s.io/apimachinery/pkg/util/wait"
)

func isRetryable(err error) bool {
	if errors.Is(err, undefinedErr) {
		return true
	}
	switch status.Code(err) {
	case codes.Unavailable:
		return true
	}
	return undefinedFunc(err)
}

func (x *Undefined) shouldRetry(err error) bool {
	if x.ctx.Err() != nil {
		return false
	}
	return true
}

func classifyErr(err error) Outcome {
	return Transient
}

func loop(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		err := missing(ctx)
		if err == nil {
			return nil
		}
		if !isRetryable(err, ctx) {
			return err
		}
		time.Sleep()
		<-time.After()
		select {
		case <-ctx.Done():
		case <-undefinedChan:
		case <-time.After(undefinedDelay):
		}
		actx, cancel := context.WithTimeout(ctx)
		err = missing(actx)
		cancel()
		if errors.Is(err) {
			continue
		}
	}
	return nil
}

func libs(ctx context.Context) error {
	retry.Do()
	retry.Do(nil, retry.RetryIf(), retry.Context())
	retry.Do(undefinedOp, opts...)
	_, _ = retry.DoWithData(func() (int, error) { return 0, nil }, retry.RetryIf(func(err error) bool { return true }, 1))
	backoff.Retry()
	backoff.Retry(undefinedOp)
	backoff.Retry(func() error { return nil }, backoff.WithContext())
	backoff.Retry(func() error { return nil }, backoff.WithMaxRetries())
	b := backoff.WithContext(undefinedBackoff, ctx)
	backoff.Retry(nil, b, extra)
	wait.ExponentialBackoff()
	return wait.ExponentialBackoffWithContext(ctx)
}

func generic[T any](ctx context.Context, fn func(context.Context) (T, error)) (T, error) {
	var zero T
	for {
		v, err := fn(ctx, extra)
		if err == nil {
			return v, nil
		}
		if werr := sleepCtx(ctx); werr != nil {
			return zero, werr
		}
	}
}

func sleepCtx(ctx context.Context, d time.Duration, extra undefinedType) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
	}
	return
}

var retryIf = func(err error) bool { return undefined }

func noBody(ctx context.Context) error

func retryLoopUntyped(ctx context.Context) {
	for x := range undefinedSeq {
		_ = x
		time.Sleep(time.Second)
	}
}
