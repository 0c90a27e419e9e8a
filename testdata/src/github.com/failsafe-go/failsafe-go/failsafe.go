// Package failsafe is a reslint test stub of github.com/failsafe-go/failsafe-go@v0.9.8: signatures match the real API.
//
// Run, RunWithExecution, Get, GetWithExecution and NewExecutor were removed in
// v0.9.0 (failsafe.With(...) replaced them); they are kept here with their
// v0.8.4 signatures because code written against v0.8.x still calls them.
package failsafe

import (
	"context"
	"errors"
	"time"
)

// ---- policy.go

// Policy handles execution failures.
type Policy[R any] interface {
	// ToExecutor returns a policy.Executor capable of handling an execution for the Policy.
	// The typeToken parameter helps catch mismatches between R types when composing policies.
	ToExecutor(typeToken R) any
}

// ResultAgnosticPolicy is a Policy that does not provide or modify results.
type ResultAgnosticPolicy[R any] interface {
	Policy[R]

	// ResultAgnostic is a marker method that indicates the policy does not provide or modify results.
	ResultAgnostic()
}

// FailurePolicyBuilder builds a Policy that allows configurable conditions to determine whether an execution is a failure.
type FailurePolicyBuilder[S any, R any] interface {
	// HandleErrors specifies the errors to handle as failures.
	HandleErrors(errs ...error) S

	// HandleErrorTypes specifies the errors whose types should be handled as failures.
	HandleErrorTypes(errs ...any) S

	// HandleResult specifies the results to handle as failures.
	HandleResult(result R) S

	// HandleIf specifies that a failure has occurred if the predicate matches the execution result or error.
	HandleIf(predicate func(R, error) bool) S

	// OnSuccess registers the listener to be called when the policy determines an execution attempt was a success.
	OnSuccess(listener func(ExecutionEvent[R])) S

	// OnFailure registers the listener to be called when the policy determines an execution attempt was a failure.
	OnFailure(listener func(ExecutionEvent[R])) S
}

// DelayFunc returns a duration to delay for given the ExecutionAttempt.
type DelayFunc[R any] func(exec ExecutionAttempt[R]) time.Duration

// DelayablePolicyBuilder builds policies that can be delayed between executions.
type DelayablePolicyBuilder[S any, R any] interface {
	// WithDelay configures the time to delay between execution attempts.
	WithDelay(delay time.Duration) S

	// WithDelayFunc configures a function that returns the time to delay before the next execution attempt.
	WithDelayFunc(delayFunc DelayFunc[R]) S
}

// ---- events.go

// ExecutionEvent indicates an execution was attempted.
type ExecutionEvent[R any] struct {
	ExecutionAttempt[R]
}

// ExecutionScheduledEvent indicates an execution was scheduled.
type ExecutionScheduledEvent[R any] struct {
	ExecutionAttempt[R]
	// The delay before the next execution attempt.
	Delay time.Duration
}

// ExecutionDoneEvent indicates an execution is done.
type ExecutionDoneEvent[R any] struct {
	ExecutionInfo
	// The execution result, else the zero value for R
	Result R
	// The execution error, else nil
	Error error
}

// ---- execution.go

// ExecutionInfo provides information about an execution.
type ExecutionInfo interface {
	Context() context.Context
	Attempts() int
	Executions() int
	Retries() int
	Hedges() int
	StartTime() time.Time
	ElapsedTime() time.Duration
}

// ExecutionAttempt contains information for an execution attempt.
type ExecutionAttempt[R any] interface {
	ExecutionInfo
	LastResult() R
	LastError() error
	IsFirstAttempt() bool
	IsRetry() bool
	IsHedge() bool
	AttemptStartTime() time.Time
	ElapsedAttemptTime() time.Duration
}

// Execution contains information about an execution.
type Execution[R any] interface {
	ExecutionAttempt[R]

	// IsCanceled returns whether the execution has been canceled by an external Context or a timeout.Timeout.
	IsCanceled() bool

	// Canceled returns a channel that is closed when the execution is canceled.
	Canceled() <-chan struct{}
}

// ErrExecutionCanceled indicates that an execution was canceled by ExecutionResult.Cancel.
var ErrExecutionCanceled = errors.New("execution canceled")

// ---- result.go

// ExecutionResult provides the result of an asynchronous execution.
type ExecutionResult[R any] interface {
	Done() <-chan any
	IsDone() bool
	Get() (R, error)
	Result() R
	Error() error
	Cancel()
}

// ---- executor.go

// Executor handles failures according to configured policies.
type Executor[R any] interface {
	Compose(innerPolicy Policy[R]) Executor[R]
	ComposeAny(innerPolicy ResultAgnosticPolicy[any]) Executor[R]
	Context() context.Context
	WithContext(ctx context.Context) Executor[R]
	OnDone(listener func(ExecutionDoneEvent[R])) Executor[R]
	OnSuccess(listener func(ExecutionDoneEvent[R])) Executor[R]
	OnFailure(listener func(ExecutionDoneEvent[R])) Executor[R]
	Run(fn func() error) error
	RunWithExecution(fn func(exec Execution[R]) error) error
	Get(fn func() (R, error)) (R, error)
	GetWithExecution(fn func(exec Execution[R]) (R, error)) (R, error)
	RunAsync(fn func() error) ExecutionResult[R]
	RunAsyncWithExecution(fn func(exec Execution[R]) error) ExecutionResult[R]
	GetAsync(fn func() (R, error)) ExecutionResult[R]
	GetAsyncWithExecution(fn func(exec Execution[R]) (R, error)) ExecutionResult[R]
}

// With creates and returns a new Executor for result type R that will handle failures according to the policies.
// The policies are composed around a func and will handle its results in reverse order.
func With[R any](policies ...Policy[R]) Executor[R] { return nil }

// WithAny creates and returns a new Executor for result type R that will handle failures according to the policy.
func WithAny[R any](policy ResultAgnosticPolicy[any]) Executor[R] { return nil }

// ---- v0.8.4 executor.go (removed in v0.9.0)

// Run executes the fn, with failures being handled by the policies, until successful or until the policies are exceeded.
//
// Signature of failsafe-go v0.8.4; removed in v0.9.0.
func Run(fn func() error, policies ...Policy[any]) error { return nil }

// RunWithExecution executes the fn, with failures being handled by the policies, until successful or until the policies
// are exceeded.
//
// Signature of failsafe-go v0.8.4; removed in v0.9.0.
func RunWithExecution(fn func(exec Execution[any]) error, policies ...Policy[any]) error { return nil }

// Get executes the fn, with failures being handled by the policies, until a successful result is returned or the
// policies are exceeded.
//
// Signature of failsafe-go v0.8.4; removed in v0.9.0.
func Get[R any](fn func() (R, error), policies ...Policy[R]) (R, error) {
	var zero R
	return zero, nil
}

// GetWithExecution executes the fn, with failures being handled by the policies, until a successful result is returned
// or the policies are exceeded.
//
// Signature of failsafe-go v0.8.4; removed in v0.9.0.
func GetWithExecution[R any](fn func(exec Execution[R]) (R, error), policies ...Policy[R]) (R, error) {
	var zero R
	return zero, nil
}

// NewExecutor creates and returns a new Executor for result type R that will handle failures according to the given
// policies.
//
// Signature of failsafe-go v0.8.4; removed in v0.9.0 in favor of With.
func NewExecutor[R any](policies ...Policy[R]) Executor[R] { return nil }
