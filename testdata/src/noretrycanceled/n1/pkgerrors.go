package n1

import (
	"context"
	"io"

	"github.com/pkg/errors"
)

// github.com/pkg/errors' Is is the standard one: the same tests, the
// same verdicts.

// An explicit branch for the caller's cancellation.
func retriablePkg(err error) bool {
	switch {
	case errors.Is(err, io.EOF):
		return true
	case errors.Is(err, context.Canceled):
		return true // want `retriablePkg answers "retry" for context.Canceled: the caller has gone`
	}
	return false
}

// Negative twin: context errors excluded first, then a catch-all.
func isRetryablePkgOK(err error) bool {
	if errors.Is(errors.Cause(err), context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	return true
}

// Negative twin: excluded through a wrapped error (errors.Wrap keeps the
// chain errors.Is walks).
func shouldRetryPkgOK(err error) bool {
	if errors.Is(err, context.Canceled) {
		return false
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	return err != nil
}

// Used, picked per endpoint at run time, like the policies of n1.go.
var pkgPolicies = map[string]func(error) bool{
	"retriable": retriablePkg, "ok": isRetryablePkgOK, "should": shouldRetryPkgOK,
}
