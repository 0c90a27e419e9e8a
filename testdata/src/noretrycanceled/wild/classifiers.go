// Package wild holds service-code shapes that reslint has not been tuned
// on: correct code that must pass clean, and true positives in unfamiliar
// spellings.
package wild

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"syscall"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

var (
	ErrNotFound = errors.New("not found")
	ErrConflict = errors.New("conflict")
)

// HTTPError carries a response status.
type HTTPError struct{ Code int }

func (e *HTTPError) Error() string { return http.StatusText(e.Code) }

// A tagless switch that answers "no" for context errors first.
func isRetryable(err error) bool {
	switch {
	case err == nil:
		return false
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return false
	case errors.Is(err, ErrNotFound):
		return false
	default:
		return true
	}
}

// errors.As into custom types, then a conservative fallback.
func shouldRetry(err error) bool {
	var he *HTTPError
	if errors.As(err, &he) {
		return he.Code == http.StatusTooManyRequests || he.Code >= 500
	}
	var ne *net.OpError
	if errors.As(err, &ne) {
		return ne.Op == "dial"
	}
	if errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	return false
}

// A gRPC classifier that lists the retryable codes only.
func isRetryableGRPC(err error) bool {
	s, ok := status.FromError(err)
	if !ok {
		return false
	}
	switch s.Code() {
	case codes.Unavailable, codes.ResourceExhausted, codes.Aborted:
		return true
	case codes.Canceled, codes.DeadlineExceeded:
		return false
	default:
		return false
	}
}

// The same with status.Code and a default of "no".
func retriableCode(err error) bool {
	switch status.Code(err) {
	case codes.Unavailable, codes.Internal:
		return true
	}
	return false
}

// An early return for context errors, then a catch-all.
func isTransientErr(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	if errors.Is(err, ErrConflict) {
		return false
	}
	return true
}

// A client with a retry policy method.
type Client struct {
	hc       *http.Client
	attempts int
}

func (c *Client) isRetryable(err error) bool {
	if err == nil {
		return false
	}
	if ctxErr := context.Cause(context.Background()); ctxErr != nil {
		return false
	}
	var he *HTTPError
	if errors.As(err, &he) {
		return he.Code >= 500
	}
	return false
}

// A method that checks the caller's context first.
func (c *Client) shouldRetry(ctx context.Context, err error) bool { // want shouldRetry:"honors\\(0\\)"
	if ctx.Err() != nil {
		return false
	}
	return err != nil
}

// A classifier that excludes context errors through a helper.
func isContextErr(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

func retryableViaHelper(err error) bool {
	if isContextErr(err) {
		return false
	}
	return true
}
