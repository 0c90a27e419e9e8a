// Package wait is a reslint test stub of k8s.io/apimachinery@v0.37.2: signatures match the real API.
//
// Declarations that mention k8s.io/utils/clock (BackoffManager, DelayWithReset, DelayFunc.Timer, RealTimer, ...) are omitted.
package wait

import (
	"context"
	"errors"
	"time"
)

// ---- backoff.go

// Backoff holds parameters applied to a Backoff function.
type Backoff struct {
	// The initial duration.
	Duration time.Duration
	// Duration is multiplied by factor each iteration, if factor is not zero
	// and the limits imposed by Steps and Cap have not been reached.
	Factor float64
	// The sleep at each iteration is the duration plus an additional
	// amount chosen uniformly at random from the interval between
	// zero and `jitter*duration`.
	Jitter float64
	// The remaining number of iterations in which the duration
	// parameter may change (but progress can be stopped earlier by
	// hitting the cap).
	Steps int
	// A limit on revised values of the duration parameter.
	Cap time.Duration
}

// Step returns an amount of time to sleep determined by the original
// Duration and Jitter.
func (b *Backoff) Step() time.Duration { return b.Duration }

// DelayFunc returns a function that will compute the next interval to
// wait given the arguments in b.
func (b Backoff) DelayFunc() DelayFunc { return func() time.Duration { return b.Duration } }

// Timer returns a timer implementation appropriate to this backoff's parameters
// for use with wait functions.
func (b Backoff) Timer() Timer { return nil }

// Until loops until stop channel is closed, running f every period.
func Until(f func(), period time.Duration, stopCh <-chan struct{}) {}

// UntilWithContext loops until context is done, running f every period.
func UntilWithContext(ctx context.Context, f func(context.Context), period time.Duration) {}

// NonSlidingUntil loops until stop channel is closed, running f every
// period.
func NonSlidingUntil(f func(), period time.Duration, stopCh <-chan struct{}) {}

// NonSlidingUntilWithContext loops until context is done, running f every
// period.
func NonSlidingUntilWithContext(ctx context.Context, f func(context.Context), period time.Duration) {}

// JitterUntil loops until stop channel is closed, running f every period.
func JitterUntil(f func(), period time.Duration, jitterFactor float64, sliding bool, stopCh <-chan struct{}) {
}

// JitterUntilWithContext loops until context is done, running f every period.
func JitterUntilWithContext(ctx context.Context, f func(context.Context), period time.Duration, jitterFactor float64, sliding bool) {
}

// ExponentialBackoff repeats a condition check with exponential backoff.
//
// Deprecated: Use ExponentialBackoffWithContext.
func ExponentialBackoff(backoff Backoff, condition ConditionFunc) error { return nil }

// ExponentialBackoffWithContext repeats a condition check with exponential backoff.
// It immediately returns an error if the condition returns an error, the context is cancelled
// or hits the deadline, or if the maximum attempts defined in backoff is exceeded (ErrWaitTimeout).
func ExponentialBackoffWithContext(ctx context.Context, backoff Backoff, condition ConditionWithContextFunc) error {
	return nil
}

// ---- delay.go

// DelayFunc returns the next time interval to wait.
type DelayFunc func() time.Duration

// Until takes an arbitrary delay function and runs until cancelled or the condition indicates exit.
func (fn DelayFunc) Until(ctx context.Context, immediate, sliding bool, condition ConditionWithContextFunc) error {
	return nil
}

// Concurrent returns a version of this DelayFunc that is safe for use by multiple goroutines.
func (fn DelayFunc) Concurrent() DelayFunc { return fn }

// ---- error.go

// ErrWaitTimeout is returned when the condition was not satisfied in time.
//
// Deprecated: This type will be made private in favor of Interrupted()
// for checking errors or ErrorInterrupted(err) for returning a wrapped error.
var ErrWaitTimeout = ErrorInterrupted(errors.New("timed out waiting for the condition"))

// Interrupted returns true if the error indicates a Poll, ExponentialBackoff, or
// Until loop exited for any reason besides the condition returning true or an
// error.
func Interrupted(err error) bool { return errors.Is(err, errWaitTimeout) }

type errInterrupted struct {
	cause error
}

// ErrorInterrupted returns an error that indicates the wait was ended
// early for a given reason.
func ErrorInterrupted(cause error) error { return errInterrupted{cause} }

var errWaitTimeout = errInterrupted{}

func (e errInterrupted) Unwrap() error        { return e.cause }
func (e errInterrupted) Is(target error) bool { return target == errWaitTimeout }
func (e errInterrupted) Error() string        { return "timed out waiting for the condition" }

// ---- poll.go

// PollUntilContextCancel tries a condition func until it returns true, an error, or the context
// is cancelled or hits a deadline.
func PollUntilContextCancel(ctx context.Context, interval time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}

// PollUntilContextTimeout will terminate polling after timeout duration by setting a context
// timeout.
func PollUntilContextTimeout(ctx context.Context, interval, timeout time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}

// Poll tries a condition func until it returns true, an error, or the timeout
// is reached.
//
// Deprecated: This method does not return errors from context, use PollUntilContextTimeout.
func Poll(interval, timeout time.Duration, condition ConditionFunc) error { return nil }

// PollWithContext tries a condition func until it returns true, an error,
// or when the context expires or the timeout is reached, whichever
// happens first.
//
// Deprecated: This method does not return errors from context, use PollUntilContextTimeout.
func PollWithContext(ctx context.Context, interval, timeout time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

// PollImmediate tries a condition func until it returns true, an error, or the timeout
// is reached.
//
// Deprecated: This method does not return errors from context, use PollUntilContextTimeout.
func PollImmediate(interval, timeout time.Duration, condition ConditionFunc) error { return nil }

// PollImmediateWithContext tries a condition func until it returns true, an error,
// or the timeout is reached or the specified context expires, whichever happens first.
//
// Deprecated: This method does not return errors from context, use PollUntilContextTimeout.
func PollImmediateWithContext(ctx context.Context, interval, timeout time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

// ---- timer.go

// Timer abstracts how wait functions interact with time runtime efficiently.
type Timer interface {
	// C returns a channel that will receive a struct{} each time the timer fires.
	C() <-chan time.Time
	// Next is invoked by wait functions to signal timers that the next interval
	// should begin.
	Next()
	// Stop releases the timer. It is safe to invoke stop() on a nil timer.
	Stop()
}

// ---- wait.go

// ForeverTestTimeout is used as a timeout in tests.
var ForeverTestTimeout = time.Second * 30

// NeverStop may be passed to Until to make it never stop.
var NeverStop <-chan struct{} = make(chan struct{})

// Forever calls f every period for ever.
func Forever(f func(), period time.Duration) { Until(f, period, NeverStop) }

// Jitter returns a time.Duration between duration and duration + maxFactor *
// duration.
func Jitter(duration time.Duration, maxFactor float64) time.Duration { return duration }

// ConditionFunc returns true if the condition is satisfied, or an error
// if the loop should be aborted.
type ConditionFunc func() (done bool, err error)

// ConditionWithContextFunc returns true if the condition is satisfied, or an error
// if the loop should be aborted.
type ConditionWithContextFunc func(context.Context) (done bool, err error)

// WithContext converts a ConditionFunc into a ConditionWithContextFunc
func (cf ConditionFunc) WithContext() ConditionWithContextFunc {
	return func(context.Context) (done bool, err error) { return cf() }
}

// ContextForChannel provides a context that will be treated as cancelled
// when the provided parentCh is closed.
func ContextForChannel(parentCh <-chan struct{}) context.Context { return context.Background() }
