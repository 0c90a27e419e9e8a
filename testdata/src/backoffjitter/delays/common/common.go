// Package common holds small retry helpers.
package common

import (
	"context"
	"time"
)

// Retryable marks an error worth another attempt.
type Retryable string

func (r Retryable) Error() string { return string(r) }

// Retry runs action up to times times, sleeping delay after each
// retryable failure.
func Retry(times int, delay time.Duration, action func() (any, error)) (any, error) { // want Retry:"delayparam\\(1\\)"
	var lastErr error
	for i := 0; i < times; i++ {
		item, err := action()
		if err != nil {
			if retryable, ok := err.(Retryable); ok {
				lastErr = retryable
				time.Sleep(delay)
				continue
			}
			return nil, err
		}
		return item, nil
	}
	return nil, lastErr
}

// WithTimeout runs op once under a timeout: d is no wait between
// attempts.
func WithTimeout(ctx context.Context, d time.Duration, op func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	return op(ctx)
}
