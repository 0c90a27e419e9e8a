// Package backoff is a stub of gopkg.in/cenkalti/backoff.v1 v1.1.0 (the
// same library as github.com/cenkalti/backoff before its /vN paths):
// exported signatures as in the real package, minimal bodies.
package backoff

import (
	"context"
	"time"
)

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

const Stop time.Duration = -1

type ConstantBackOff struct{ Interval time.Duration }

func (b *ConstantBackOff) Reset()                     {}
func (b *ConstantBackOff) NextBackOff() time.Duration { return b.Interval }

func NewConstantBackOff(d time.Duration) *ConstantBackOff { return &ConstantBackOff{Interval: d} }

type Clock interface{ Now() time.Time }

type ExponentialBackOff struct {
	InitialInterval     time.Duration
	RandomizationFactor float64
	Multiplier          float64
	MaxInterval         time.Duration
	MaxElapsedTime      time.Duration
	Clock               Clock
}

func NewExponentialBackOff() *ExponentialBackOff { return &ExponentialBackOff{} }

func (b *ExponentialBackOff) Reset()                     {}
func (b *ExponentialBackOff) NextBackOff() time.Duration { return b.InitialInterval }

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

func WithMaxTries(b BackOff, max uint64) BackOff { return b }

type Operation func() error

type Notify func(error, time.Duration)

func Retry(o Operation, b BackOff) error { return RetryNotify(o, b, nil) }

func RetryNotify(operation Operation, b BackOff, notify Notify) error { return operation() }

type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return e.Err.Error() }

func Permanent(err error) *PermanentError { return &PermanentError{Err: err} }
