// Package client retries its own calls.
package client

import (
	"context"
	"errors"
	"net"
	"time"
)

func get(ctx context.Context, key string) error { return nil }

// isRetryable decides which errors are worth another attempt.
func isRetryable(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// Fetch tries three times.
func Fetch(ctx context.Context, key string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = get(ctx, key); err == nil || !isRetryable(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(attempt+1) * 100 * time.Millisecond):
		}
	}
	return err
}
