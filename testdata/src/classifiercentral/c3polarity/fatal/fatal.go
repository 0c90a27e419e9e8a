package fatal // want package:`places fatal.go:39`

// Package fatal holds a stop predicate that answers "not fatal", so
// "retry", for a conflict.

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

// --- positives -----------------------------------------------------------

// isFatalStatus treats a conflict as "not fatal": withRetry resends it.
func isFatalStatus(err error) bool {
	var ae *apiError
	if errors.As(err, &ae) {
		if ae.StatusCode == http.StatusConflict || ae.StatusCode >= 500 {
			return false // want `HTTP 409 answered with retry`
		}
		return true
	}
	return false
}

func put(ctx context.Context) error {
	return withRetry(ctx, func(ctx context.Context) error { return nil }, isFatalStatus)
}
