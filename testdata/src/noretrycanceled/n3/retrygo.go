// Package n3 holds retry-library calls made without the context in scope.
package n3

import (
	"context"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
)

func call(ctx context.Context) error       { return nil }
func get(ctx context.Context) (int, error) { return 0, nil }

// --- retry-go positives --------------------------------------------------

func noOptions(ctx context.Context) error {
	return retry.Do(func() error { return call(ctx) }) // want `retry.Do without retry.Context\(ctx\) keeps retrying after the caller's context is cancelled`
}

func forever(ctx context.Context) error {
	return retry.Do( // want `retry.Do without retry.Context\(ctx\)`
		func() error { return call(ctx) },
		retry.Attempts(0),
		retry.Delay(time.Second),
	)
}

func withData(ctx context.Context) (int, error) {
	return retry.DoWithData[int](func() (int, error) { return get(ctx) }, retry.Attempts(3)) // want `retry.DoWithData without retry.Context\(ctx\)`
}

func fromRequest(w http.ResponseWriter, r *http.Request) {
	reqCtx := r.Context()
	attempts := retry.Attempts(5)
	_ = retry.Do(func() error { return call(reqCtx) }, attempts) // want `retry.Do without retry.Context\(reqCtx\)`
}

func fromRequestDirect(w http.ResponseWriter, r *http.Request) {
	_ = retry.Do(func() error { return call(r.Context()) }, retry.Attempts(5)) // want `retry.Do without retry.Context\(r.Context\(\)\)`
}

// --- retry-go negatives -----------------------------------------------------

func withContext(ctx context.Context) error {
	return retry.Do(func() error { return call(ctx) }, retry.Attempts(3), retry.Context(ctx))
}

func optionVar(ctx context.Context) error {
	c := retry.Context(ctx)
	return retry.Do(func() error { return call(ctx) }, c)
}

func spread(ctx context.Context, opts []retry.Option) error {
	return retry.Do(func() error { return call(ctx) }, opts...)
}

func defaultOpts() retry.Option { return retry.Attempts(3) }

func helperOption(ctx context.Context) error {
	return retry.Do(func() error { return call(ctx) }, defaultOpts())
}

func noContextInScope() error {
	return retry.Do(func() error { return call(nil) })
}

func backgroundOnly() error {
	ctx := context.Background()
	return retry.Do(func() error { return call(ctx) })
}
