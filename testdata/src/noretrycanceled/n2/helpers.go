package n2

import (
	"context"
	"errors"
	"net/http"
	"time"

	"noretrycanceled/n2/retrylib"
)

// retryN is the code base's own retry helper: it takes no context and
// sleeps blindly between attempts, whatever the error.
func retryN(n int, op func() error) error { // want retryN:"sleeps"
	var err error
	for i := 0; i < n; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i) * 100 * time.Millisecond)
	}
	return err
}

// retryStops is the same helper, but it stops on context errors: after a
// cancellation the next attempt fails with one and no backoff is slept.
func retryStops(n int, op func() error) error { // want retryStops:"sleeps"
	var err error
	for i := 0; i < n; i++ {
		if err = op(); err == nil {
			return nil
		}
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		time.Sleep(time.Duration(i) * 100 * time.Millisecond)
	}
	return err
}

// retryCtx waits in a select on its own context.
func retryCtx(ctx context.Context, n int, op func() error) error { // want retryCtx:"honors\\(0\\)"
	var err error
	for i := 0; i < n; i++ {
		if err = op(); err == nil {
			return nil
		}
		t := time.NewTimer(time.Duration(i) * 100 * time.Millisecond)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}

func fetch(ctx context.Context) error { return nil }

func capturesCtx(ctx context.Context) error {
	return retryN(3, func() error { // want `n2.retryN sleeps between attempts and takes no context: after the caller cancels ctx each attempt fails at once`
		return fetch(ctx)
	})
}

func capturesRequest(w http.ResponseWriter, r *http.Request) {
	_ = retryN(3, func() error { // want `n2.retryN sleeps between attempts and takes no context: after the caller cancels r.Context\(\)`
		return fetch(r.Context())
	})
}

// Negative twins.

func stopsOnCancel(ctx context.Context) error {
	return retryStops(3, func() error { return fetch(ctx) })
}

func passesCtx(ctx context.Context) error { // want passesCtx:"honors\\(0\\)"
	return retryCtx(ctx, 3, func() error { return fetch(ctx) })
}

func noCallerCtx() error { // want noCallerCtx:"sleeps"
	return retryN(3, func() error { return fetch(context.Background()) })
}

func ownCtx() error { // want ownCtx:"sleeps"
	return retryN(3, func() error {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		return fetch(ctx)
	})
}

// A wait behind an interface method whose implementations here all sleep.
type pauser interface{ pause(attempt int) } // want pause:"sleeps"

type stepPause struct{ step time.Duration }

func (p stepPause) pause(attempt int) { time.Sleep(time.Duration(attempt) * p.step) } // want pause:"sleeps"

func viaInterface(ctx context.Context, p pauser) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = fetch(ctx); err == nil {
			return nil
		}
		p.pause(i) // want `n2.pauser.pause sleeps and takes no context, so this retry loop cannot be interrupted`
	}
	return err
}

// Negative twin: one implementation waits on a context of its own.
type waiter interface{ wait(attempt int) error }

type ctxWait struct{ ctx context.Context }

func (w ctxWait) wait(attempt int) error {
	t := time.NewTimer(time.Duration(attempt) * time.Second)
	defer t.Stop()
	select {
	case <-w.ctx.Done():
		return w.ctx.Err()
	case <-t.C:
		return nil
	}
}

type sleepWait struct{}

func (sleepWait) wait(attempt int) error { time.Sleep(time.Second); return nil } // want wait:"sleeps"

func viaMixedInterface(ctx context.Context, w waiter) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = fetch(ctx); err == nil {
			return nil
		}
		if werr := w.wait(i); werr != nil {
			return werr
		}
	}
	return err
}

// Helpers of another package, known by their facts.
func crossPackage(ctx context.Context) error {
	return retrylib.Do(3, func() error { // want `retrylib.Do sleeps between attempts and takes no context: after the caller cancels ctx`
		return fetch(ctx)
	})
}

// The helper has a stop the operation could use, but this operation
// does not: a cancellation goes round like any error.
func crossPackageUnused(ctx context.Context) error {
	return retrylib.DoUnless(3, func() error { return fetch(ctx) }) // want `retrylib.DoUnless sleeps between attempts and takes no context: after the caller cancels ctx the backoff in progress`
}

// Negative twin: the operation checks the context and answers with the
// helper's stop.
func crossPackageStops(ctx context.Context) error {
	return retrylib.DoUnless(3, func() error {
		if err := ctx.Err(); err != nil {
			return errors.Join(retrylib.ErrPermanent, err)
		}
		return fetch(ctx)
	})
}
