// Package seed is the reference hand-written circuit breaker: its success
// predicate must pass clean, with and without the //reslint:breaker mark.
package seed

import (
	"context"
	"errors"
	"sync"
	"time"
)

type State int

const (
	Closed State = iota
	Open
	HalfOpen
)

var (
	ErrOpen          = errors.New("breaker open")
	ErrTooManyProbes = errors.New("too many probes")
)

type HTTPError struct{ Code int }

func (e *HTTPError) Error() string { return "http error" }

type Breaker struct {
	mu        sync.Mutex
	state     State
	openedAt  time.Time
	cooldown  time.Duration
	probes    int
	maxProbes int
	successes int
}

func (b *Breaker) allow() error {
	b.mu.Lock()
	defer b.mu.Unlock()

	switch b.state {
	case Closed:
		return nil
	case Open:
		if time.Since(b.openedAt) < b.cooldown {
			return ErrOpen
		}
		b.state, b.probes, b.successes = HalfOpen, 0, 0
		fallthrough
	case HalfOpen:
		if b.probes >= b.maxProbes {
			return ErrTooManyProbes
		}
		b.probes++
		return nil
	}
	return nil
}

func (b *Breaker) report(err error, ok bool) {}

func (b *Breaker) Do(ctx context.Context, fn func(context.Context) error) error {
	if err := b.allow(); err != nil {
		return err
	}
	err := fn(ctx)
	b.report(err, isSuccess(err))
	return err
}

func isSuccess(err error) bool {
	if err == nil {
		return true
	}
	if errors.Is(err, context.Canceled) {
		return true
	}
	var he *HTTPError
	if errors.As(err, &he) && he.Code < 500 && he.Code != 429 {
		return true
	}
	return false
}

// The same predicate, marked.
//
//reslint:breaker
func isSuccessMarked(err error) bool {
	if err == nil {
		return true
	}
	if errors.Is(err, context.Canceled) {
		return true
	}
	var he *HTTPError
	if errors.As(err, &he) && he.Code < 500 && he.Code != 429 {
		return true
	}
	return false
}
