// Package retrypolicy is a reslint test stub of github.com/failsafe-go/failsafe-go@v0.9.8: signatures match the real API.
package retrypolicy

import (
	"errors"
	"time"

	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/budget"
)

// ErrExceeded is a convenience error sentinel that can be used to build policies that handle ExceededError, such as via
// HandleErrors(retrypolicy.ErrExceeded).
var ErrExceeded = errors.New("retries exceeded")

// ExceededError is returned when a RetryPolicy's max attempts or max duration are exceeded.
type ExceededError struct {
	LastResult any
	LastError  error
}

func (e ExceededError) Error() string { return "retries exceeded" }

// Is returns whether err is ErrExceeded.
func (e ExceededError) Is(err error) bool { return err == ErrExceeded }

// Unwrap returns the last error that caused the RetryPolicy to be exceeded.
func (e ExceededError) Unwrap() error { return e.LastError }

// IsExceededError returns whether the err is a ExceededError.
func IsExceededError(err error) bool { return AsExceededError(err) != nil }

// AsExceededError returns the err as a ExceededError, else nil.
func AsExceededError(err error) *ExceededError {
	var e ExceededError
	if errors.As(err, &e) {
		return &e
	}
	return nil
}

// RetryPolicy is a policy that defines when retries should be performed. See Builder for details on how a RetryPolicy
// works.
type RetryPolicy[R any] interface {
	failsafe.Policy[R]
}

// Builder builds RetryPolicy instances.
//
// By default, a RetryPolicy will retry a failed execution up to 2 times when any error is returned, with no delay
// between retry attempts.
type Builder[R any] interface {
	failsafe.FailurePolicyBuilder[Builder[R], R]
	failsafe.DelayablePolicyBuilder[Builder[R], R]

	// AbortOnResult specifies that retries should be aborted if the execution result matches the result using
	// reflect.DeepEqual.
	AbortOnResult(result R) Builder[R]

	// AbortOnErrors specifies that retries should be aborted if the execution error matches any of the errs using
	// errors.Is.
	AbortOnErrors(errs ...error) Builder[R]

	// AbortOnErrorTypes specifies the errors whose types should cause retries to be aborted.
	AbortOnErrorTypes(errs ...any) Builder[R]

	// AbortIf specifies that retries should be aborted if the predicate matches the result or error.
	AbortIf(predicate func(R, error) bool) Builder[R]

	// ReturnLastFailure configures the policy to return the last failure result or error after attempts are exceeded,
	// rather than returning ExceededError.
	ReturnLastFailure() Builder[R]

	// WithMaxAttempts sets the max number of execution attempts to perform. -1 indicates no limit.
	WithMaxAttempts(maxAttempts int) Builder[R]

	// WithMaxRetries sets the max number of retries to perform when an execution attempt fails. -1 indicates no limit.
	WithMaxRetries(maxRetries int) Builder[R]

	// WithMaxDuration sets the max duration to perform retries for, else the execution will be failed.
	WithMaxDuration(maxDuration time.Duration) Builder[R]

	// WithBackoff wets the delay between retries, exponentially backing off to the maxDelay and multiplying consecutive
	// delays by a factor of 2.
	WithBackoff(delay time.Duration, maxDelay time.Duration) Builder[R]

	// WithBackoffFactor sets the delay between retries, exponentially backing off to the maxDelay and multiplying
	// consecutive delays by the delayFactor.
	WithBackoffFactor(delay time.Duration, maxDelay time.Duration, delayFactor float64) Builder[R]

	// WithRandomDelay sets a random delay between the delayMin and delayMax (inclusive) to occur between retries.
	WithRandomDelay(delayMin time.Duration, delayMax time.Duration) Builder[R]

	// WithJitter sets the jitter to randomly vary retry delays by.
	WithJitter(jitter time.Duration) Builder[R]

	// WithJitterFactor sets the jitterFactor to randomly vary retry delays by.
	WithJitterFactor(jitterFactor float64) Builder[R]

	// WithBudget configures a retry budget.
	WithBudget(retryBudget budget.Budget) Builder[R]

	// OnAbort registers the listener to be called when an execution is aborted.
	OnAbort(listener func(failsafe.ExecutionEvent[R])) Builder[R]

	// OnRetryScheduled registers the listener to be called when a retry is about to be scheduled.
	OnRetryScheduled(listener func(failsafe.ExecutionScheduledEvent[R])) Builder[R]

	// OnRetry registers the listener to be called when a retry is about to be attempted.
	OnRetry(listener func(failsafe.ExecutionEvent[R])) Builder[R]

	// OnRetriesExceeded registers the listener to be called when an execution fails and the max retry attempts or max
	// duration are exceeded.
	OnRetriesExceeded(listener func(failsafe.ExecutionEvent[R])) Builder[R]

	// Build returns a new RetryPolicy using the builder's configuration.
	Build() RetryPolicy[R]
}

// NewWithDefaults creates a RetryPolicy for execution result type R that allows 3 execution attempts max with no delay.
func NewWithDefaults[R any]() RetryPolicy[R] { return NewBuilder[R]().Build() }

// NewBuilder creates a Builder for execution result type R.
func NewBuilder[R any]() Builder[R] { return &config[R]{} }

type config[R any] struct{}

var _ Builder[any] = &config[any]{}

func (c *config[R]) HandleErrors(errs ...error) Builder[R]                                { return c }
func (c *config[R]) HandleErrorTypes(errs ...any) Builder[R]                              { return c }
func (c *config[R]) HandleResult(result R) Builder[R]                                     { return c }
func (c *config[R]) HandleIf(predicate func(R, error) bool) Builder[R]                    { return c }
func (c *config[R]) OnSuccess(listener func(event failsafe.ExecutionEvent[R])) Builder[R] { return c }
func (c *config[R]) OnFailure(listener func(event failsafe.ExecutionEvent[R])) Builder[R] { return c }
func (c *config[R]) WithDelay(delay time.Duration) Builder[R]                             { return c }
func (c *config[R]) WithDelayFunc(delayFunc failsafe.DelayFunc[R]) Builder[R]             { return c }
func (c *config[R]) AbortOnResult(result R) Builder[R]                                    { return c }
func (c *config[R]) AbortOnErrors(errs ...error) Builder[R]                               { return c }
func (c *config[R]) AbortOnErrorTypes(errs ...any) Builder[R]                             { return c }
func (c *config[R]) AbortIf(predicate func(R, error) bool) Builder[R]                     { return c }
func (c *config[R]) ReturnLastFailure() Builder[R]                                        { return c }
func (c *config[R]) WithMaxAttempts(maxAttempts int) Builder[R]                           { return c }
func (c *config[R]) WithMaxRetries(maxRetries int) Builder[R]                             { return c }
func (c *config[R]) WithMaxDuration(maxDuration time.Duration) Builder[R]                 { return c }
func (c *config[R]) WithBackoff(delay time.Duration, maxDelay time.Duration) Builder[R] {
	return c
}
func (c *config[R]) WithBackoffFactor(delay time.Duration, maxDelay time.Duration, delayFactor float64) Builder[R] {
	return c
}
func (c *config[R]) WithRandomDelay(delayMin time.Duration, delayMax time.Duration) Builder[R] {
	return c
}
func (c *config[R]) WithJitter(jitter time.Duration) Builder[R]                   { return c }
func (c *config[R]) WithJitterFactor(jitterFactor float64) Builder[R]             { return c }
func (c *config[R]) WithBudget(retryBudget budget.Budget) Builder[R]              { return c }
func (c *config[R]) OnAbort(listener func(failsafe.ExecutionEvent[R])) Builder[R] { return c }
func (c *config[R]) OnRetryScheduled(listener func(failsafe.ExecutionScheduledEvent[R])) Builder[R] {
	return c
}
func (c *config[R]) OnRetry(listener func(failsafe.ExecutionEvent[R])) Builder[R] { return c }
func (c *config[R]) OnRetriesExceeded(listener func(failsafe.ExecutionEvent[R])) Builder[R] {
	return c
}
func (c *config[R]) Build() RetryPolicy[R] { return &retryPolicy[R]{} }

type retryPolicy[R any] struct{}

func (rp *retryPolicy[R]) ToExecutor(_ R) any { return nil }
