package loops

import (
	"context"
	"errors"
	"io"
	"log"
	"time"
)

// Retry loops as libraries write them.

func shouldRetry(err error) bool { return err != nil }
func isTemporary(err error) bool { return err != nil }

// A verdict with no nil test: nil is "do not retry" too.
func verdictExit() error { // want verdictExit:"sleeps"
	for i := 0; ; i++ { // want "retry loop, attempt call"
		err := call()
		if !shouldRetry(err) {
			return err
		}
		time.Sleep(backoffFor(i))
	}
}

// A verdict flag.
func flagExit() error { // want flagExit:"sleeps"
	var err error
	for i := 0; i < 5; i++ { // want "retry loop, attempt call"
		err = call()
		again := err != nil && isTemporary(err)
		if !again {
			break
		}
		time.Sleep(backoffFor(i))
	}
	return err
}

// A first nil test that only logs, before the real exit.
func logsThenLeaves() error { // want logsThenLeaves:"sleeps"
	var err error
	for i := 0; i < 3; i++ { // want "retry loop, attempt call"
		err = call()
		if err == nil {
			log.Print("ok")
		}
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

type client struct {
	sleep   func(time.Duration)
	backoff interface{ Backoff(int) }
}

// The wait behind a func-typed field, and behind an interface method.
func (c *client) fieldWait() error {
	var err error
	for i := 0; i < 3; i++ { // want "retry loop, attempt call"
		if err = call(); err == nil {
			return nil
		}
		c.sleep(time.Second)
	}
	return err
}

func (c *client) ifaceWait() error {
	var err error
	for i := 0; i < 3; i++ { // want "retry loop, attempt call"
		if err = call(); err == nil {
			return nil
		}
		c.backoff.Backoff(i)
	}
	return err
}

// No wait at all: an attempt counter bounds an immediate retry.
func immediate(maxRetries int) error {
	var err error
	for attempt := 0; attempt < maxRetries; attempt++ { // want "retry loop, attempt call \\[.*attempt-counter, failure-goes-round"
		if err = call(); err == nil {
			return nil
		}
	}
	return err
}

// --- look-alikes ------------------------------------------------------

// A verdict that is not negated: leaves on a retryable error (a
// "stop at the first transient failure" scan), with no wait and no
// attempt counter.
func scan(items []string) error {
	for range items {
		if err := call(); isTemporary(err) {
			return err
		}
	}
	return nil
}

// A counter over entries is not an attempt counter.
func entries(numEntries int) error {
	var err error
	for i := 0; i < numEntries; i++ {
		if err = call(); err == nil {
			return nil
		}
	}
	return err
}

// A loop whose verdict flag is not about the error.
func pollFlag(done func() bool) error { // want pollFlag:"callsparam\\(0\\)" pollFlag:"sleeps"
	for {
		err := call()
		ready := done()
		if !ready {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
}

// A renew loop that never leaves on success.
func renew() { // want renew:"sleeps"
	for {
		if err := call(); err != nil {
			log.Print(err)
		}
		time.Sleep(time.Minute)
	}
}

// A wait behind a helper whose name does not say so: it sleeps (a fact).
func settle(i int) { // want settle:"sleeps"
	time.Sleep(backoffFor(i))
}

func settleWrapper(i int) { settle(i) } // want settleWrapper:"sleeps"

func behindHelper() error {
	var err error
	for i := 0; i < 3; i++ { // want "retry loop, attempt call"
		if err = call(); err == nil {
			return nil
		}
		settleWrapper(i)
	}
	return err
}

// Negative: a helper that waits in a select may be cut short: no fact.
func settleOr(stop chan struct{}, d time.Duration) { // want settleOr:"sleeps\\(1\\)"
	select {
	case <-stop:
	case <-time.After(d):
	}
}

// A heartbeat: success waits and goes round again; the only exit is the
// cancellation inside the wait. Not a retry loop.
func heartbeat(ctx context.Context) {
	for {
		err := callCtx(ctx)
		if err == nil {
			t := time.NewTimer(time.Second)
			select {
			case <-ctx.Done():
				t.Stop()
				return
			case <-t.C:
			}
			continue
		}
		time.Sleep(time.Second)
	}
}

// A periodic push whose error switch lets nil go round: not a retry loop.
func periodic(ctx context.Context) {
	for i := 0; ; i++ {
		switch err := callCtx(ctx); err {
		case nil:
		case io.EOF:
			return
		default:
			if !shouldRetry(err) {
				return
			}
		}
		time.Sleep(time.Second)
	}
}

// The same switch with a nil case that leaves is a retry loop.
func switchRetry(ctx context.Context) error {
	for i := 0; i < 5; i++ { // want "retry loop, attempt callCtx"
		switch err := callCtx(ctx); err {
		case nil:
			return nil
		case io.EOF:
			return err
		}
		time.Sleep(time.Second)
	}
	return nil
}

type response struct{ StatusCode int }

func send(ctx context.Context) (*response, error) { return nil, nil }
func retryOn(err error) bool                     { return err != nil }

// Exit through a flag set under several tests (transport clients).
func flagSetInBranches(ctx context.Context, codes []int) (*response, error) {
	var res *response
	var err error
	for i := 0; i < 3; i++ { // want "retry loop, attempt send \\[.*verdict"
		shouldRetry := false
		res, err = send(ctx)
		if err != nil {
			if retryOn(err) {
				shouldRetry = true
			}
		} else {
			log.Print("ok")
		}
		for _, c := range codes {
			if res != nil && res.StatusCode == c {
				shouldRetry = true
			}
		}
		if !shouldRetry {
			break
		}
		time.Sleep(time.Second)
	}
	return res, err
}

// The first test only records; success is a later compound test.
func recordsFirst(ctx context.Context) (*response, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ { // want "retry loop, attempt send"
		res, err := send(ctx)
		if err != nil {
			lastErr = err
		}
		if err == nil && res.StatusCode < 500 {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return nil, lastErr
}

// A terminal-error guard comes first; failure goes round with continue.
func guardFirst(ctx context.Context) (*response, error) {
	var res *response
	var err error
	for i := 0; i < 3; i++ { // want "retry loop, attempt send"
		if i > 0 {
			time.Sleep(time.Second)
		}
		res, err = send(ctx)
		if err != nil && errors.Is(err, context.DeadlineExceeded) {
			return nil, err
		}
		if err != nil || res.StatusCode >= 500 {
			continue
		} else {
			break
		}
	}
	return res, err
}

// Goes round at once, only on a server error: every other answer and every
// error leave.
func againOnServerError(ctx context.Context) (res *response, err error) {
	for attempt := 0; attempt < 5; attempt++ { // want "retry loop, attempt send"
		res, err = send(ctx)
		if err != nil || (res != nil && res.StatusCode != 500) {
			break
		}
	}
	return res, err
}

// Goes round on 429 only; errors, the last attempt and a body that
// cannot be sent again leave too.
func againOnThrottle(ctx context.Context, body []byte) (res *response, err error) {
	attempts := 0
	for { // want "retry loop, attempt send"
		res, err = send(ctx)
		attempts++
		if err != nil || res.StatusCode != 429 || body != nil || attempts == 5 {
			return res, err
		}
		time.Sleep(time.Second)
	}
}

// Negative twins.

// Goes round while the answer is 200, with the same other ways out:
// reading page after page, no retry.
func whileOKBounded(ctx context.Context, body []byte) (res *response, err error) {
	pages := 0
	for {
		res, err = send(ctx)
		pages++
		if err != nil || res.StatusCode != 200 || body != nil || pages == 5 {
			return res, err
		}
	}
}

// Goes round while the answer is 200: reading page after page, no retry.
func whileOK(ctx context.Context) (res *response, err error) {
	for page := 0; page < 5; page++ {
		res, err = send(ctx)
		if err != nil || res.StatusCode != 200 {
			break
		}
	}
	return res, err
}

// Goes round on 404 only: waiting for a resource to appear, no fault.
func untilFound(ctx context.Context) (res *response, err error) {
	for i := 0; i < 5; i++ {
		res, err = send(ctx)
		if err != nil || res.StatusCode != 404 {
			break
		}
	}
	return res, err
}

// A flag set on success, whose absence ends the loop: it goes round on
// success and stops on failure, a poll.
func flagOnSuccess(ctx context.Context) error {
	for {
		ok := false
		_, err := send(ctx)
		if err == nil {
			ok = true
		}
		if !ok {
			return err
		}
		time.Sleep(time.Second)
	}
}

// A status flag not named for retrying may mark success as well.
func statusFlag(ctx context.Context) error {
	for {
		done := false
		res, err := send(ctx)
		if err != nil {
			return err
		}
		if res.StatusCode == 200 {
			done = true
		}
		if !done {
			return nil
		}
		time.Sleep(time.Second)
	}
}

type action int

const (
	succeed action = iota
	fail
	again
)

func classify(err error) action { return succeed }

// A verdict switch over a classifier's answer.
func verdictSwitchLoop(ctx context.Context) error {
	for retries := 0; ; retries++ { // want "retry loop, attempt callCtx"
		err := callCtx(ctx)
		switch classify(err) {
		case succeed, fail:
			return err
		case again:
			time.Sleep(time.Second)
		}
	}
}

// A dispatch switch whose every answer goes on is no verdict.
func dispatchSwitch(ctx context.Context) {
	for {
		err := callCtx(ctx)
		switch classify(err) {
		case succeed:
			log.Print("ok")
		default:
			log.Print("failed")
		}
		time.Sleep(time.Second)
	}
}

// An exit on the caller's context that sets the error before leaving,
// then a verdict (the shape of a retry policy in an HTTP pipeline).
func policyLoop(ctx context.Context, shouldRetry func(*response, error) bool) (res *response, err error) { // want policyLoop:"callsparam\\(1\\)"
	for try := 1; ; try++ { // want "retry loop, attempt send"
		res, err = send(ctx)
		if err == nil {
			log.Print("response")
		} else {
			log.Print("error")
		}
		if ctxErr := ctx.Err(); ctxErr != nil {
			err = ctxErr
			return
		}
		if !shouldRetry(res, err) {
			return
		}
		time.Sleep(time.Second)
	}
}

// A verdict switch whose retry case leaves only when the budget is spent.
func verdictSwitchBudget(ctx context.Context, max int) error {
	for retries := 0; ; retries++ { // want "retry loop, attempt callCtx"
		err := callCtx(ctx)
		switch classify(err) {
		case succeed, fail:
			return err
		case again:
			if retries >= max {
				return err
			}
			time.Sleep(time.Second)
		}
	}
}

// An event loop that leaves on a fatal kind and waits after the switch:
// success goes round too, so the switch is a dispatch, not a verdict.
func eventLoop(ctx context.Context) error {
	for {
		err := callCtx(ctx)
		switch classify(err) {
		case fail:
			return err
		default:
			log.Print("next")
		}
		time.Sleep(time.Second)
	}
}
