// Package status is a reslint test stub of google.golang.org/grpc@v1.85.0: signatures match the real API.
//
// It exists because google.golang.org/grpc/status declares "type Status = status.Status" with this package's Status.
package status

import (
	"fmt"

	"google.golang.org/grpc/codes"
)

// Status represents an RPC status code, message, and details.  It is immutable
// and should be created with New, Newf, or FromProto.
type Status struct {
	code codes.Code
	msg  string
}

// New returns a Status representing c and msg.
func New(c codes.Code, msg string) *Status { return &Status{code: c, msg: msg} }

// Newf returns New(c, fmt.Sprintf(format, a...)).
func Newf(c codes.Code, format string, a ...any) *Status { return New(c, fmt.Sprintf(format, a...)) }

// Err returns an error representing c and msg.  If c is OK, returns nil.
func Err(c codes.Code, msg string) error { return New(c, msg).Err() }

// Errorf returns Error(c, fmt.Sprintf(format, a...)).
func Errorf(c codes.Code, format string, a ...any) error { return Err(c, fmt.Sprintf(format, a...)) }

// Code returns the status code contained in s.
func (s *Status) Code() codes.Code {
	if s == nil {
		return codes.OK
	}
	return s.code
}

// Message returns the message contained in s.
func (s *Status) Message() string {
	if s == nil {
		return ""
	}
	return s.msg
}

// Err returns an immutable error representing s; returns nil if s.Code() is OK.
func (s *Status) Err() error {
	if s.Code() == codes.OK {
		return nil
	}
	return &Error{s: s}
}

// Details returns a slice of details messages attached to the status.
func (s *Status) Details() []any { return nil }

func (s *Status) String() string {
	return fmt.Sprintf("rpc error: code = %s desc = %s", s.Code(), s.Message())
}

// Error wraps a pointer of a status proto. It implements error and Status,
// and a nil *Error should never be returned by this package.
type Error struct {
	s *Status
}

func (e *Error) Error() string { return e.s.String() }

// GRPCStatus returns the Status represented by se.
func (e *Error) GRPCStatus() *Status { return e.s }

// Is implements future error.Is functionality.
// A Error is equivalent if the code and message are identical.
func (e *Error) Is(target error) bool {
	tse, ok := target.(*Error)
	return ok && *e.s == *tse.s
}
