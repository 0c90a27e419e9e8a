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

// Negative twin: the recursive helper has a stop the operation can use.
func recursiveHelperStops(ctx context.Context) error {
	return retrylib.AgainUnless(3, time.Second, func() error { return fetch(ctx) })
}
