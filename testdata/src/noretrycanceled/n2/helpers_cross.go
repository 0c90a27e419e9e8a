package n2

import (
	"context"
	"errors"
	"net/http"

	"noretrycanceled/n2/condwait"
	"noretrycanceled/n2/predretry"
	"noretrycanceled/n2/retrylib"
)

// temporary answers "no retry" for context errors first.
func temporary(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	return err != nil
}

// A retry helper of another package of the code base whose waits are
// time.Sleep behind a condition-polling helper, and which never looks at
// a context: handed an operation that uses the caller's context, the
// backoff in progress when the caller cancels is slept out.
func pushCross(ctx context.Context, b condwait.Backoff) error {
	return predretry.Retry(func() error { // want `predretry.Retry sleeps between attempts and takes no context`
		return fetch(ctx)
	}, temporary, b)
}

type retryTransport struct {
	inner http.RoundTripper
	b     condwait.Backoff
}

func (t *retryTransport) RoundTrip(in *http.Request) (out *http.Response, err error) { // want RoundTrip:"sleeps"
	predretry.Retry(func() error { // want `predretry.Retry sleeps between attempts and takes no context: after the caller cancels in.Context\(\)`
		out, err = t.inner.RoundTrip(in)
		return err
	}, temporary, t.b)
	return
}

// A wrapper of another package's helper is a helper of the same kind:
// its fixed verdict does not make its waits any less blind.
func backoffErrors(b condwait.Backoff, f func() error) error { // want backoffErrors:"sleeps"
	p := func(err error) bool { return temporary(err) }
	return predretry.Retry(f, p, b)
}

func copyAll(ctx context.Context, b condwait.Backoff, repos []string) error {
	list := func() error { return nil }
	for _, repo := range repos {
		// The operation does not use ctx, but the caller's context is in
		// scope: the helper's sleeps outlive it.
		if err := backoffErrors(b, func() error { // want `n2.backoffErrors sleeps between attempts and takes no context: after the caller cancels ctx the backoff in progress`
			_ = repo
			return list()
		}); err != nil {
			return err
		}
	}
	return nil
}

// Negative twins.

// The operation checks the caller's context first and answers with an
// error the helper stops on.
func pushChecks(ctx context.Context, b condwait.Backoff) error {
	return predretry.Retry(func() error {
		if err := ctx.Err(); err != nil {
			return err
		}
		return fetch(ctx)
	}, temporary, b)
}

// No caller context in scope: nothing to outlive.
func pushDetached(b condwait.Backoff) error { // want pushDetached:"sleeps"
	return predretry.Retry(func() error { return fetch(context.Background()) }, temporary, b)
}

// A poll through the condition helper is no retry: a failed read ends it.
func waitReady(ctx context.Context, b condwait.Backoff) error {
	return condwait.ExponentialBackoff(b, func() (bool, error) {
		err := fetch(ctx)
		return err == nil, err
	})
}

// A helper of the code base that takes the context and waits on it.
func pushCtx(ctx context.Context) error { // want pushCtx:"honors\\(0\\)"
	return retrylib.DoCtx(ctx, 3, func() error { return fetch(ctx) })
}
