// Package s3 holds retries with no end (reported) and retries that some
// limit, deadline, context or stop channel ends.
package s3

import (
	"context"
	"errors"
	"log"
	"net"
	"sync/atomic"
	"time"

	retry "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
)

var errPermanent = errors.New("permanent")

func connect() error             { return nil }
func dial() (net.Conn, error)    { return nil, nil }
func isPermanent(err error) bool { return errors.Is(err, errPermanent) }

// Positive: the only way out is success.
func waitForDB() {
	for { // want `retry loop has no attempt limit, deadline, context or stop channel: it retries forever`
		if err := connect(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Positive: a backoff that grows is still no end.
func dialForever() net.Conn {
	wait := 100 * time.Millisecond
	for { // want `retry loop has no attempt limit`
		conn, err := dial()
		if err == nil {
			return conn
		}
		log.Printf("dial: %v", err)
		time.Sleep(wait)
		wait *= 2
	}
}

// Positive: for true is for.
func connectTrue() {
	for true { // want `retry loop has no attempt limit`
		err := connect()
		if err == nil {
			break
		}
		time.Sleep(time.Second)
	}
}

// Positive: leaving on a permanent error leaves transient ones retried
// forever.
func untilPermanent() error {
	for { // want `retry loop has no attempt limit`
		err := connect()
		if err == nil || isPermanent(err) {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Positive: retry.Attempts(0) means no limit, and no context is given.
func retryGoZero() error {
	return retry.Do(connect, retry.Attempts(0)) // want `retry.Do is told to retry without a limit and has no deadline or context`
}

// Positive: UntilSucceeded.
func retryGoUntil() error {
	return retry.Do(func() error { return connect() }, retry.UntilSucceeded(), retry.Delay(time.Second)) // want `retry.Do is told to retry without a limit`
}

// Positive: a constant backoff never says stop.
func backoffConstant() error {
	return backoff.Retry(connect, backoff.NewConstantBackOff(time.Second)) // want `backoff.Retry is told to retry without a limit`
}

// Positive: the zero backoff neither.
func backoffZero() error {
	return backoff.Retry(connect, &backoff.ZeroBackOff{}) // want `backoff.Retry is told to retry without a limit`
}

// Positive: failsafe-go told to retry without a limit.
func failsafeForever() error {
	rp := retrypolicy.NewBuilder[any]().WithMaxRetries(-1).WithDelay(time.Second).Build()
	return failsafe.Run(connect, rp) // want `failsafe.Run is told to retry without a limit`
}

type flusher struct{ closed atomic.Bool }

func (f *flusher) flush() error { return nil }

// Positive: a background flush retried forever in a goroutine.
func (f *flusher) start() {
	go func() {
		for { // want `retry loop has no attempt limit`
			if err := f.flush(); err == nil {
				return
			}
			time.Sleep(time.Second)
		}
	}()
}

// Negative: an attempt counter in the loop's header.
func bounded() error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = connect(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative: an attempt counter in the body.
func countedInBody() error {
	attempts := 0
	for {
		err := connect()
		if err == nil {
			return nil
		}
		attempts++
		if attempts >= 5 {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Negative: a reconnect loop that leaves on its stop channel.
func reconnect(stop <-chan struct{}) {
	for {
		if err := connect(); err == nil {
			return
		}
		select {
		case <-stop:
			return
		case <-time.After(time.Second):
		}
	}
}

// Negative: a context in scope (what the retry does with it is
// noretrycanceled's business).
func withContext(ctx context.Context) error {
	for {
		if err := connect(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Negative: a deadline.
func withDeadline() error {
	deadline := time.Now().Add(time.Minute)
	for {
		err := connect()
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Negative: the loop leaves when the flusher is closed.
func (f *flusher) loop() {
	for {
		if f.closed.Load() {
			return
		}
		if err := f.flush(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Negative: retry-go without a limit, under its own timeout.
func retryGoTimeout() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return retry.Do(connect, retry.Attempts(0), retry.Context(ctx))
}

// Negative: a constant backoff capped in retries.
func backoffCapped() error {
	return backoff.Retry(connect, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 5))
}

// Negative: the exponential backoff ends after its MaxElapsedTime.
func backoffExponential() error {
	return backoff.Retry(connect, backoff.NewExponentialBackOff())
}

// Negative: failsafe-go without a retry limit but with a duration.
func failsafeDuration() error {
	rp := retrypolicy.NewBuilder[any]().WithMaxRetries(-1).WithMaxDuration(time.Minute).Build()
	return failsafe.Run(connect, rp)
}

// Negative: retry-go's default of 10 attempts.
func retryGoDefault() error {
	return retry.Do(connect)
}

// Negative: the loop's condition may end it.
func (f *flusher) whileOpen() {
	for !f.closed.Load() {
		if err := f.flush(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Negative: backoff v5 always takes a context.
func backoff5Retry() (int, error) {
	return backoff5.Retry(context.Background(), func() (int, error) { return 1, connect() })
}

// Negative: a quit channel polled at the top of the loop.
func pollQuit(quit chan struct{}) {
	for {
		select {
		case <-quit:
			return
		default:
		}
		if err := connect(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Negative: the limit is read through a value computed from the counter.
func remaining(limit int) error {
	tries := 0
	for {
		err := connect()
		if err == nil {
			return nil
		}
		tries++
		remain := limit - tries
		if remain <= 0 {
			return err
		}
		time.Sleep(time.Second)
	}
}

// RetryPolicy decides whether a query is attempted again.
type RetryPolicy interface{ Attempt(n int) bool }

// Negative: the loop asks a retry policy whether to go again.
func askPolicy(p RetryPolicy) error {
	n := 0
	for {
		err := connect()
		if err == nil || !p.Attempt(n) {
			return err
		}
		n *= 2
	}
}
