// Package generic decides retries in a generic retry loop and in a
// closure held in a variable, next to the imported designated classifier.
package generic

import (
	"context"
	"errors"
	"net/http"
	"syscall"
	"time"

	rg "github.com/avast/retry-go/v4"
	"google.golang.org/grpc/codes"
	grpcstatus "google.golang.org/grpc/status"

	cls "classifiercentral/c1/retry"
)

func call[T any](ctx context.Context, op func() (T, error)) (T, error) {
	var zero T
	for attempt := 0; ; attempt++ {
		v, err := op()
		if err == nil {
			return v, nil
		}
		if grpcstatus.Code(err) != codes.Unavailable || attempt == 3 { // want `retryability of codes.Unavailable decided outside the classifier retry.Classify`
			return zero, err
		}
		time.Sleep(time.Second)
	}
}

func send(op func() error) error {
	retryable := func(err error) bool {
		return errors.Is(err, syscall.ETIMEDOUT) // want `retryability of ETIMEDOUT decided outside the classifier retry.Classify`
	}
	return rg.Do(op, rg.RetryIf(retryable))
}

// Negatives: the same shapes asking the classifier.

func callAsking[T any](ctx context.Context, op func() (T, error)) (T, error) {
	var zero T
	for attempt := 0; ; attempt++ {
		v, err := op()
		if err == nil {
			return v, nil
		}
		if cls.Classify(nil, err) != cls.Transient || attempt == 3 {
			return zero, err
		}
		time.Sleep(time.Second)
	}
}

func sendAsking(op func() error) error {
	retryable := func(err error) bool { return cls.Classify(nil, err) == cls.Transient }
	return rg.Do(op, rg.RetryIf(retryable))
}

// A method value handed to the library, asking the classifier.
type client struct{ hc *http.Client }

func (c *client) retryable(err error) bool { return cls.Classify(nil, err) == cls.Transient }

func (c *client) put(op func() error) error {
	return rg.Do(op, rg.RetryIf(c.retryable))
}
