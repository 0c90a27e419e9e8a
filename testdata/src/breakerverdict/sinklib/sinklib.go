// Package sinklib is a middleware library that builds breakers from the
// Settings its callers give it.
package sinklib

import (
	"context"
	"errors"

	"github.com/sony/gobreaker"
)

type Middleware struct{ cb *gobreaker.CircuitBreaker }

// New builds the breaker from settings unchanged.
func New(name string, settings gobreaker.Settings) Middleware { // want New:`settingsSink\[1\]`
	settings.Name = name
	return Middleware{cb: gobreaker.NewCircuitBreaker(settings)}
}

// NewSafe completes the settings first: not a sink.
func NewSafe(settings gobreaker.Settings) Middleware {
	if settings.IsSuccessful == nil {
		settings.IsSuccessful = func(err error) bool { return err == nil || errors.Is(err, context.Canceled) }
	}
	return Middleware{cb: gobreaker.NewCircuitBreaker(settings)}
}

// NewTwoStep builds v1's two-step breaker, which ignores IsSuccessful.
func NewTwoStep(settings gobreaker.Settings) *gobreaker.TwoStepCircuitBreaker {
	return gobreaker.NewTwoStepCircuitBreaker(settings)
}

// Through another helper of the package.
func NewNamed(settings gobreaker.Settings) Middleware { // want NewNamed:`settingsSink\[0\]`
	return New("named", settings)
}

// IsSuccess is a correct predicate declared in a library.
func IsSuccess(err error) bool { return err == nil || errors.Is(err, context.Canceled) }

// IsNil is not: but its body is not visible to importers.
func IsNil(err error) bool { return err == nil }
