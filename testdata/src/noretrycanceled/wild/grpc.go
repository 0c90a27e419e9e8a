package wild

import (
	"context"
	"errors"
	"io"
	"net"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Action is what to do with a failed call.
type Action int

const (
	ActionFail Action = iota
	ActionRetry
	ActionRefresh
)

// An enum classifier: context errors fail first, the rest by kind.
func classifyError(err error) Action {
	switch {
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return ActionFail
	case errors.Is(err, io.ErrUnexpectedEOF):
		return ActionRetry
	}
	var opErr *net.OpError
	if errors.As(err, &opErr) {
		return ActionRetry
	}
	return ActionFail
}

// A gRPC classifier: a status with a retryable code, or a transport EOF.
func isRetryableRPC(err error) bool {
	if s, ok := status.FromError(err); ok {
		switch s.Code() {
		case codes.Unavailable, codes.ResourceExhausted:
			return true
		}
		return false
	}
	return errors.Is(err, io.EOF)
}

// A delay-returning classifier.
func shouldRetryAfter(err error) (bool, time.Duration) {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false, 0
	}
	if status.Code(err) == codes.ResourceExhausted {
		return true, 5 * time.Second
	}
	return false, 0
}

// --- true positives ---------------------------------------------------

// codes.Unknown is what status.Code returns for a context error.
func retryableCodes(err error) bool {
	switch status.Code(err) {
	case codes.Unavailable, codes.Unknown:
		return true // want `retryableCodes answers "retry" for codes.Unknown`
	}
	return false
}

// A gRPC Canceled status answered "retry".
func isRetryableStatus(err error) bool {
	s, _ := status.FromError(err)
	switch s.Code() {
	case codes.Canceled, codes.Unavailable:
		return true // want `isRetryableStatus answers "retry" for a gRPC status carrying context.Canceled`
	}
	return false
}

// The classifiers above are used (in a table we cannot follow).
var grpcPolicies = []any{retryableCodes, isRetryableStatus}
