// Package wild holds service-code shapes the rule was not tuned on.
package wild

import (
	"context"
	"errors"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/failsafe-go/failsafe-go/circuitbreaker"
	"github.com/sony/gobreaker/v2"
)

var (
	ErrRecordNotFound = errors.New("record not found")
	ErrBackend        = errors.New("backend unavailable")
)

// A repository wrapper that forgives missing rows only.
func newRepoBreaker() *gobreaker.CircuitBreaker[any] {
	return gobreaker.NewCircuitBreaker[any](gobreaker.Settings{
		Name:    "repo",
		Timeout: 10 * time.Second,
		IsSuccessful: func(err error) bool {
			if err == nil {
				return true
			}
			if errors.Is(err, ErrRecordNotFound) {
				return true
			}
			return false // want `IsSuccessful answers false for context.Canceled here`
		},
	})
}

// A storage wrapper whose verdict is "not a backend failure".
func IsBackendFailure(err error) bool {
	if err == nil {
		return false
	}
	var ne net.Error
	return errors.Is(err, ErrBackend) || errors.As(err, &ne)
}

type StorageSettings struct {
	Name         string
	IsSuccessful func(error) bool
}

func storageSettings(name string) gobreaker.Settings {
	return gobreaker.Settings{
		Name:         name,
		IsSuccessful: func(err error) bool { return !IsBackendFailure(err) },
	}
}

var storage = gobreaker.NewCircuitBreaker[[]byte](storageSettings("storage"))

// A struct of the project's own with an IsSuccessful field: not gobreaker's.
var own = StorageSettings{Name: "own", IsSuccessful: func(err error) bool { return err == nil }}

// Settings kept behind a pointer in a client config: not followed.
type ClientConfig struct{ Breaker *gobreaker.Settings }

var cfg = ClientConfig{Breaker: &gobreaker.Settings{Name: "memcache"}}

// A lazily built breaker per host, in a registry.
type registry struct {
	mu       sync.Mutex
	breakers map[string]*gobreaker.CircuitBreaker[*http.Response]
}

func (r *registry) get(host string) *gobreaker.CircuitBreaker[*http.Response] {
	r.mu.Lock()
	defer r.mu.Unlock()
	if b, ok := r.breakers[host]; ok {
		return b
	}
	st := gobreaker.Settings{ // want `without IsSuccessful`
		Name:        host,
		MaxRequests: 1,
	}
	st.ReadyToTrip = func(c gobreaker.Counts) bool { return c.ConsecutiveFailures >= 5 }
	b := gobreaker.NewCircuitBreaker[*http.Response](st)
	r.breakers[host] = b
	return b
}

// failsafe-go: one breaker per dependency, only transient errors count.
func isTransient(err error) bool {
	if errors.Is(err, context.Canceled) {
		return false
	}
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, ErrBackend)
}

func transientBreaker() circuitbreaker.CircuitBreaker[*http.Response] {
	return circuitbreaker.NewBuilder[*http.Response]().
		HandleIf(func(_ *http.Response, err error) bool { return isTransient(err) }).
		WithFailureThreshold(5).
		WithDelay(30 * time.Second).
		Build()
}

// The same with a predicate that forgets the cancellation.
func isTransientLoose(err error) bool { return err != nil && !errors.Is(err, ErrRecordNotFound) }

func looseBreaker() circuitbreaker.CircuitBreaker[*http.Response] {
	return circuitbreaker.NewBuilder[*http.Response]().
		HandleIf(func(_ *http.Response, err error) bool {
			return isTransientLoose(err) // want `HandleIf predicate answers "failure" here for context.Canceled`
		}).
		Build()
}

// Response-based handling: a 5xx response or any error.
func statusBreaker() circuitbreaker.CircuitBreaker[*http.Response] {
	return circuitbreaker.NewBuilder[*http.Response]().
		HandleIf(func(r *http.Response, err error) bool {
			if err != nil {
				return true // want `HandleIf predicate answers "failure" here`
			}
			return r.StatusCode >= 500
		}).
		Build()
}

// Builder configured in steps, with an optional listener.
func stepped(onOpen func()) circuitbreaker.CircuitBreaker[any] {
	b := circuitbreaker.NewBuilder[any]().
		WithFailureThresholdRatio(5, 10).
		HandleErrors(ErrBackend)
	if onOpen != nil {
		b = b.OnOpen(func(circuitbreaker.StateChangedEvent) { onOpen() })
	}
	return b.Build()
}
