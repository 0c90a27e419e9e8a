package wild

import (
	"context"
	"fmt"
	"time"

	"github.com/cenkalti/backoff/v4"

	"noretrycanceled/wildlib"
)

// A loop whose wait is a backoff ticker beside ctx.Done().
func (c *Client) pollTicker(ctx context.Context, op func(context.Context) error) error { // want pollTicker:"honors\\(0\\)"
	t := backoff.NewTicker(backoff.NewExponentialBackOff())
	defer t.Stop()
	var err error
	for range t.C {
		if err = op(ctx); err == nil {
			return nil
		}
		if !isRetryable(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
	}
	return err
}

// A loop with a ticker channel and ctx.Done() in one select.
func tickerSelect(ctx context.Context, op func(context.Context) error) error { // want tickerSelect:"honors\\(0\\)"
	t := backoff.NewTicker(backoff.NewExponentialBackOff())
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case _, ok := <-t.C:
			if !ok {
				return fmt.Errorf("backoff gave up")
			}
		}
		if err := op(ctx); err == nil {
			return nil
		}
	}
}

// A loop that reuses one timer with Reset.
func timerReset(ctx context.Context, op func(context.Context) error) error { // want timerReset:"honors\\(0\\)"
	timer := time.NewTimer(0)
	defer timer.Stop()
	delay := 100 * time.Millisecond
	for attempt := 0; attempt < 5; attempt++ {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-timer.C:
		}
		err := op(ctx)
		if err == nil {
			return nil
		}
		if !isRetryable(err) {
			return err
		}
		timer.Reset(delay)
		delay *= 2
	}
	return fmt.Errorf("gave up after 5 attempts")
}

// A loop that returns ctx.Err() at the top and sleeps with a context in
// another package.
func topCheck(ctx context.Context, op func(context.Context) error) error { // want topCheck:"honors\\(0\\)"
	var err error
	for i := 0; i < 3; i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err = op(ctx); err == nil {
			return nil
		}
		if werr := wildlib.Sleep(ctx, time.Duration(i)*time.Second); werr != nil {
			return werr
		}
	}
	return err
}

// A loop that waits with a context-aware method of another package.
func methodWait(ctx context.Context, b wildlib.Backoff, op func(context.Context) error) error { // want methodWait:"honors\\(0\\)"
	var err error
	for n := 0; n < 4; n++ {
		if err = op(ctx); err == nil || !isTransientErr(err) {
			return err
		}
		if err := b.Wait(ctx, n); err != nil {
			return err
		}
	}
	return err
}

// A generic helper.
func Retry[T any](ctx context.Context, attempts int, fn func(context.Context) (T, error)) (T, error) { // want Retry:"honors\\(0\\)"
	var zero T
	var last error
	for i := 0; i < attempts; i++ {
		v, err := fn(ctx)
		if err == nil {
			return v, nil
		}
		last = err
		if !isRetryable(err) {
			return zero, err
		}
		if err := wildlib.Sleep(ctx, time.Duration(1<<i)*50*time.Millisecond); err != nil {
			return zero, err
		}
	}
	return zero, last
}

// Its caller.
func fetchUser(ctx context.Context, id string) (string, error) { // want fetchUser:"honors\\(0\\)"
	return Retry(ctx, 3, func(ctx context.Context) (string, error) {
		if id == "" {
			return "", ErrNotFound
		}
		return id, nil
	})
}

// A loop without any context in scope.
func noContext(op func() error) error { // want noContext:"sleeps"
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i) * 100 * time.Millisecond)
	}
	return err
}

// A select loop whose Done channel was taken once.
func doneVar(ctx context.Context, op func(context.Context) error) error { // want doneVar:"honors\\(0\\)"
	done := ctx.Done()
	for {
		err := op(ctx)
		if err == nil {
			return nil
		}
		select {
		case <-done:
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}
