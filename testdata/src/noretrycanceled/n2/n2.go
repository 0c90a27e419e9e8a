// Package n2 holds retry loops with a context in scope.
package n2

import (
	"context"
	"errors"
	"net/http"
	"time"

	"noretrycanceled/n2/waits"
)

func call(ctx context.Context) error       { return nil }
func get(ctx context.Context) (int, error) { return 0, nil }
func backoff(i int) time.Duration          { return time.Duration(i) * time.Millisecond }

// --- positives ---------------------------------------------------------

func sleeps(ctx context.Context) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(backoff(i)) // want `time.Sleep in a retry loop cannot be interrupted: after the caller cancels ctx the loop still sleeps out its backoff`
	}
	return err
}

func afterReceive(ctx context.Context) (int, error) {
	for i := 0; ; i++ {
		v, err := get(ctx)
		if err != nil {
			<-time.After(backoff(i)) // want `<-time.After in a retry loop cannot be interrupted`
			continue
		}
		return v, nil
	}
}

func timerReceive(ctx context.Context) error {
	var err error
	t := time.NewTimer(0)
	defer t.Stop()
	for i := 0; i < 3; i++ {
		if err = call(ctx); err == nil {
			break
		}
		t.Reset(backoff(i))
		<-t.C // want `a timer receive in a retry loop cannot be interrupted`
	}
	return err
}

func timerOnlySelect(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		select { // want `this select waits for the backoff timer but not for ctx.Done\(\)`
		case <-time.After(backoff(i)):
		}
	}
	return err
}

// A handler's context comes from the request, captured by a closure;
// package context need not even be imported for that.
func handler(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	do := func() error {
		var err error
		for i := 0; i < 3; i++ {
			if err = call(ctx); err == nil {
				return nil
			}
			time.Sleep(time.Second) // want `time.Sleep in a retry loop`
		}
		return err
	}
	_ = do()
}

// A generic retry helper (inferred) that never consults its context
// between attempts.
func Retry[T any](ctx context.Context, attempts int, op func(context.Context) (T, error)) (T, error) {
	var zero T
	var err error
	for i := 0; i < attempts; i++ { // want `retry loop never consults ctx between attempts`
		var v T
		if v, err = op(ctx); err == nil {
			return v, nil
		}
	}
	return zero, err
}

// A method whose wait helper knows nothing of the context.
type Client struct{ base time.Duration }

func (c *Client) pause(attempt int) { time.Sleep(c.base * time.Duration(attempt)) } // want pause:"sleeps"

func (c *Client) Fetch(ctx context.Context) (int, error) {
	for attempt := 0; ; attempt++ {
		v, err := get(ctx)
		if err == nil {
			return v, nil
		}
		c.pause(attempt) // want `n2.Client.pause sleeps and takes no context, so this retry loop cannot be interrupted`
	}
}

// A retrier's method: an inferred helper whose loop never looks at ctx.
type Retrier struct{ Attempts int }

func (r *Retrier) Do(ctx context.Context, op func(context.Context) error) error {
	var err error
	for range r.Attempts { // want `retry loop never consults ctx between attempts`
		if err = op(ctx); err == nil {
			return nil
		}
	}
	return err
}

// --- negatives -------------------------------------------------------------

// The wait is a select on ctx.Done() and a timer.
func selects(ctx context.Context) error { // want selects:"honors\\(0\\)"
	var err error
	for i := 0; i < 5; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		t := time.NewTimer(backoff(i))
		select {
		case <-ctx.Done():
			t.Stop()
			return errors.Join(err, ctx.Err())
		case <-t.C:
		}
	}
	return err
}

// A context-aware sleep of another package, known by its fact.
func sleepsViaFact(ctx context.Context) error { // want sleepsViaFact:"honors\\(0\\)"
	var err error
	for i := 0; i < 5; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		if err := waits.Sleep(ctx, backoff(i)); err != nil {
			return err
		}
	}
	return err
}

// Through a wrapper of it.
func pausesViaFact(ctx context.Context) (int, error) { // want pausesViaFact:"honors\\(0\\)"
	for attempt := 0; ; attempt++ {
		v, err := get(ctx)
		if err == nil {
			return v, nil
		}
		if err := waits.Pause(ctx, attempt); err != nil {
			return 0, err
		}
	}
}

// ctx.Err() between attempts in a helper that does not wait.
func RetryChecked[T any](ctx context.Context, attempts int, op func(context.Context) (T, error)) (T, error) { // want RetryChecked:"honors\\(0\\)"
	var zero T
	var err error
	for i := 0; i < attempts; i++ {
		if ctx.Err() != nil {
			return zero, ctx.Err()
		}
		var v T
		if v, err = op(ctx); err == nil {
			return v, nil
		}
	}
	return zero, err
}

// No context in scope: nothing to honor.
func noContext() error { // want noContext:"sleeps"
	var err error
	for i := 0; i < 3; i++ {
		if err = call(nil); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A background context carries no caller.
func background() error { // want background:"sleeps"
	ctx := context.Background()
	var err error
	for i := 0; i < 3; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Another channel besides the timer may be the cancellation: unsure.
func stopChannel(ctx context.Context, stop <-chan struct{}) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		select {
		case <-stop:
			return err
		case <-time.After(backoff(i)):
		}
	}
	return err
}

// A loop over items that does not wait is not a retry loop.
func each(ctx context.Context, items []string) error {
	var errs []error
	for range items {
		if err := call(ctx); err != nil {
			errs = append(errs, err)
			continue
		}
	}
	return errors.Join(errs...)
}

// The loop consults the attempt's verdict on the context.
func stopsOnContextError(ctx context.Context) error { // want stopsOnContextError:"honors\\(0\\)"
	var err error
	for i := 0; i < 3; i++ {
		if err = call(ctx); err == nil || errors.Is(err, context.Canceled) {
			return err
		}
		if err := waits.Sleep(ctx, backoff(i)); err != nil {
			return err
		}
	}
	return err
}

// A select with a default case polls a deadline timer; it does not wait.
func pollsDeadline(ctx context.Context, quit *time.Timer) error { // want pollsDeadline:"honors\\(0\\)"
	var err error
	for i := 0; ; i++ {
		select {
		case <-quit.C:
			return err
		default:
		}
		if err = call(ctx); err == nil {
			return nil
		}
		if err := waits.Sleep(ctx, backoff(i)); err != nil {
			return err
		}
	}
}

// temporal's shape: the blind sleep is the fallback for a context that
// cannot be cancelled (Done() is nil).
func fallbackSleep(ctx context.Context, op func() error) error {
	for i := 0; ; i++ {
		if err := op(); err == nil {
			return nil
		}
		if ctxDone := ctx.Done(); ctxDone != nil {
			timer := time.NewTimer(backoff(i))
			select {
			case <-ctxDone:
				return ctx.Err()
			case <-timer.C:
				continue
			}
		}
		time.Sleep(backoff(i))
	}
}

// gax's shape: the sleeper is a parameter; it is handed the context and
// its error ends the loop.
func withSleeper(ctx context.Context, op func(context.Context) error, sleep func(context.Context, time.Duration) error) error {
	for i := 0; ; i++ {
		err := op(ctx)
		if err == nil {
			return nil
		}
		if err = sleep(ctx, backoff(i)); err != nil {
			return err
		}
	}
}

// cockroach-go's shape: no wait, but each round makes a call with the
// context whose error ends the loop.
type Tx interface {
	Exec(ctx context.Context, sql string) error
}

func ExecuteInTx(ctx context.Context, tx Tx, fn func() error) error {
	for {
		err := fn()
		if err == nil {
			return nil
		}
		if rbErr := tx.Exec(ctx, "ROLLBACK TO SAVEPOINT x"); rbErr != nil {
			return rbErr
		}
	}
}

// mongo's example shape: only a labelled server error goes round again;
// a cancelled attempt's error is returned.
type LabeledError struct{ Label string }

func (e LabeledError) Error() string { return e.Label }

func RunWithRetry(ctx context.Context, txn func(context.Context) error) error {
	for {
		err := txn(ctx)
		if err == nil {
			return nil
		}
		if le, ok := err.(LabeledError); ok && le.Label == "TransientTransactionError" {
			continue
		}
		return err
	}
}

// Silenced with a reason.
func ignored(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		//reslint:ignore noretrycanceled the sleep is a few microseconds in a tight test loop
		time.Sleep(time.Microsecond)
	}
	return err
}
