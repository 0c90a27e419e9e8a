package wild

import (
	"context"
	"errors"
	"net"
	"net/url"
)

// A type switch over transport errors; a url.Error is asked, not assumed.
func isRetryableTransport(err error) bool {
	switch e := err.(type) {
	case *url.Error:
		if errors.Is(e.Err, context.Canceled) || errors.Is(e.Err, context.DeadlineExceeded) {
			return false
		}
		return e.Temporary()
	case *net.OpError:
		return e.Op == "dial"
	default:
		return false
	}
}

// A wrapped-error walk that stops on context errors.
func retryableChain(err error) bool {
	for e := err; e != nil; e = errors.Unwrap(e) {
		if e == context.Canceled || e == context.DeadlineExceeded {
			return false
		}
		if _, ok := e.(*net.OpError); ok {
			return true
		}
	}
	return false
}

// --- true positive ------------------------------------------------------

// Every net.Error is retried, and context.DeadlineExceeded is one.
func retryNetErrors(err error) bool {
	switch err.(type) {
	case net.Error:
		return true // want `retryNetErrors answers "retry"`
	}
	return false
}

// The classifier above decides retries in a loop that never checks the
// caller's context.
func redial(ctx context.Context, dial func(context.Context) error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = dial(ctx); err == nil || !retryNetErrors(err) {
			return err
		}
	}
	return err
}
