// Package gob2 holds sony/gobreaker v2 Settings, imported under an alias.
package gob2

import (
	"context"
	"errors"
	"time"

	breaker "github.com/sony/gobreaker/v2"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

var ErrBadRequest = errors.New("bad request")

type Receipt struct{}

// --- positives ---

func generic() *breaker.CircuitBreaker[*Receipt] {
	return breaker.NewCircuitBreaker[*Receipt](breaker.Settings{ // want `gobreaker.Settings without IsSuccessful counts every error as a failure, the caller's context.Canceled included, so a wave of cancelled requests opens the breaker; set IsSuccessful to treat context.Canceled as success, or IsExcluded to leave it out$`
		Name:         "payments",
		BucketPeriod: time.Second,
	})
}

// The two-step breaker of v2 consults IsSuccessful (done takes the error).
var twoStep = breaker.NewTwoStepCircuitBreaker[any](breaker.Settings{Name: "two"}) // want `without IsSuccessful`

// An IsExcluded that excludes something else.
var excludesOther = breaker.NewCircuitBreaker[any](breaker.Settings{ // want `gobreaker.Settings has no IsSuccessful and its IsExcluded does not exclude context.Canceled`
	IsExcluded: func(err error) bool { return errors.Is(err, ErrBadRequest) },
})

// Both present, neither lets the cancellation go.
var bothWrong = breaker.NewCircuitBreaker[any](breaker.Settings{
	IsSuccessful: func(err error) bool { return err == nil }, // want `IsSuccessful answers false for context.Canceled here`
	IsExcluded:   func(err error) bool { return errors.Is(err, ErrBadRequest) },
})

// gRPC: codes.InvalidArgument forgiven, a Canceled status is not.
var grpcCodes = breaker.NewCircuitBreaker[any](breaker.Settings{
	IsSuccessful: func(err error) bool {
		switch status.Code(err) {
		case codes.OK, codes.InvalidArgument, codes.NotFound:
			return true
		}
		return false // want `IsSuccessful answers false for a gRPC status with code Canceled \(the caller's cancellation\) here, .*; answer true for status code codes.Canceled first, or exclude it with IsExcluded$`
	},
})

// A generic helper passes the settings on.
func build[T any](st breaker.Settings) *breaker.CircuitBreaker[T] { // want build:`settingsSink\[0\]`
	return breaker.NewCircuitBreaker[T](st)
}

var viaGeneric = build[int](breaker.Settings{Name: "generic"}) // want `without IsSuccessful`

// --- negatives ---

// IsExcluded leaves the cancellation out of the counts.
var excluded = breaker.NewCircuitBreaker[any](breaker.Settings{
	Name:       "excluded",
	IsExcluded: func(err error) bool { return errors.Is(err, context.Canceled) },
})

// IsExcluded settles it whatever IsSuccessful says.
var excludedWins = breaker.NewCircuitBreaker[any](breaker.Settings{
	IsSuccessful: func(err error) bool { return err == nil },
	IsExcluded:   isCallerGone,
})

func isCallerGone(err error) bool {
	return errors.Is(err, context.Canceled) || status.Code(err) == codes.Canceled
}

// Cancellation and client errors are successes; gRPC says Canceled too.
var grpcOK = breaker.NewCircuitBreaker[any](breaker.Settings{
	IsSuccessful: func(err error) bool {
		if err == nil || errors.Is(err, context.Canceled) {
			return true
		}
		switch status.Code(err) {
		case codes.Canceled, codes.InvalidArgument, codes.NotFound:
			return true
		}
		return false
	},
})

// An IsExcluded set after the literal.
func excludedLater() *breaker.CircuitBreaker[any] {
	st := breaker.Settings{Name: "later"}
	st.IsExcluded = isCallerGone
	return breaker.NewCircuitBreaker[any](st)
}

// Settings reassigned before use: which one reaches the constructor is
// not followed.
func reassigned(strict bool) *breaker.CircuitBreaker[any] {
	st := breaker.Settings{Name: "a"}
	if strict {
		st = breaker.Settings{Name: "b", IsExcluded: isCallerGone}
	}
	return breaker.NewCircuitBreaker[any](st)
}

// A predicate whose answer depends on a method the analyzer cannot see.
type classifier interface{ Success(error) bool }

func fromInterface(c classifier) *breaker.CircuitBreaker[any] {
	return breaker.NewCircuitBreaker[any](breaker.Settings{IsSuccessful: c.Success})
}

// Field assignments: judged when no IsExcluded can be set.
func assigned() *breaker.CircuitBreaker[any] {
	var st breaker.Settings
	st.IsSuccessful = func(err error) bool { return err == nil } // want `IsSuccessful answers false for context.Canceled here, .*or exclude it with IsExcluded$`
	return breaker.NewCircuitBreaker[any](st)
}

func assignedWithExcluded() *breaker.CircuitBreaker[any] {
	var st breaker.Settings
	st.IsSuccessful = func(err error) bool { return err == nil }
	st.IsExcluded = isCallerGone
	return breaker.NewCircuitBreaker[any](st)
}

func literalExcludes() *breaker.CircuitBreaker[any] {
	st := breaker.Settings{IsExcluded: isCallerGone}
	st.IsSuccessful = func(err error) bool { return err == nil }
	return breaker.NewCircuitBreaker[any](st)
}

type config struct{ Breaker breaker.Settings }

func inField(c *config) *breaker.CircuitBreaker[any] {
	c.Breaker.IsSuccessful = func(err error) bool { return err == nil }
	return breaker.NewCircuitBreaker[any](c.Breaker)
}

// A gRPC client interceptor's breaker: the caller's cancellation arrives
// as a status with code Canceled, which the predicate forgives.
var interceptor = breaker.NewCircuitBreaker[any](breaker.Settings{
	IsSuccessful: func(err error) bool {
		if se, ok := status.FromError(err); ok {
			if se == nil {
				return true
			}
			switch se.Code() {
			case codes.OK, codes.Canceled, codes.InvalidArgument, codes.NotFound:
				return true
			default:
				return false
			}
		}
		return false
	},
})

// Forgives the plain context error only: a gRPC Canceled status still
// counts as a failure.
var plainOnly = breaker.NewCircuitBreaker[any](breaker.Settings{
	IsSuccessful: func(err error) bool {
		if err == nil || errors.Is(err, context.Canceled) {
			return true
		}
		return status.Code(err) == codes.NotFound // want `IsSuccessful answers false for a gRPC status with code Canceled`
	},
})
