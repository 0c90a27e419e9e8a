// Package breaker is a circuit breaker, shown for breakerverdict.
// The subtle part of a breaker is what it counts as a failure: the caller's
// cancellation and a 4xx are not the dependency's fault, and counting them
// lets a wave of closed browser tabs open the breaker for everyone.
// isSuccess (correct) and strictSuccess (wrong) are both marked
// //reslint:breaker, so breakerverdict checks what they answer for
// context.Canceled.
package breaker

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/reslint/reslint/examples/classify"
)

// State of the breaker.
type State int

const (
	Closed State = iota
	Open
	HalfOpen
)

// ErrTooManyProbes is returned in half-open state once the probe slots are taken.
var ErrTooManyProbes = errors.New("breaker: too many half-open probes")

// Settings configure a Breaker.
type Settings struct {
	MaxFailures  int           // consecutive failures that open the breaker
	Cooldown     time.Duration // how long it stays open
	MaxProbes    int           // trial calls in half-open state
	IsSuccessful func(err error) bool
}

// Breaker is a consecutive-failures circuit breaker.
type Breaker struct {
	mu                          sync.Mutex
	s                           Settings
	state                       State
	openedAt                    time.Time
	failures, probes, successes int
}

// New returns a closed breaker. A nil IsSuccessful means isSuccess.
func New(s Settings) *Breaker {
	if s.IsSuccessful == nil {
		s.IsSuccessful = isSuccess
	}
	return &Breaker{s: s}
}

// SearchSettings is what the search client configured before the incident review.
var SearchSettings = Settings{MaxFailures: 20, Cooldown: 5 * time.Second, MaxProbes: 3, IsSuccessful: strictSuccess}

func (b *Breaker) allow() error {
	b.mu.Lock()
	defer b.mu.Unlock()

	switch b.state {
	case Closed:
		return nil
	case Open:
		if time.Since(b.openedAt) < b.s.Cooldown {
			return classify.ErrOpen // fails in nanoseconds, no network call
		}
		b.state, b.probes, b.successes = HalfOpen, 0, 0
		fallthrough
	case HalfOpen:
		if b.probes >= b.s.MaxProbes { // a few probes, not all the traffic
			return ErrTooManyProbes
		}
		b.probes++
		return nil
	}
	return nil
}

// Do runs fn through the breaker. The caller decides the fallback.
func (b *Breaker) Do(ctx context.Context, fn func(context.Context) error) error {
	if err := b.allow(); err != nil {
		return err
	}
	err := fn(ctx)
	b.report(b.s.IsSuccessful(err))
	return err
}

func (b *Breaker) report(ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case ok && b.state == HalfOpen:
		if b.successes++; b.successes >= b.s.MaxProbes {
			b.state, b.failures = Closed, 0
		}
	case ok:
		b.failures = 0
	case b.state == HalfOpen:
		b.state, b.openedAt = Open, time.Now()
	default:
		if b.failures++; b.failures >= b.s.MaxFailures {
			b.state, b.openedAt = Open, time.Now()
		}
	}
}

// isSuccess is the breaker's success predicate.
//
//reslint:breaker
func isSuccess(err error) bool {
	if err == nil {
		return true
	}
	// GOOD: the client leaving is not the dependency's fault; otherwise a
	// wave of cancellations opens the breaker by itself.
	if errors.Is(err, context.Canceled) {
		return true
	}
	// A 4xx is the request's fault, not a failure of the dependency.
	var he *classify.HTTPError
	if errors.As(err, &he) && he.StatusCode < 500 && he.StatusCode != 429 {
		return true
	}
	return false
}

// strictSuccess counts slow and aborted calls against the dependency.
//
//reslint:breaker
func strictSuccess(err error) bool {
	if err == nil {
		return true
	}
	// BAD(breakerverdict): context.Canceled counted as the dependency's failure: users closing their tabs open the breaker for everyone.
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var he *classify.HTTPError
	return errors.As(err, &he) && he.StatusCode < 500
}
