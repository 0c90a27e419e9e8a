package n2

import (
	"context"
	"errors"
)

var (
	errNotAttempted = errors.New("operation not attempted")
	errAbortable    = errors.New("transaction abortable")
)

func endTxn(ctx context.Context, commit bool) error { return nil }

// Positive: a goto retry with no wait that goes round on every error and
// never looks at ctx: a cancelled caller's attempts fail at once and the
// loop spends its tries.
func endAnyway(ctx context.Context, commit bool) error {
	var tries int
retry: // want `retry loop never consults ctx between attempts`
	err := endTxn(ctx, commit)
	tries++
	if err != nil && tries < 10 {
		commit = false
		goto retry
	}
	return err
}

// Negative twin: it goes round only on two errors of its own protocol;
// the context's error, like any other, falls off the goto loop and is
// returned.
func endDowngrading(ctx context.Context, commit bool) error {
	var tries int
retry:
	err := endTxn(ctx, commit)
	tries++
	if err != nil && tries < 10 {
		switch {
		case errors.Is(err, errNotAttempted):
			commit = false
			goto retry
		case errors.Is(err, errAbortable):
			commit = false
			goto retry
		}
	}
	return err
}

// Negative twin: the same, with the sentinel compared by ==.
func endOnNotAttempted(ctx context.Context, commit bool) error {
	var tries int
retry:
	err := endTxn(ctx, commit)
	tries++
	if err == errNotAttempted && tries < 3 {
		commit = false
		goto retry
	}
	return err
}
