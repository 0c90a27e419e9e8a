// Package lib exports classifiers found by their names; whether they are
// asked before the caller's context is checked is decided where they are
// called.
package lib

import (
	"context"
	"errors"
)

var ErrBad = errors.New("bad")

// IsRetryable answers "retry" for every error but ErrBad, cancellations
// included.
func IsRetryable(err error) bool { // want IsRetryable:"retries canceled \\(catch-all\\)"
	if errors.Is(err, ErrBad) {
		return false
	}
	return true
}

// IsTransient says no to context errors first.
func IsTransient(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	return err != nil
}
