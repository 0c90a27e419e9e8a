package use

import (
	"context"
	"errors"
	"time"

	"noretrycanceled/n1imp/lib"
)

func call(ctx context.Context) error { return nil }

// An immediate retry that asks the imported classifier first.
func immediate(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		if !lib.IsRetryable(err) { // want `lib.IsRetryable answers "retry" for context.Canceled \(for every error that reaches its catch-all, lib.go:19\)`
			return err
		}
	}
	return err
}

// Negative twins.

// Context errors are screened before the classifier is asked.
func screened(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		if errors.Is(err, context.Canceled) {
			return err
		}
		if !lib.IsRetryable(err) {
			return err
		}
	}
	return err
}

// The caller's context is checked before the classifier is asked.
func checked(ctx context.Context) error { // want checked:"honors\\(0\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !lib.IsRetryable(err) {
			return err
		}
	}
	return err
}

// The wait after the verdict leaves once the caller has gone.
func waitsOnDone(ctx context.Context) error { // want waitsOnDone:"honors\\(0\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		if !lib.IsRetryable(err) {
			return err
		}
		t := time.NewTimer(time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}

// A classifier that says no to context errors itself.
func transient(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		if !lib.IsTransient(err) {
			return err
		}
	}
	return err
}

// Outside retry code the answer decides nothing.
func once(ctx context.Context) bool {
	return lib.IsRetryable(call(ctx))
}

// Asking it over a batch of collected errors decides no retry.
func sortErrors(ctx context.Context, errs []error) (retry []error) {
	for _, err := range errs {
		if lib.IsRetryable(err) {
			retry = append(retry, err)
		}
	}
	_ = ctx
	return retry
}
