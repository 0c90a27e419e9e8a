package retryables // want package:`places retryables.go:27`

// This package keeps its classification in classifier types that
// each judge one error kind and are asked in turn: one place.

import (
	"errors"
	"net"
	"syscall"
)

// Ternary is a verdict that may abstain.
type Ternary int

const (
	Unknown Ternary = iota
	NoRetry
	Retry
)

// ConnRetryable and StatusRetryable each judge one kind of error; a list
// of them is asked in turn.
type ConnRetryable struct{}

func (ConnRetryable) IsErrorRetryable(err error) Ternary {
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return Retry
	}
	return Unknown
}

type StatusRetryable struct{ Code int }

func (s StatusRetryable) IsErrorRetryable(err error) Ternary {
	if s.Code == 0 {
		return Unknown
	}
	return Unknown
}

type UnexpectedEOFRetryable struct{}

func (UnexpectedEOFRetryable) IsErrorRetryable(err error) Ternary {
	if errors.Is(err, syscall.EPIPE) {
		return Retry
	}
	return Unknown
}
