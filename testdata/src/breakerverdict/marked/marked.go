// Package marked holds success predicates marked //reslint:breaker.
package marked

import (
	"context"
	"errors"
	"net/http"
)

type HTTPError struct{ Code int }

func (e *HTTPError) Error() string { return http.StatusText(e.Code) }

var ErrFatal = errors.New("fatal")

// --- positives ---

// Only 4xx are forgiven.
//
//reslint:breaker
func clientErrorsOnly(err error) bool {
	if err == nil {
		return true
	}
	var he *HTTPError
	if errors.As(err, &he) && he.Code >= 400 && he.Code < 500 {
		return true
	}
	return false // want `breaker success predicate clientErrorsOnly answers false for context.Canceled here, so the caller's cancellation counts as a failure of the dependency and a wave of cancelled requests opens the breaker; answer true for errors.Is\(err, context.Canceled\) first$`
}

// The cancellation named, with the wrong answer.
//
//reslint:breaker
func explicitlyWrong(err error) bool {
	switch {
	case err == nil:
		return true
	case errors.Is(err, context.Canceled):
		return false // want `answers false for context.Canceled here`
	}
	return !errors.Is(err, ErrFatal)
}

// A method.
type breaker struct{ strict bool }

//reslint:breaker
func (b *breaker) ok(err error) bool {
	return err == nil // want `breaker success predicate ok answers false`
}

// Not a success predicate.
//
//reslint:breaker
func notAPredicate(code int) bool { // want `//reslint:breaker marks a success predicate, a function with an error parameter and a bool result; notAPredicate is not one, so nothing is checked$`
	return code < 500
}

// --- negatives ---

//reslint:breaker
func viaHelper(err error) bool {
	return err == nil || callerGone(err)
}

func callerGone(err error) bool { return errors.Is(err, context.Canceled) }

//reslint:breaker
func comparesDirectly(err error) bool {
	if err == context.Canceled {
		return true
	}
	return err == nil
}

// Canceled and non-429 4xx are successes: the reference shape.
//
//reslint:breaker
func isSuccess(err error) bool {
	if err == nil {
		return true
	}
	if errors.Is(err, context.Canceled) {
		return true
	}
	var he *HTTPError
	if errors.As(err, &he) && he.Code < 500 && he.Code != http.StatusTooManyRequests {
		return true
	}
	return false
}

// A decision the analyzer cannot see.
//
//reslint:breaker
func delegated(err error) bool {
	return err == nil || policy(err)
}

var policy func(error) bool

// Not marked: not a breaker predicate, however it answers.
func isNil(err error) bool { return err == nil }
