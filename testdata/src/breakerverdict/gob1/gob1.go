// Package gob1 holds sony/gobreaker v1 Settings: positives carry a want.
package gob1

import (
	"context"
	"errors"
	"net"
	"time"

	"github.com/sony/gobreaker"
)

var ErrNotFound = errors.New("not found")

// --- positives ---

func bare() *gobreaker.CircuitBreaker {
	return gobreaker.NewCircuitBreaker(gobreaker.Settings{ // want `gobreaker.Settings without IsSuccessful counts every error as a failure, the caller's context.Canceled included, so a wave of cancelled requests opens the breaker; set IsSuccessful to treat context.Canceled as success$`
		Name:    "payments",
		Timeout: 30 * time.Second,
	})
}

func explicitNil() *gobreaker.CircuitBreaker {
	return gobreaker.NewCircuitBreaker(gobreaker.Settings{Name: "x", IsSuccessful: nil}) // want `without IsSuccessful`
}

// The literal in a variable whose other fields are set before use.
func viaVar(name string) *gobreaker.CircuitBreaker {
	st := gobreaker.Settings{Name: name} // want `without IsSuccessful`
	st.MaxRequests = 3
	st.ReadyToTrip = func(c gobreaker.Counts) bool { return c.ConsecutiveFailures > 5 }
	return gobreaker.NewCircuitBreaker(st)
}

// Zero Settings declared without a value.
func zeroVar() *gobreaker.CircuitBreaker {
	var st gobreaker.Settings // want `without IsSuccessful`
	st.Name = "zero"
	return gobreaker.NewCircuitBreaker(st)
}

// Built in a helper that returns it, handed straight to the constructor.
func settingsFor(name string) gobreaker.Settings {
	return gobreaker.Settings{Name: name, Timeout: time.Minute} // want `without IsSuccessful`
}

var fromHelper = gobreaker.NewCircuitBreaker(settingsFor("inventory"))

// Passed to a helper of this package that builds the breaker unchanged.
func newBreaker(st gobreaker.Settings) *gobreaker.CircuitBreaker { // want newBreaker:`settingsSink\[0\]`
	st.Interval = time.Minute
	return gobreaker.NewCircuitBreaker(st)
}

var passedOn = newBreaker(gobreaker.Settings{Name: "search"}) // want `without IsSuccessful`

// An IsSuccessful that still fails the caller's cancellation: 4xx are
// successes, everything else (context.Canceled included) a failure.
type HTTPError struct{ Code int }

func (e *HTTPError) Error() string { return "http" }

var only4xx = gobreaker.NewCircuitBreaker(gobreaker.Settings{
	Name: "only4xx",
	IsSuccessful: func(err error) bool {
		var he *HTTPError
		if errors.As(err, &he) && he.Code < 500 {
			return true
		}
		return err == nil // want `IsSuccessful answers false for context.Canceled here, so the caller's cancellation counts as a failure of the dependency and a wave of cancelled requests opens the breaker; answer true for errors.Is\(err, context.Canceled\) first$`
	},
})

// The default spelled out.
var spelledOut = gobreaker.NewCircuitBreaker(gobreaker.Settings{
	IsSuccessful: func(err error) bool { return err == nil }, // want `IsSuccessful answers false`
})

// A named predicate of this package that only forgives ErrNotFound.
func notFoundIsFine(err error) bool {
	return err == nil || errors.Is(err, ErrNotFound)
}

var named = gobreaker.NewCircuitBreaker(gobreaker.Settings{
	IsSuccessful: notFoundIsFine, // want `IsSuccessful gob1.notFoundIsFine answers false for context.Canceled`
})

// A timeout is a success, a cancellation is not.
var timeoutsOnly = gobreaker.NewCircuitBreaker(gobreaker.Settings{
	IsSuccessful: func(err error) bool {
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return true
		}
		return err == nil // want `IsSuccessful answers false`
	},
})

// --- negatives ---

var correct = gobreaker.NewCircuitBreaker(gobreaker.Settings{
	Name: "correct",
	IsSuccessful: func(err error) bool {
		return err == nil || errors.Is(err, context.Canceled)
	},
})

// The reference shape: cancellation and non-429 4xx are successes.
func isSuccess(err error) bool {
	if err == nil {
		return true
	}
	if errors.Is(err, context.Canceled) {
		return true
	}
	var he *HTTPError
	if errors.As(err, &he) && he.Code < 500 && he.Code != 429 {
		return true
	}
	return false
}

var declared = gobreaker.NewCircuitBreaker(gobreaker.Settings{Name: "declared", IsSuccessful: isSuccess})

// A method value.
type client struct{ ignoreCanceled bool }

func (c *client) success(err error) bool {
	switch {
	case err == nil, err == context.Canceled:
		return true
	}
	return false
}

func (c *client) breaker() *gobreaker.CircuitBreaker {
	return gobreaker.NewCircuitBreaker(gobreaker.Settings{Name: "m", IsSuccessful: c.success})
}

// A closure held in a variable.
var okFn = func(err error) bool { return err == nil || errors.Is(err, context.Canceled) }

var viaClosure = gobreaker.NewCircuitBreaker(gobreaker.Settings{IsSuccessful: okFn})

// A predicate whose answer depends on a function the analyzer cannot see.
var unknown = gobreaker.NewCircuitBreaker(gobreaker.Settings{IsSuccessful: func(err error) bool {
	return err == nil || external(err)
}})

var external func(error) bool

// A predicate from a parameter.
func withPredicate(p func(error) bool) *gobreaker.CircuitBreaker {
	return gobreaker.NewCircuitBreaker(gobreaker.Settings{IsSuccessful: p})
}

// IsSuccessful set after the literal.
func setLater() *gobreaker.CircuitBreaker {
	st := gobreaker.Settings{Name: "later"}
	st.IsSuccessful = isSuccess
	return gobreaker.NewCircuitBreaker(st)
}

// A helper that completes the settings before building.
func withDefaults(st gobreaker.Settings) *gobreaker.CircuitBreaker {
	st.IsSuccessful = isSuccess
	return gobreaker.NewCircuitBreaker(st)
}

var completed = withDefaults(gobreaker.Settings{Name: "completed"})

// Settings handed to code outside the package, or stored: not followed.
type Config struct{ Breaker gobreaker.Settings }

var stored = Config{Breaker: gobreaker.Settings{Name: "stored"}}

func Register(st gobreaker.Settings) {}

func registered() { Register(gobreaker.Settings{Name: "registered"}) }

// The address is taken: anything may set IsSuccessful.
func addressTaken() *gobreaker.CircuitBreaker {
	st := gobreaker.Settings{Name: "addr"}
	configure(&st)
	return gobreaker.NewCircuitBreaker(st)
}

func configure(st *gobreaker.Settings) { st.IsSuccessful = isSuccess }

// v1's two-step breaker never consults IsSuccessful.
var twoStep = gobreaker.NewTwoStepCircuitBreaker(gobreaker.Settings{Name: "two"})

// An exported package variable may be completed by another package.
var Defaults = gobreaker.Settings{Name: "defaults"}

func fromDefaults() *gobreaker.CircuitBreaker { return gobreaker.NewCircuitBreaker(Defaults) }

// Field assignments are judged like literal fields.
func assigned() *gobreaker.CircuitBreaker {
	var st gobreaker.Settings
	st.Name = "assigned"
	st.IsSuccessful = func(err error) bool {
		return err == nil // want `IsSuccessful answers false for context.Canceled here`
	}
	return gobreaker.NewCircuitBreaker(st)
}

func assignedNamed() *gobreaker.CircuitBreaker {
	st := gobreaker.Settings{Name: "assignedNamed"}
	st.IsSuccessful = notFoundIsFine // want `IsSuccessful gob1.notFoundIsFine answers false`
	return gobreaker.NewCircuitBreaker(st)
}

func assignedOK() *gobreaker.CircuitBreaker {
	var st gobreaker.Settings
	st.IsSuccessful = isSuccess
	return gobreaker.NewCircuitBreaker(st)
}

type holder struct{ st gobreaker.Settings }

func (h *holder) configure() {
	h.st.IsSuccessful = func(err error) bool { return err == nil || errors.Is(err, context.Canceled) }
}

// An operation that names the cancellation but still hands it to the
// breaker as an error settles nothing.
func run(ctx context.Context, cb *gobreaker.CircuitBreaker, op func(context.Context) error) error {
	_, err := cb.Execute(func() (interface{}, error) {
		err := op(ctx)
		if errors.Is(err, context.Canceled) {
			return nil, errors.Join(err, ErrNotFound)
		}
		return nil, err
	})
	return err
}

//reslint:ignore breakerverdict the dependency is in-process and nothing cancels it
var ignored = gobreaker.NewCircuitBreaker(gobreaker.Settings{Name: "ignored"})

// v1's two-step breaker takes the verdict from its done callback: the
// IsSuccessful it is given is never called.
var twoStepIgnored = gobreaker.NewTwoStepCircuitBreaker(gobreaker.Settings{
	IsSuccessful: func(err error) bool { return err == nil },
})
