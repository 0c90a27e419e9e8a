package n2

import (
	"context"
	"time"

	"noretrycanceled/n2/retrylib"
)

// A recursive helper of another package that sleeps blindly and retries
// every error, known by its facts.
func recursiveHelper(ctx context.Context) error {
	return retrylib.Again(3, time.Second, func() error { // want `retrylib.Again sleeps between attempts and takes no context: after the caller cancels ctx`
		return fetch(ctx)
	})
}

// The recursive helper has a stop the operation could use, but this
// operation does not: a cancellation goes round like any error.
func recursiveHelperUnused(ctx context.Context) error {
	return retrylib.AgainUnless(3, time.Second, func() error { return fetch(ctx) }) // want `retrylib.AgainUnless sleeps between attempts and takes no context: after the caller cancels ctx the backoff in progress`
}

// Negative twin: the operation checks the context and answers with the
// helper's stop.
func recursiveHelperStops(ctx context.Context) error {
	return retrylib.AgainUnless(3, time.Second, func() error {
		if ctx.Err() != nil {
			return retrylib.ErrPermanent
		}
		return fetch(ctx)
	})
}
