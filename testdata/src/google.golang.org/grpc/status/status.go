// Package status is a reslint test stub of google.golang.org/grpc@v1.85.0: signatures match the real API.
//
// Status is an alias of google.golang.org/grpc/internal/status.Status, as in the real package.
package status

import (
	"context"
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/internal/status"
)

// Status references google.golang.org/grpc/internal/status. It represents an
// RPC status code, message, and details.  It is immutable and should be
// created with New, Newf, or FromProto.
type Status = status.Status

// New returns a Status representing c and msg.
func New(c codes.Code, msg string) *Status { return status.New(c, msg) }

// Newf returns New(c, fmt.Sprintf(format, a...)).
func Newf(c codes.Code, format string, a ...any) *Status { return status.Newf(c, format, a...) }

// Error returns an error representing c and msg.  If c is OK, returns nil.
func Error(c codes.Code, msg string) error { return status.Err(c, msg) }

// Errorf returns Error(c, fmt.Sprintf(format, a...)).
func Errorf(c codes.Code, format string, a ...any) error { return status.Errorf(c, format, a...) }

// FromError returns a Status representation of err.
func FromError(err error) (s *Status, ok bool) {
	if err == nil {
		return nil, true
	}
	type grpcstatus interface{ GRPCStatus() *Status }
	var gs grpcstatus
	if errors.As(err, &gs) {
		if st := gs.GRPCStatus(); st != nil {
			return st, true
		}
	}
	return New(codes.Unknown, err.Error()), false
}

// Convert is a convenience function which removes the need to handle the
// boolean return value from FromError.
func Convert(err error) *Status {
	s, _ := FromError(err)
	return s
}

// Code returns the Code of the error if it is a Status error or if it wraps a
// Status error. If that is not the case, it returns codes.OK if err is nil, or
// codes.Unknown otherwise.
func Code(err error) codes.Code {
	if err == nil {
		return codes.OK
	}
	return Convert(err).Code()
}

// FromContextError converts a context error or wrapped context error into a
// Status.  It returns a Status with codes.OK if err is nil, or a Status with
// codes.Unknown if err is non-nil and not a context error.
func FromContextError(err error) *Status {
	if err == nil {
		return nil
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return New(codes.DeadlineExceeded, err.Error())
	}
	if errors.Is(err, context.Canceled) {
		return New(codes.Canceled, err.Error())
	}
	return New(codes.Unknown, err.Error())
}
