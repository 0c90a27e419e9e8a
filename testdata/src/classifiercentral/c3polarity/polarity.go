package c3polarity // want package:`places polarity.go:42`

// Package c3polarity holds predicates whose true answer means "stop":
// their `return true` for a 4xx is the right answer, not a retry.

import (
	"context"
	"errors"
	"net/http"
	"time"
)

type apiError struct{ StatusCode int }

func (e *apiError) Error() string { return http.StatusText(e.StatusCode) }

// withRetry gives up on the first error isPermanent says is permanent.
func withRetry(ctx context.Context, op func(context.Context) error, isPermanent func(error) bool) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = op(ctx); err == nil || isPermanent(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(attempt+1) * time.Second):
		}
	}
	return err
}

// --- negatives -----------------------------------------------------------

// isPermanent: client errors will not change, so true (stop) for them.
func isPermanent(err error) bool {
	var ae *apiError
	if !errors.As(err, &ae) {
		return false
	}
	switch {
	case ae.StatusCode == http.StatusTooManyRequests:
		return false
	case ae.StatusCode >= 400 && ae.StatusCode < 500:
		return true
	}
	return false
}

func get(ctx context.Context) error {
	return withRetry(ctx, func(ctx context.Context) error { return nil }, isPermanent)
}
