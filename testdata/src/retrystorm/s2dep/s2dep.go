// Package s2dep is a client library that retries on its own: its callers
// in other packages learn it from a fact.
package s2dep

import (
	"context"
	"errors"
	"time"
)

var errBusy = errors.New("busy")

func get(ctx context.Context) error { return errBusy }

// Fetch retries three times.
func Fetch(ctx context.Context) error { // want Fetch:"retries: retry loop at s2dep.go:18 \\(3 attempts\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = get(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// Lookup retries through Fetch.
func Lookup(ctx context.Context, key string) error { // want Lookup:"retries: retry loop at s2dep.go:18"
	return Fetch(ctx)
}

// NoRetry calls once.
func NoRetry(ctx context.Context) error { return get(ctx) }

// Deliberate retries, and says that layering it is deliberate.
func Deliberate(ctx context.Context) error {
	var err error
	//reslint:ignore retrystorm a lease renewal: callers retry the whole job, this retries the renewal only
	for attempt := 0; attempt < 3; attempt++ {
		if err = get(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
