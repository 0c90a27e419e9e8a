// Package ctxtest exercises retryscope's context helpers.
package ctxtest

import (
	"context"
	"errors"
	"net/http"
)

func probe()                   {}
func classify(err error) bool  { return err != nil }
func op(context.Context) error { return nil }

var pkgCtx = context.Background()

func scope(ctx context.Context, r *http.Request) {
	probe() // want `in scope: ctx`
	reqCtx := r.Context()
	bg := context.Background()
	_, _ = bg, reqCtx
	probe() // want `in scope: ctx reqCtx`
	func(inner context.Context) {
		probe() // want `in scope: inner ctx reqCtx`
	}(ctx)
	var _ = pkgCtx
}

func noScope() {
	probe() // want `in scope: $`
	ctx := context.TODO()
	_ = ctx
	probe() // want `in scope: $`
}

func exits(ctx context.Context) error {
	if ctx.Err() != nil { // want `exits when ctx is done`
		return ctx.Err()
	}
	if err := ctx.Err(); err != nil { // want `exits when ctx is done`
		return err
	}
	if context.Cause(ctx) != nil { // want `exits when ctx is done`
		return nil
	}
	if ctx.Err() != nil {
		// does not leave
	}
	if ctx.Err() == nil {
		return nil // leaves while the context is alive
	}
	select { // want `exits when ctx is done`
	case <-ctx.Done():
		return ctx.Err()
	default:
	}
	switch { // want `exits when ctx is done`
	case ctx.Err() != nil:
		return nil
	}
	return nil
}

func checked(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if ctx.Err() != nil { // want `exits when ctx is done`
			return ctx.Err()
		}
		err = op(ctx)
		// The check before the attempt does not cover the classification.
		if !classify(err) { // want `unchecked`
			return err
		}
		err = op(ctx)
		if ctx.Err() != nil { // want `exits when ctx is done`
			return errors.Join(err, ctx.Err())
		}
		if !classify(err) { // want `checked ctx`
			return err
		}
		if ctx.Err() == nil && classify(err) { // want `checked ctx`
			continue
		}
		switch { // want `exits when ctx is done`
		case ctx.Err() != nil:
			return err
		case classify(err): // want `checked ctx`
			continue
		}
	}
	return err
}

// A check before the loop does not cover attempts inside it.
func beforeLoop(ctx context.Context) error {
	if ctx.Err() != nil { // want `exits when ctx is done`
		return ctx.Err()
	}
	for err := op(ctx); err != nil; err = op(ctx) {
		if !classify(err) { // want `unchecked`
			return err
		}
	}
	return nil
}

// The error is a parameter: any earlier check counts.
func param(ctx context.Context, err error) bool {
	if ctx.Err() != nil { // want `exits when ctx is done`
		return false
	}
	return classify(err) // want `checked ctx`
}

func consultsErr(ctx context.Context) bool { return ctx.Err() == nil } // want `consults`

func consultsDone(ctx context.Context) { // want `consults`
	<-ctx.Done()
}

func notConsults(ctx context.Context) { _ = op(ctx) }

func classifyAfter(err error) bool { return err != nil }

// An if that overrides the verdict when the caller has gone.
func afterOverride(ctx context.Context, err error) bool {
	retry := classifyAfter(err) // want `checked after ctx`
	if ctx.Err() != nil {
		retry = false
	}
	return retry
}

// A backoff select that leaves on ctx.Done() after the verdict, seen from
// inside the if's condition; and a timer-only select that does not.
func afterSelect(ctx context.Context, wait <-chan int) error {
	for {
		err := op(ctx)
		if !classifyAfter(err) { // want `checked after ctx`
			return err
		}
		select { // want `exits when ctx is done`
		case <-ctx.Done():
			return ctx.Err()
		case <-wait:
		}
	}
}

func afterTimerOnly(ctx context.Context, wait <-chan int) error {
	for {
		err := op(ctx)
		if !classifyAfter(err) { // want `not checked after`
			return err
		}
		<-wait
	}
}

// A loop condition that fails once the context is done, even with a
// continue right after the verdict; a range loop has none.
func afterLoopCond(ctx context.Context) error {
	var err error
	for i := 0; ctx.Err() == nil && i < 3; i++ {
		err = op(ctx)
		if classifyAfter(err) { // want `checked after ctx`
			continue
		}
		return err
	}
	return err
}

func afterRange(ctx context.Context) error {
	var err error
	for range 3 {
		err = op(ctx)
		if classifyAfter(err) { // want `not checked after`
			continue
		}
		return err
	}
	return err
}

// The block of an if ends: the search goes on after the if, but not past
// a return, and not into the next clause of a switch.
func afterNested(ctx context.Context, n int) error {
	err := op(ctx)
	if n > 0 {
		_ = classifyAfter(err) // want `checked after ctx`
	}
	if ctx.Err() != nil { // want `exits when ctx is done`
		return ctx.Err()
	}
	switch n {
	case 1:
		_ = classifyAfter(err) // want `not checked after`
	case 2:
		if ctx.Err() != nil { // want `exits when ctx is done`
			return nil
		}
	}
	return err
}

// A check at the top of the loop body lies on every way round, continue
// included; a continue skips a check below it.
func afterTop(ctx context.Context) error {
	for {
		if err := ctx.Err(); err != nil { // want `exits when ctx is done`
			return err
		}
		err := op(ctx)
		if classifyAfter(err) { // want `checked after ctx`
			continue
		}
		return err
	}
}

func afterSkipped(ctx context.Context, wait <-chan int) error {
	for {
		err := op(ctx)
		if classifyAfter(err) { // want `not checked after`
			continue
		}
		select { // want `exits when ctx is done`
		case <-ctx.Done():
			return ctx.Err()
		case <-wait:
		}
	}
}

// The way round through the if checks before its continue; the other
// way leaves, or goes round unchecked.
func afterInBody(ctx context.Context) error {
	for {
		err := op(ctx)
		if classifyAfter(err) { // want `checked after ctx`
			if ctx.Err() != nil { // want `exits when ctx is done`
				return ctx.Err()
			}
			continue
		}
		return err
	}
}

func afterInBodyOtherWay(ctx context.Context, n int) error {
	for n > 0 {
		err := op(ctx)
		if classifyAfter(err) { // want `not checked after`
			if ctx.Err() != nil { // want `exits when ctx is done`
				return ctx.Err()
			}
			continue
		}
		n--
	}
	return nil
}
