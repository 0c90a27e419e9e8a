// Package circuitbreaker is a reslint test stub of github.com/failsafe-go/failsafe-go@v0.9.8: signatures match the real API.
package circuitbreaker

import (
	"context"
	"errors"
	"time"

	"github.com/failsafe-go/failsafe-go"
)

// ErrOpen is returned when an execution is attempted against a circuit breaker that is open.
var ErrOpen = errors.New("circuit breaker open")

// CircuitBreaker is a policy that temporarily blocks execution when a configured number of failures are exceeded.
type CircuitBreaker[R any] interface {
	failsafe.ResultAgnosticPolicy[R]

	// Open opens the CircuitBreaker.
	Open()

	// HalfOpen half-opens the CircuitBreaker.
	HalfOpen()

	// Close closes the CircuitBreaker.
	Close()

	// IsOpen returns whether the CircuitBreaker is open.
	IsOpen() bool

	// IsHalfOpen returns whether the CircuitBreaker is half-open.
	IsHalfOpen() bool

	// IsClosed returns whether the CircuitBreaker is closed.
	IsClosed() bool

	// State returns the State of the CircuitBreaker.
	State() State

	// RemainingDelay returns the remaining delay until the breaker can transition from open to half-open, else 0 if the
	// breaker is not open.
	RemainingDelay() time.Duration

	// Metrics returns metrics for the CircuitBreaker.
	Metrics() Metrics

	// TryAcquirePermit tries to acquire a permit to use the circuit breaker and returns whether a permit was acquired.
	TryAcquirePermit() bool

	// RecordResult records an execution result as a success or failure based on the failure handling configuration.
	RecordResult(result R)

	// RecordError records an error as a success or failure based on the failure handling configuration.
	RecordError(err error)

	// RecordSuccess records an execution success.
	RecordSuccess()

	// RecordFailure records an execution failure.
	RecordFailure()
}

// Metrics provides execution metrics for a CircuitBreaker.
type Metrics interface {
	Executions() uint
	Failures() uint
	FailureRate() float64
	Successes() uint
	SuccessRate() float64
}

// State of a CircuitBreaker.
type State int

const (
	// ClosedState indicates the circuit is closed and fully functional, allowing executions to occur.
	ClosedState State = iota

	// OpenState indicates the circuit is opened and not allowing executions to occur.
	OpenState

	// HalfOpenState indicates the circuit is temporarily allowing executions to occur.
	HalfOpenState
)

func (s State) String() string { return "" }

// StateChangedEvent indicates a CircuitBreaker's state has changed.
type StateChangedEvent struct {
	OldState State
	NewState State
	context  context.Context
}

// Metrics returns metrics from the CircuitBreaker old state.
func (e *StateChangedEvent) Metrics() Metrics { return nil }

// Context returns the context of the execution that triggered the state change.
func (e *StateChangedEvent) Context() context.Context { return e.context }

// Builder builds CircuitBreaker instances.
type Builder[R any] interface {
	failsafe.FailurePolicyBuilder[Builder[R], R]
	failsafe.DelayablePolicyBuilder[Builder[R], R]

	// OnStateChanged calls the listener when the CircuitBreaker state changes.
	OnStateChanged(listener func(StateChangedEvent)) Builder[R]

	// OnClose calls the listener when the CircuitBreaker state changes to closed.
	OnClose(listener func(StateChangedEvent)) Builder[R]

	// OnOpen calls the listener when the CircuitBreaker state changes to open.
	OnOpen(listener func(StateChangedEvent)) Builder[R]

	// OnHalfOpen calls the listener when the CircuitBreaker state changes to half-open.
	OnHalfOpen(listener func(StateChangedEvent)) Builder[R]

	// WithFailureThreshold configures count based failure thresholding.
	WithFailureThreshold(failureThreshold uint) Builder[R]

	// WithFailureThresholdRatio configures count based failure thresholding.
	WithFailureThresholdRatio(failureThreshold uint, failureThresholdingCapacity uint) Builder[R]

	// WithFailureThresholdPeriod configures time based failure thresholding.
	WithFailureThresholdPeriod(failureThreshold uint, failureThresholdingPeriod time.Duration) Builder[R]

	// WithFailureRateThreshold configures time based failure rate thresholding.
	WithFailureRateThreshold(failureRateThreshold float64, failureExecutionThreshold uint, failureThresholdingPeriod time.Duration) Builder[R]

	// WithDelay configures the delay to wait in the open state before transitioning to half-open.
	WithDelay(delay time.Duration) Builder[R]

	// WithDelayFunc configures a function that provides the delay to wait in the open state before transitioning to half-open.
	WithDelayFunc(delayFunc failsafe.DelayFunc[R]) Builder[R]

	// WithRandomDelay configures a random delay between delayMin and delayMax.
	WithRandomDelay(delayMin time.Duration, delayMax time.Duration) Builder[R]

	// WithJitter configures a jitter to randomly vary the open delay by.
	WithJitter(jitter time.Duration) Builder[R]

	// WithJitterFactor configures a jitterFactor to randomly vary the open delay by.
	WithJitterFactor(jitterFactor float64) Builder[R]

	// WithSuccessThreshold configures count based success thresholding.
	WithSuccessThreshold(successThreshold uint) Builder[R]

	// WithSuccessThresholdRatio configures count based success thresholding.
	WithSuccessThresholdRatio(successThreshold uint, successThresholdingCapacity uint) Builder[R]

	// Build returns a new CircuitBreaker using the builder's configuration.
	Build() CircuitBreaker[R]
}

// NewWithDefaults creates a count based CircuitBreaker for execution result type R that opens after a single failure,
// closes after a single success, and has a 1 minute delay by default.
func NewWithDefaults[R any]() CircuitBreaker[R] { return nil }

// NewBuilder creates a Builder for execution result type R which by default will build a count based circuit breaker
// that opens after a single failure, closes after a single success, and has a 1 minute delay.
func NewBuilder[R any]() Builder[R] { return nil }
