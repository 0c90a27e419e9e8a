package handy

import (
	"context"
	"errors"
	"time"

	"github.com/streadway/handy/breaker"
)

type Endpoint func(ctx context.Context, request any) (any, error)

// Positives: the failure recorder runs for every non-nil error.

func Breaker(cb breaker.Breaker) func(Endpoint) Endpoint {
	return func(next Endpoint) Endpoint {
		return func(ctx context.Context, request any) (response any, err error) {
			if !cb.Allow() {
				return nil, breaker.ErrCircuitOpen
			}
			defer func(begin time.Time) {
				if err == nil {
					cb.Success(time.Since(begin))
				} else {
					cb.Failure(time.Since(begin)) // want `breaker.Breaker.Failure records every non-nil error as a failure, the caller's context.Canceled included`
				}
			}(time.Now())
			response, err = next(ctx, request)
			return
		}
	}
}

func call(ctx context.Context, next Endpoint, req any) (any, error) {
	cb := breaker.NewBreaker(0.05)
	if !cb.Allow() {
		return nil, breaker.ErrCircuitOpen
	}
	begin := time.Now()
	resp, err := next(ctx, req)
	if err != nil {
		cb.Failure(time.Since(begin)) // want `Failure records every non-nil error`
		return nil, err
	}
	cb.Success(time.Since(begin))
	return resp, nil
}

// Negatives.

// The recorder leaves the caller's cancellation out first.
func BreakerForgiving(cb breaker.Breaker) func(Endpoint) Endpoint {
	return func(next Endpoint) Endpoint {
		return func(ctx context.Context, request any) (response any, err error) {
			if !cb.Allow() {
				return nil, breaker.ErrCircuitOpen
			}
			defer func(begin time.Time) {
				switch {
				case err == nil:
					cb.Success(time.Since(begin))
				case errors.Is(err, context.Canceled):
				default:
					cb.Failure(time.Since(begin))
				}
			}(time.Now())
			response, err = next(ctx, request)
			return
		}
	}
}

// The same nil test, after the cancellation was sorted out.
func callForgiving(ctx context.Context, next Endpoint, req any) (any, error) {
	cb := breaker.NewBreaker(0.05)
	if !cb.Allow() {
		return nil, breaker.ErrCircuitOpen
	}
	begin := time.Now()
	resp, err := next(ctx, req)
	if ctx.Err() != nil {
		return nil, err
	}
	if err != nil {
		cb.Failure(time.Since(begin))
		return nil, err
	}
	cb.Success(time.Since(begin))
	return resp, nil
}

// The failure is recorded on a status, not on every error.
func callStatus(ctx context.Context, next Endpoint, req any) (any, error) {
	cb := breaker.NewBreaker(0.05)
	begin := time.Now()
	resp, err := next(ctx, req)
	if code, ok := resp.(int); ok && code >= 500 {
		cb.Failure(time.Since(begin))
	}
	return resp, err
}

// No context can reach the request: its errors are the dependency's.
func callNoContext(cb breaker.Breaker, read func() error) error {
	begin := time.Now()
	if err := read(); err != nil {
		cb.Failure(time.Since(begin))
		return err
	}
	cb.Success(time.Since(begin))
	return nil
}
