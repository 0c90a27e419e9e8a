// Package gobptr holds gobreaker Settings kept behind a pointer field of a
// config and dereferenced where the breaker is made.
package gobptr

import (
	"context"
	"errors"
	"time"

	"github.com/sony/gobreaker"
)

type config struct {
	Breaker *gobreaker.Settings
}

type tuned struct {
	Breaker *gobreaker.Settings
}

type shared struct {
	Breaker *gobreaker.Settings
}

// --- positives ---

func defaults() *config {
	return &config{
		Breaker: &gobreaker.Settings{ // want `gobreaker.Settings without IsSuccessful counts every error as a failure`
			Name:    "orders",
			Timeout: 10 * time.Second,
		},
	}
}

func newBreaker(c *config) *gobreaker.CircuitBreaker {
	return gobreaker.NewCircuitBreaker(*c.Breaker)
}

// --- negatives ---

// The verdict is set on the shared settings before the breaker is made.
func defaultsTuned() *tuned {
	t := &tuned{Breaker: &gobreaker.Settings{Name: "orders"}}
	t.Breaker.IsSuccessful = func(err error) bool {
		return err == nil || errors.Is(err, context.Canceled)
	}
	return t
}

func newTunedBreaker(t *tuned) *gobreaker.CircuitBreaker {
	return gobreaker.NewCircuitBreaker(*t.Breaker)
}

// A helper gets the pointer and may set the verdict.
func defaultsShared() *shared {
	s := &shared{Breaker: &gobreaker.Settings{Name: "orders"}}
	applyVerdict(s.Breaker)
	return s
}

func applyVerdict(st *gobreaker.Settings) {
	st.IsSuccessful = func(err error) bool { return err == nil || errors.Is(err, context.Canceled) }
}

func newSharedBreaker(s *shared) *gobreaker.CircuitBreaker {
	return gobreaker.NewCircuitBreaker(*s.Breaker)
}
