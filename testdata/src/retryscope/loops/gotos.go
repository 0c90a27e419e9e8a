package loops

import (
	"context"
	"time"
)

func callCtx(ctx context.Context) error { return nil }

// Retry loops spelled with a backward goto.

func gotoRetry(ctx context.Context) error {
	attempt := 0
retry: // want "goto retry loop, attempt callCtx"
	err := callCtx(ctx)
	if err != nil && attempt < 3 {
		attempt++
		time.Sleep(backoffFor(attempt))
		goto retry
	}
	return err
}

func gotoVerdict(ctx context.Context) (err error) { // want gotoVerdict:"honors\\(0\\)"
again: // want "goto retry loop, attempt callCtx"
	if err = callCtx(ctx); shouldRetry(err) {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
		goto again
	}
	return err
}

// Not retry loops.

// A forward goto skips code.
func gotoForward(ctx context.Context) error {
	err := callCtx(ctx)
	if err != nil {
		goto fail
	}
	return nil
fail:
	time.Sleep(time.Second)
	return err
}

// Going round on success is polling, not retrying.
func gotoPoll(ctx context.Context) error {
poll:
	err := callCtx(ctx)
	if err == nil {
		time.Sleep(time.Second)
		goto poll
	}
	return err
}

// No wait and no attempt bound: a parser's state machine, not a retry.
func gotoNoWait(ctx context.Context) error {
	n := 0
next:
	err := callCtx(ctx)
	if err != nil {
		n++
		goto next
	}
	return nil
}

// The goto sits under a budget test inside the error test.
func gotoNested(ctx context.Context, retry bool) error {
	attempts := 0
again: // want "goto retry loop, attempt callCtx"
	err := callCtx(ctx)
	if err != nil {
		attempts++
		if retry && attempts <= 5 {
			time.Sleep(time.Second)
			goto again
		}
	}
	return err
}

// Inside a goroutine's literal.
func gotoInLiteral(ctx context.Context) {
	go func() {
	retry: // want "goto retry loop, attempt callCtx"
		if err := callCtx(ctx); err != nil {
			time.Sleep(time.Second)
			goto retry
		}
	}()
}

type result struct{ err error }

func (r result) Error() error { return r.err }

type retryHandler interface {
	WaitOrSkipRetry(ctx context.Context, attempts int, err error) bool
}

func doResult(ctx context.Context) result  { return result{} }
func doMulti(ctx context.Context) []result { return nil }
func isRetryable(err error) bool           { return err != nil }

// The wait and the verdict are one call; attempts++ counts the attempts.
func gotoHandler(ctx context.Context, h retryHandler) result {
	attempts := 1
retry: // want "goto retry loop, attempt \\*ast.SelectorExpr"
	resp := doResult(ctx)
	if err := resp.Error(); err != nil {
		if h.WaitOrSkipRetry(ctx, attempts, err) {
			attempts++
			goto retry
		}
	}
	return resp
}

// The verdict is handed the error inline and kept in a flag.
func gotoMulti(ctx context.Context, h retryHandler) []result {
	attempts := 1
retry: // want "goto retry loop, attempt \\*ast.SelectorExpr \\[.*verdict, goto"
	resps := doMulti(ctx)
	for _, r := range resps {
		if isRetryable(r.Error()) {
			shouldRetry := h.WaitOrSkipRetry(ctx, attempts, r.Error())
			if shouldRetry {
				attempts++
				goto retry
			}
		}
	}
	return resps
}

// Twin: a verdict goto with no wait and no count replays at once (an
// expired connection): not taken for a retry loop.
func gotoReplay(ctx context.Context) result {
recover:
	resp := doResult(ctx)
	if isRetryable(resp.Error()) {
		goto recover
	}
	return resp
}

// Items an attempt failed on are sent again after a wait, with no counter:
// the failure path waits and jumps back.

type backMsg struct{ reconsumed int }

func sendBack(m *backMsg) bool { return m != nil }

func sendBackErr(ctx context.Context, m *backMsg) error { return ctx.Err() } // want sendBackErr:"honors\\(0\\)"

func ackFailed(ctx context.Context, msgs []*backMsg) {
RETRY: // want "goto retry loop, attempt sendBack"
	var failed []*backMsg
	for _, m := range msgs {
		if sendBack(m) {
			continue
		} else {
			m.reconsumed++
			failed = append(failed, m)
		}
	}
	if len(failed) > 0 {
		msgs = failed
		time.Sleep(5 * time.Second)
		goto RETRY
	}
}

func ackFailedErr(ctx context.Context, msgs []*backMsg) {
RETRY: // want "goto retry loop, attempt sendBackErr"
	failed := make([]*backMsg, 0)
	for _, m := range msgs {
		if err := sendBackErr(ctx, m); err != nil {
			failed = append(failed, m)
		}
	}
	if 0 < len(failed) {
		msgs = failed
		time.Sleep(time.Second)
		goto RETRY
	}
}

// Not retry loops.

// The slice collects what succeeded: a batch drained and fetched again
// after a pause is paging, not retrying.
func drainDelivered(msgs []*backMsg) { // want drainDelivered:"sleeps"
again:
	var delivered []*backMsg
	for _, m := range msgs {
		if sendBack(m) {
			delivered = append(delivered, m)
		}
	}
	if len(delivered) > 0 {
		time.Sleep(time.Second)
		goto again
	}
}

// Both branches fill the slice: it says nothing about failure.
func splitAll(msgs []*backMsg) { // want splitAll:"sleeps"
again:
	var seen []*backMsg
	for _, m := range msgs {
		if sendBack(m) {
			seen = append(seen, m)
		} else {
			seen = append(seen, m)
		}
	}
	if len(seen) != 0 {
		time.Sleep(time.Second)
		goto again
	}
}

// A state machine: the failed items are split off and handled at once,
// with no wait between rounds.
func splitFailed(msgs []*backMsg) {
next:
	var failed []*backMsg
	for _, m := range msgs {
		if !sendBack(m) {
			failed = append(failed, m)
		}
	}
	if len(failed) > 0 {
		msgs = failed[1:]
		goto next
	}
}
