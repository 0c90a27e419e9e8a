// Package retrylib is a code base's own retry package, without contexts.
package retrylib

import (
	"context"
	"errors"
	"time"
)

// Do retries op on every error, sleeping between attempts.
func Do(attempts int, op func() error) error { // want Do:"sleeps"
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * 200 * time.Millisecond)
	}
	return err
}

// ErrPermanent stops DoUnless.
var ErrPermanent = errors.New("permanent")

// DoUnless stops on ErrPermanent: an operation can end it.
func DoUnless(attempts int, op func() error) error { // want DoUnless:"sleeps"
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(); err == nil || errors.Is(err, ErrPermanent) {
			return err
		}
		time.Sleep(time.Duration(i+1) * 200 * time.Millisecond)
	}
	return err
}

// DoCtx waits between attempts in a select on its context.
func DoCtx(ctx context.Context, attempts int, op func() error) error { // want DoCtx:"honors\\(0\\)"
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(); err == nil {
			return nil
		}
		t := time.NewTimer(time.Duration(i+1) * 200 * time.Millisecond)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}
