// Package gobops settles the verdict where the breaker runs the
// operation: a cancellation is returned to the breaker as no error.
package gobops

import (
	"context"
	"errors"

	"github.com/sony/gobreaker/v2"
)

var cb = gobreaker.NewCircuitBreaker[[]byte](gobreaker.Settings{Name: "ops"})

func Fetch(ctx context.Context, get func(context.Context) ([]byte, error)) ([]byte, error) {
	var callerErr error
	body, err := cb.Execute(func() ([]byte, error) {
		b, err := get(ctx)
		if errors.Is(err, context.Canceled) {
			callerErr = err
			return nil, nil // the caller left: not the dependency's failure
		}
		return b, err
	})
	if callerErr != nil {
		return nil, callerErr
	}
	return body, err
}
