// Package backoff is a reslint test stub of github.com/cenkalti/backoff/v4@v4.3.0: signatures match the real API.
package backoff

import (
	"context"
	"time"
)

// BackOff is a backoff policy for retrying an operation.
type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

// Stop indicates that no more retries should be made for use in NextBackOff().
const Stop time.Duration = -1

type ZeroBackOff struct{}

func (b *ZeroBackOff) Reset()                     {}
func (b *ZeroBackOff) NextBackOff() time.Duration { return 0 }

type StopBackOff struct{}

func (b *StopBackOff) Reset()                     {}
func (b *StopBackOff) NextBackOff() time.Duration { return Stop }

type ConstantBackOff struct {
	Interval time.Duration
}

func (b *ConstantBackOff) Reset()                     {}
func (b *ConstantBackOff) NextBackOff() time.Duration { return b.Interval }

func NewConstantBackOff(d time.Duration) *ConstantBackOff { return &ConstantBackOff{Interval: d} }

// ---- context.go

type BackOffContext interface {
	BackOff
	Context() context.Context
}

type backOffContext struct {
	BackOff
	ctx context.Context
}

func (b *backOffContext) Context() context.Context { return b.ctx }

func WithContext(b BackOff, ctx context.Context) BackOffContext {
	return &backOffContext{BackOff: b, ctx: ctx}
}

// ---- exponential.go

type ExponentialBackOff struct {
	InitialInterval     time.Duration
	RandomizationFactor float64
	Multiplier          float64
	MaxInterval         time.Duration
	// After MaxElapsedTime the ExponentialBackOff returns Stop.
	// It never stops if MaxElapsedTime == 0.
	MaxElapsedTime time.Duration
	Stop           time.Duration
	Clock          Clock

	currentInterval time.Duration
	startTime       time.Time
}

type Clock interface {
	Now() time.Time
}

type ExponentialBackOffOpts func(*ExponentialBackOff)

const (
	DefaultInitialInterval     = 500 * time.Millisecond
	DefaultRandomizationFactor = 0.5
	DefaultMultiplier          = 1.5
	DefaultMaxInterval         = 60 * time.Second
	DefaultMaxElapsedTime      = 15 * time.Minute
)

func NewExponentialBackOff(opts ...ExponentialBackOffOpts) *ExponentialBackOff {
	b := &ExponentialBackOff{
		InitialInterval:     DefaultInitialInterval,
		RandomizationFactor: DefaultRandomizationFactor,
		Multiplier:          DefaultMultiplier,
		MaxInterval:         DefaultMaxInterval,
		MaxElapsedTime:      DefaultMaxElapsedTime,
		Stop:                Stop,
		Clock:               SystemClock,
	}
	for _, fn := range opts {
		fn(b)
	}
	return b
}

func WithInitialInterval(duration time.Duration) ExponentialBackOffOpts          { return nil }
func WithRandomizationFactor(randomizationFactor float64) ExponentialBackOffOpts { return nil }
func WithMultiplier(multiplier float64) ExponentialBackOffOpts                   { return nil }
func WithMaxInterval(duration time.Duration) ExponentialBackOffOpts              { return nil }
func WithMaxElapsedTime(duration time.Duration) ExponentialBackOffOpts           { return nil }
func WithRetryStopDuration(duration time.Duration) ExponentialBackOffOpts        { return nil }
func WithClockProvider(clock Clock) ExponentialBackOffOpts                       { return nil }

type systemClock struct{}

func (t systemClock) Now() time.Time { return time.Time{} }

// SystemClock implements Clock interface that uses time.Now().
var SystemClock = systemClock{}

func (b *ExponentialBackOff) Reset()                        {}
func (b *ExponentialBackOff) NextBackOff() time.Duration    { return 0 }
func (b *ExponentialBackOff) GetElapsedTime() time.Duration { return 0 }

// ---- retry.go

// OperationWithData is a closure that can be retried.
type OperationWithData[T any] func() (T, error)

// Operation is a closure that can be retried.
type Operation func() error

// Notify is a notify-on-error function.
type Notify func(error, time.Duration)

func Retry(o Operation, b BackOff) error { return nil }

func RetryWithData[T any](o OperationWithData[T], b BackOff) (T, error) {
	var zero T
	return zero, nil
}

func RetryNotify(operation Operation, b BackOff, notify Notify) error { return nil }

func RetryNotifyWithData[T any](operation OperationWithData[T], b BackOff, notify Notify) (T, error) {
	var zero T
	return zero, nil
}

func RetryNotifyWithTimer(operation Operation, b BackOff, notify Notify, t Timer) error { return nil }

func RetryNotifyWithTimerAndData[T any](operation OperationWithData[T], b BackOff, notify Notify, t Timer) (T, error) {
	var zero T
	return zero, nil
}

// PermanentError signals that the operation should not be retried.
type PermanentError struct {
	Err error
}

func (e *PermanentError) Error() string        { return e.Err.Error() }
func (e *PermanentError) Unwrap() error        { return e.Err }
func (e *PermanentError) Is(target error) bool { _, ok := target.(*PermanentError); return ok }

func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return &PermanentError{Err: err}
}

// ---- ticker.go

type Ticker struct {
	C <-chan time.Time
	c chan time.Time
}

func NewTicker(b BackOff) *Ticker                       { return &Ticker{} }
func NewTickerWithTimer(b BackOff, timer Timer) *Ticker { return &Ticker{} }
func (t *Ticker) Stop()                                 {}

// ---- timer.go

type Timer interface {
	Start(duration time.Duration)
	Stop()
	C() <-chan time.Time
}

// ---- tries.go

// WithMaxRetries creates a wrapper around another BackOff, which will
// return Stop if NextBackOff() has been called too many times since
// the last time Reset() was called.
func WithMaxRetries(b BackOff, max uint64) BackOff {
	return &backOffTries{delegate: b, maxTries: max}
}

type backOffTries struct {
	delegate BackOff
	maxTries uint64
}

func (b *backOffTries) NextBackOff() time.Duration { return 0 }
func (b *backOffTries) Reset()                     {}
