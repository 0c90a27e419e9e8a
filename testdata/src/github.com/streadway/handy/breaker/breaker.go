// Package breaker is a reslint test stub of github.com/streadway/handy@v0.0.0-20200128134331-0f66f006fb2e: signatures match the real API.
package breaker

import (
	"errors"
	"time"
)

// Breaker is an interface representing the ability to conditionally allow
// requests to pass, and to report on the result of passed requests.
type Breaker interface {
	Allow() bool
	Success(time.Duration)
	Failure(time.Duration)
}

var (
	// ErrCircuitOpen is returned by the transport when the downstream is
	// unavailable due to a broken circuit.
	ErrCircuitOpen = errors.New("circuit open")
)

type breaker struct{}

// NewBreaker constructs a new circuit breaker, initially closed.
func NewBreaker(failureRatio float64) breaker { return breaker{} }

func (b *breaker) WithMinObservation(min uint) {}

func (b *breaker) WithWindow(w time.Duration) {}

func (b *breaker) WithCooldown(c time.Duration) {}

func (b breaker) Success(d time.Duration) {}

func (b breaker) Failure(d time.Duration) {}

func (b breaker) Allow() bool { return true }
