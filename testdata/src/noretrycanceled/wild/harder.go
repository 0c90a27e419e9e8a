package wild

import (
	"context"
	"errors"
	"net"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
)

// A negated conjunction.
func retryableNot(err error) bool {
	return err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
}

// A switch on the error value.
func retryableSwitchValue(err error) bool {
	switch err {
	case nil, context.Canceled, context.DeadlineExceeded, ErrNotFound:
		return false
	}
	return true
}

// A Retryable() interface found with errors.As, then "no".
func isRetryableIface(err error) bool {
	var r interface{ Retryable() bool }
	if errors.As(err, &r) {
		return r.Retryable()
	}
	return false
}

// A per-attempt timeout is retried only while the caller is still here.
func (c *Client) retryable(ctx context.Context, err error) bool {
	if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
		return true
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return ctx.Err() == nil
	}
	return false
}

// Canceled is excluded; DeadlineExceeded (a per-attempt timeout) is
// retried, and the only loop that uses it waits in select on ctx.Done().
func shouldRetryAttempt(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) {
		return false
	}
	return true
}

func selectAfterClassify(ctx context.Context, op func(context.Context) error) error { // want selectAfterClassify:"honors\\(0\\)" selectAfterClassify:"ctx timeout\\(0\\)"
	t := time.NewTimer(time.Second)
	defer t.Stop()
	for {
		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
		err := op(actx)
		cancel()
		if err == nil {
			return nil
		}
		if !shouldRetryAttempt(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			t.Reset(time.Second)
		}
	}
}

// The parent is checked in the loop condition.
func loopCond(ctx context.Context, op func(context.Context) error) error { // want loopCond:"ctx timeout\\(0\\)"
	var err error
	for attempt := 0; ctx.Err() == nil && attempt < 5; attempt++ {
		actx, cancel := context.WithTimeout(ctx, time.Second)
		err = op(actx)
		cancel()
		if err == nil || !errors.Is(err, context.DeadlineExceeded) {
			return err
		}
	}
	if err == nil {
		err = ctx.Err()
	}
	return err
}

// retry-go with the context passed: it waits in select on ctx.Done()
// after every "retry", so a DeadlineExceeded answered "retry" ends there.
func retryGoAttemptTimeout(ctx context.Context, op func(context.Context) error) error {
	return retry.Do(func() error {
		actx, cancel := context.WithTimeout(ctx, time.Second)
		defer cancel()
		return op(actx)
	}, retry.Context(ctx), retry.RetryIf(func(err error) bool {
		return !errors.Is(err, context.Canceled)
	}))
}

// backoff v4 whose operation stops on cancellation by itself.
func backoffPermanentOnCancel(ctx context.Context, op func(context.Context) error) error {
	return backoff.Retry(func() error {
		if err := ctx.Err(); err != nil {
			return backoff.Permanent(err)
		}
		return op(ctx)
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// A goroutine's loop polling with a stop channel and a context.
func (c *Client) watch(ctx context.Context, stop <-chan struct{}, op func(context.Context) error) {
	go func() {
		for {
			if err := op(ctx); err == nil {
				return
			}
			select {
			case <-stop:
				return
			case <-ctx.Done():
				return
			case <-time.After(time.Second):
			}
		}
	}()
}

// An attempts loop whose error, classified, ends the loop on context
// errors; the wait is a context-aware helper of this package.
func sleepCtx(ctx context.Context, d time.Duration) error { // want sleepCtx:"honors\\(0\\)"
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

func (c *Client) do(ctx context.Context, op func(context.Context) error) (err error) { // want do:"honors\\(0\\)"
	for i := range c.attempts {
		if err = op(ctx); err == nil || !c.isRetryable(err) {
			return err
		}
		if serr := sleepCtx(ctx, time.Duration(i+1)*time.Second); serr != nil {
			return errors.Join(err, serr)
		}
	}
	return err
}

// Loop with a rate limiter style wait (not known by Fact) whose error
// ends the loop.
type limiter interface {
	Wait(ctx context.Context) error
}

func limited(ctx context.Context, lim limiter, op func(context.Context) error) error {
	var err error
	for i := 0; i < 3; i++ {
		if werr := lim.Wait(ctx); werr != nil {
			return werr
		}
		if err = op(ctx); err == nil {
			return nil
		}
	}
	return err
}
