// Package errors is a reslint test stub of github.com/pkg/errors@v0.9.1: signatures match the real API.
package errors

import (
	stderrors "errors"
	"fmt"
)

func New(message string) error { return stderrors.New(message) }

func Errorf(format string, args ...interface{}) error { return fmt.Errorf(format, args...) }

func WithStack(err error) error { return err }

func Wrap(err error, message string) error { return fmt.Errorf("%s: %w", message, err) }

func Wrapf(err error, format string, args ...interface{}) error {
	return fmt.Errorf(format+": %w", append(args, err)...)
}

func WithMessage(err error, message string) error { return Wrap(err, message) }

func WithMessagef(err error, format string, args ...interface{}) error {
	return Wrapf(err, format, args...)
}

func Cause(err error) error { return err }

func Is(err, target error) bool { return stderrors.Is(err, target) }

func As(err error, target interface{}) bool { return stderrors.As(err, target) }

func Unwrap(err error) error { return stderrors.Unwrap(err) }
