// Package failsafe holds failsafe-go circuit breaker builders.
package failsafe

import (
	"context"
	"errors"
	"time"

	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/circuitbreaker"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
)

var (
	ErrUnavailable = errors.New("unavailable")
	ErrOverloaded  = errors.New("overloaded")
	errGone        = context.Canceled
)

// --- positives ---

// No Handle call: every error is a failure.
var plain = circuitbreaker.NewBuilder[any](). // want `circuit breaker built without HandleErrors or HandleIf counts every error as a failure, the caller's context.Canceled included, so a wave of cancelled requests opens it; add a HandleIf whose predicate answers false for context.Canceled$`
						WithFailureThreshold(5).
						WithDelay(time.Minute).
						Build()

// HandleResult alone leaves every error a failure.
var resultOnly = circuitbreaker.NewBuilder[int]().HandleResult(-1).Build() // want `built without HandleErrors or HandleIf`

// The defaults handle every error.
var defaults = circuitbreaker.NewWithDefaults[any]() // want `circuitbreaker.NewWithDefaults counts every error as a failure`

// A catch-all predicate.
var catchAll = circuitbreaker.NewBuilder[any]().
	HandleIf(func(_ any, err error) bool {
		return err != nil // want `circuit breaker HandleIf predicate answers "failure" here for context.Canceled, so the caller's cancellation counts as a failure of the dependency and a wave of cancelled requests opens the breaker; answer false for errors.Is\(err, context.Canceled\) first$`
	}).
	Build()

// context.Canceled listed, directly or through a variable.
var listed = circuitbreaker.NewBuilder[any]().
	HandleErrors(ErrUnavailable, context.Canceled). // want `circuit breaker handles context.Canceled as a failure, so the caller's cancellation counts against the dependency and a wave of cancelled requests opens the breaker; drop it from HandleErrors$`
	Build()

var listedVar = circuitbreaker.NewBuilder[any]().HandleErrors(errGone).Build() // want `handles context.Canceled as a failure`

// Configured in steps on a variable, with no Handle call.
func steps(threshold uint) circuitbreaker.CircuitBreaker[string] {
	b := circuitbreaker.NewBuilder[string]() // want `built without HandleErrors or HandleIf`
	b.WithFailureThreshold(threshold)
	b = b.WithDelay(time.Second)
	return b.Build()
}

// A named predicate of this package.
func failed(_ string, err error) bool { return err != nil && !errors.Is(err, ErrOverloaded) }

var namedPred = circuitbreaker.NewBuilder[string]().HandleIf(failed).Build() // want `circuit breaker HandleIf predicate failsafe.failed answers "failure" for context.Canceled`

// --- negatives ---

// The dependency's own errors only.
var ownErrors = circuitbreaker.NewBuilder[any]().
	HandleErrors(ErrUnavailable, ErrOverloaded).
	WithFailureThresholdRatio(5, 10).
	Build()

// The cancellation answered "no failure" first.
var excludesCanceled = circuitbreaker.NewBuilder[any]().
	HandleIf(func(_ any, err error) bool {
		if errors.Is(err, context.Canceled) {
			return false
		}
		return err != nil
	}).
	Build()

var compact = circuitbreaker.NewBuilder[any]().
	HandleIf(func(_ any, err error) bool { return err != nil && !errors.Is(err, context.Canceled) }).
	Build()

// Handle calls made in steps on a variable.
func handledInSteps(extra bool) circuitbreaker.CircuitBreaker[any] {
	b := circuitbreaker.NewBuilder[any]().WithDelay(time.Second)
	b.HandleErrors(ErrUnavailable)
	if extra {
		b = b.HandleErrors(ErrOverloaded)
	}
	return b.Build()
}

// Type matching is not modelled.
type TempError struct{}

func (TempError) Error() string { return "temp" }

var byType = circuitbreaker.NewBuilder[any]().HandleErrorTypes(TempError{}).Build()

// A spread list is not followed.
var errs = []error{ErrUnavailable}

var spread = circuitbreaker.NewBuilder[any]().HandleErrors(errs...).Build()

// The builder leaves the function before Build: configured elsewhere.
func newBuilder() circuitbreaker.Builder[any] {
	return circuitbreaker.NewBuilder[any]().WithFailureThreshold(3)
}

func configure(b circuitbreaker.Builder[any]) circuitbreaker.Builder[any] {
	return b.HandleErrors(ErrUnavailable)
}

var configured = configure(circuitbreaker.NewBuilder[any]()).Build()

// A predicate whose answer the analyzer cannot see.
func fromParam(pred func(any, error) bool) circuitbreaker.CircuitBreaker[any] {
	return circuitbreaker.NewBuilder[any]().HandleIf(pred).Build()
}

// Retry policies are not breakers: noretrycanceled judges them.
var retry = retrypolicy.NewBuilder[any]().HandleIf(func(_ any, err error) bool { return err != nil }).Build()

var _ = failsafe.With[any](retry)
