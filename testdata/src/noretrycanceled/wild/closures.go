package wild

import (
	"context"
	"errors"
	"time"

	"github.com/avast/retry-go/v4"
)

var errStopped = errors.New("stopped")

// The wait is a closure over the context, declared before the loop.
func closureWait(ctx context.Context, op func(context.Context) error) error {
	sleep := func(d time.Duration) bool {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return false
		case <-t.C:
			return true
		}
	}
	var err error
	for i := 0; i < 5; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
		if !sleep(time.Duration(i) * time.Second) {
			return errStopped
		}
	}
	return err
}

// The same with a closure that sleeps blind: the loop never consults the
// context.
func closureBlind(ctx context.Context, op func(context.Context) error) error {
	pause := func(d time.Duration) { time.Sleep(d) }
	var err error
	for i := 0; i < 5; i++ { // want `retry loop never consults ctx between attempts`
		if err = op(ctx); err == nil {
			return nil
		}
		pause(time.Duration(i) * time.Second)
	}
	return err
}

// A RetryIf that retries a per-attempt timeout, in an option list that
// also carries retry.Context: retry-go then stops in its wait.
func perAttemptOpts(ctx context.Context, op func(context.Context) error) error {
	opts := []retry.Option{
		retry.Context(ctx),
		retry.RetryIf(func(err error) bool {
			return !errors.Is(err, context.Canceled)
		}),
	}
	return retry.Do(func() error {
		actx, cancel := context.WithTimeout(ctx, time.Second)
		defer cancel()
		return op(actx)
	}, opts...)
}
