// Package retry is a reslint test stub of github.com/sethvargo/go-retry@v0.5.0: signatures match the real API.
package retry

import (
	"context"
	"time"
)

// ---- backoff.go

// Backoff is an interface that backs off.
type Backoff interface {
	// Next returns the time duration to wait and whether to stop.
	Next() (next time.Duration, stop bool)
}

// BackoffFunc is a backoff expressed as a function.
type BackoffFunc func() (time.Duration, bool)

// Next implements Backoff.
func (b BackoffFunc) Next() (time.Duration, bool) { return b() }

func WithJitter(j time.Duration, next Backoff) Backoff            { return next }
func WithJitterPercent(j uint64, next Backoff) Backoff            { return next }
func WithFullJitter(next Backoff) Backoff                         { return next }
func WithMaxRetries(max uint64, next Backoff) Backoff             { return next }
func WithCappedDuration(cap time.Duration, next Backoff) Backoff  { return next }
func WithMaxDuration(timeout time.Duration, next Backoff) Backoff { return next }

// ---- backoff_constant.go, backoff_exponential.go, backoff_fibonacci.go

func Constant(ctx context.Context, t time.Duration, f RetryFunc) error       { return nil }
func NewConstant(t time.Duration) Backoff                                    { return nil }
func Exponential(ctx context.Context, base time.Duration, f RetryFunc) error { return nil }
func NewExponential(base time.Duration) Backoff                              { return nil }
func Fibonacci(ctx context.Context, base time.Duration, f RetryFunc) error   { return nil }
func NewFibonacci(base time.Duration) Backoff                                { return nil }

// ---- retry.go

// RetryFunc is a function passed to Do.
type RetryFunc func(ctx context.Context) error

// RetryFuncValue is a function passed to Do which returns a value.
type RetryFuncValue[T any] func(ctx context.Context) (T, error)

type retryableError struct {
	err error
}

// RetryableError marks an error as retryable.
func RetryableError(err error) error {
	if err == nil {
		return nil
	}
	return &retryableError{err}
}

func (e *retryableError) Unwrap() error { return e.err }
func (e *retryableError) Error() string { return "retryable: " + e.err.Error() }

func DoValue[T any](ctx context.Context, b Backoff, f RetryFuncValue[T]) (T, error) {
	var zero T
	return zero, nil
}

// Do wraps a function with a backoff to retry.
func Do(ctx context.Context, b Backoff, f RetryFunc) error { return nil }
