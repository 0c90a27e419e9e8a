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

func gotoVerdict(ctx context.Context) (err error) {
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
