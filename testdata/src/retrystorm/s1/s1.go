// Package s1 holds retries around circuit breakers: those that retry the
// breaker's refusal (reported) and their correct twins.
package s1

import (
	"context"
	"errors"
	"net"
	"time"

	"github.com/afex/hystrix-go/hystrix"
	retry "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/circuitbreaker"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	mcb "github.com/mercari/go-circuitbreaker"
	goretry "github.com/sethvargo/go-retry"
	"github.com/sony/gobreaker"
	gobreaker2 "github.com/sony/gobreaker/v2"
)

var (
	cb   = gobreaker.NewCircuitBreaker(gobreaker.Settings{Name: "payments"})
	cb2  = gobreaker2.NewCircuitBreaker[string](gobreaker2.Settings{Name: "users"})
	mcbr = mcb.New()
)

func charge(ctx context.Context) error           { return nil }
func lookup(ctx context.Context) (string, error) { return "", nil }
func fallback() error                            { return nil }

// Positive: retry-go with no classifier retries every error, the open
// breaker's included.
func retryGoAroundBreaker(ctx context.Context) error {
	return retry.Do(func() error { // want `retry.Do retries every error of gobreaker.CircuitBreaker.Execute, its refusal included`
		_, err := cb.Execute(func() (interface{}, error) { return nil, charge(ctx) })
		return err
	}, retry.Attempts(5), retry.Context(ctx))
}

// Positive: a RetryIf predicate that answers "retry" for every error.
func retryIfEveryError(ctx context.Context) (string, error) {
	return retry.DoWithData(func() (string, error) {
		return cb2.Execute(func() (string, error) { return lookup(ctx) })
	}, retry.Context(ctx), retry.RetryIf(func(err error) bool {
		return err != nil // want `answers "retry" for every error reaching this return, gobreaker.CircuitBreaker.Execute's refusal included`
	}))
}

// Positive: backoff.Retry around hystrix with no fallback.
func backoffAroundHystrix(ctx context.Context) error {
	return backoff.Retry(func() error { // want `backoff.Retry retries every error of hystrix.Do`
		return hystrix.Do("payments", func() error { return charge(ctx) }, nil)
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// Positive: backoff v5 around a mercari breaker.
func backoff5AroundMercari(ctx context.Context) (interface{}, error) {
	return backoff5.Retry(ctx, func() (interface{}, error) { // want `backoff.Retry retries every error of circuitbreaker.CircuitBreaker.Do`
		return mcbr.Do(ctx, func() (interface{}, error) { return nil, charge(ctx) })
	})
}

// Positive: a retry loop that goes round on every error of Execute.
func loopAroundBreaker(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop goes round on every error of gobreaker.CircuitBreaker.Execute`
		_, err = cb.Execute(func() (interface{}, error) { return nil, charge(ctx) })
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// Positive: failsafe-go with the retry policy outside the breaker and
// handling every error.
func failsafeRetryOutside(ctx context.Context) (any, error) {
	rp := retrypolicy.NewWithDefaults[any]()
	br := circuitbreaker.NewWithDefaults[any]()
	return failsafe.Get(func() (any, error) { return nil, charge(ctx) }, rp, br) // want `failsafe.Get retries every error of circuitbreaker.CircuitBreaker`
}

// isRetryable is found by its name and shape; it retries everything but
// network timeouts' opposite, the breaker's refusal included.
func isRetryable(err error) bool {
	var ne net.Error
	if errors.As(err, &ne) && !ne.Timeout() {
		return false
	}
	return true // want `isRetryable answers "retry" for every error reaching this return`
}

// Positive (at the classifier): a loop that asks isRetryable.
func loopAsksClassifier(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = cb.Execute(func() (interface{}, error) { return nil, charge(ctx) })
		if err == nil || !isRetryable(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// chargeGuarded hands the breaker's refusal back: a BreakerFact.
func chargeGuarded(ctx context.Context) error {
	_, err := cb.Execute(func() (interface{}, error) { return nil, charge(ctx) })
	return err
}

// Positive: the attempt reaches the breaker through a function of the
// package.
func loopThroughHelper(ctx context.Context) error {
	var err error
	for i := 0; i < 4; i++ { // want `retry loop goes round on every error of gobreaker.CircuitBreaker.Execute`
		if err = chargeGuarded(ctx); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// withRetry is the code base's own retry helper: it tests the error only
// against nil.
func withRetry(op func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Positive: the code base's blind helper around a breaker.
func blindHelperAroundBreaker(ctx context.Context) error {
	return withRetry(func() error { // want `withRetry retries every error of gobreaker.CircuitBreaker.Execute`
		_, err := cb.Execute(func() (interface{}, error) { return nil, charge(ctx) })
		return err
	})
}

// Negative: the classifier excludes the breaker's refusals first.
func retryIfExcludesBreaker(ctx context.Context) error {
	return retry.Do(func() error {
		_, err := cb.Execute(func() (interface{}, error) { return nil, charge(ctx) })
		return err
	}, retry.Context(ctx), retry.RetryIf(func(err error) bool {
		if errors.Is(err, gobreaker.ErrOpenState) || errors.Is(err, gobreaker.ErrTooManyRequests) {
			return false
		}
		return true
	}))
}

// Negative: the loop leaves on the refusal.
func loopLeavesOnRefusal(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = cb.Execute(func() (interface{}, error) { return nil, charge(ctx) })
		if err == nil || errors.Is(err, gobreaker.ErrOpenState) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative: the operation marks the refusal permanent.
func backoffPermanentRefusal(ctx context.Context) error {
	return backoff.Retry(func() error {
		_, err := cb.Execute(func() (interface{}, error) { return nil, charge(ctx) })
		if errors.Is(err, gobreaker.ErrOpenState) {
			return backoff.Permanent(err)
		}
		return err
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// Negative: hystrix hands the refusal to a fallback.
func hystrixWithFallback(ctx context.Context) error {
	return retry.Do(func() error {
		return hystrix.Do("payments", func() error { return charge(ctx) }, func(err error) error { return fallback() })
	}, retry.Context(ctx))
}

// Negative: the breaker is outside the retry policy: it refuses once.
func failsafeBreakerOutside(ctx context.Context) (any, error) {
	rp := retrypolicy.NewWithDefaults[any]()
	br := circuitbreaker.NewWithDefaults[any]()
	return failsafe.Get(func() (any, error) { return nil, charge(ctx) }, br, rp)
}

// Negative: the retry policy handles only its own errors.
func failsafeHandlesOnly(ctx context.Context) (any, error) {
	rp := retrypolicy.NewBuilder[any]().HandleErrors(context.DeadlineExceeded).Build()
	br := circuitbreaker.NewWithDefaults[any]()
	return failsafe.Get(func() (any, error) { return nil, charge(ctx) }, rp, br)
}

// Negative: a plain retry loop with no breaker.
func loopNoBreaker(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = charge(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative: the operation asks the breaker's state before retrying.
func retryAsksState(ctx context.Context) error {
	return retry.Do(func() error {
		if cb.State() == gobreaker.StateOpen {
			return retry.Unrecoverable(fallback())
		}
		_, err := cb.Execute(func() (interface{}, error) { return nil, charge(ctx) })
		return err
	}, retry.Context(ctx))
}

// Negative: the retry runs inside the breaker, not around it.
func retryInsideBreaker(ctx context.Context) error {
	_, err := cb.Execute(func() (interface{}, error) {
		return nil, retry.Do(func() error { return charge(ctx) }, retry.Context(ctx))
	})
	return err
}

// Negative: go-retry retries only what the operation marks retryable.
func goRetryPlainError(ctx context.Context) error {
	return goretry.Do(ctx, goretry.WithMaxRetries(3, goretry.NewConstant(time.Second)), func(ctx context.Context) error {
		_, err := cb.Execute(func() (interface{}, error) { return nil, charge(ctx) })
		return err
	})
}

// isTransient answers "retry" for network timeouts only.
func isTransient(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// Negative: the loop's classifier does not retry the refusal.
func loopAsksTransient(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = cb.Execute(func() (interface{}, error) { return nil, charge(ctx) })
		if err == nil || !isTransient(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative: the mercari breaker's refusal takes the fallback.
func mercariFallback(ctx context.Context) (interface{}, error) {
	for attempt := 0; attempt < 3; attempt++ {
		v, err := mcbr.Do(ctx, func() (interface{}, error) { return nil, charge(ctx) })
		if errors.Is(err, mcb.ErrOpen) {
			return nil, fallback()
		}
		if err == nil {
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// Negative: hystrix's refusal tested with ==.
func hystrixCompared(ctx context.Context) error {
	return retry.Do(func() error {
		err := hystrix.Do("payments", func() error { return charge(ctx) }, nil)
		if err == hystrix.ErrCircuitOpen {
			return retry.Unrecoverable(err)
		}
		return err
	}, retry.Context(ctx))
}

// shouldRetry names the breaker's refusal, and retries it.
func shouldRetry(err error) bool {
	if errors.Is(err, gobreaker.ErrOpenState) {
		return true // want `shouldRetry answers "retry" for gobreaker.CircuitBreaker.Execute's refusal by name`
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// Positive (at the classifier): the loop asks shouldRetry.
func loopAsksShouldRetry(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = cb.Execute(func() (interface{}, error) { return nil, charge(ctx) })
		if err == nil || !shouldRetry(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}
