// Package retry is a reslint test stub of github.com/grpc-ecosystem/go-grpc-middleware/v2@v2.3.4: signatures match the real API.
package retry

import (
	"context"
	"time"

	"google.golang.org/grpc"
)

// BackoffFunc denotes a family of functions that control the backoff duration between call retries.
type BackoffFunc func(ctx context.Context, attempt uint) time.Duration

type options struct {
	max         uint
	backoffFunc BackoffFunc
}

// CallOption is a grpc.CallOption that is local to grpc_retry.
type CallOption struct {
	grpc.EmptyCallOption // make sure we implement private after() and before() fields so we don't panic.
	applyFunc            func(opt *options)
}

// WithMax sets the maximum number of retries on this call, or this interceptor.
func WithMax(maxRetries uint) CallOption { return CallOption{} }

// WithBackoff sets the `BackoffFunc` used to control time between retries.
func WithBackoff(bf BackoffFunc) CallOption { return CallOption{} }

// BackoffLinear is very simple: it waits for a fixed period of time between calls.
func BackoffLinear(waitBetween time.Duration) BackoffFunc { return nil }

// BackoffLinearWithJitter waits a set period of time, allowing for jitter (fractional adjustment).
func BackoffLinearWithJitter(waitBetween time.Duration, jitterFraction float64) BackoffFunc {
	return nil
}

// BackoffExponential produces increasing intervals for each attempt.
func BackoffExponential(scalar time.Duration) BackoffFunc { return nil }

// BackoffExponentialWithJitter creates an exponential backoff like
// BackoffExponential does, but adds jitter.
func BackoffExponentialWithJitter(scalar time.Duration, jitterFraction float64) BackoffFunc {
	return nil
}

func BackoffExponentialWithJitterBounded(scalar time.Duration, jitterFrac float64, maxBound time.Duration) BackoffFunc {
	return nil
}
