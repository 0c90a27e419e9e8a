// Package results holds retry loops whose failure is a result value or a
// rate-limited page: their waits are judged like any retry loop's.
package results

import (
	"context"
	"math/rand/v2"
	"time"
)

type part struct{ Code int }

func commit(ctx context.Context) ([]part, error) { return nil, nil }

// A commit refused with a stale code is retried after a constant wait.
func commitStale(ctx context.Context) error {
	retries := 0
	for {
		parts, err := commit(ctx)
		if err != nil {
			return err
		}
		stale := false
		for _, p := range parts {
			if p.Code == 7 {
				stale = true
			}
		}
		if stale {
			retries++
			if retries > 10 {
				return nil
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(500 * time.Millisecond): // want `constant wait 500ms between retry attempts has no random part`
			}
			continue
		}
		return nil
	}
}

// Twin: the same loop waits a random share of the delay.
func commitStaleJittered(ctx context.Context) error {
	retries := 0
	for {
		parts, err := commit(ctx)
		if err != nil {
			return err
		}
		stale := false
		for _, p := range parts {
			if p.Code == 7 {
				stale = true
			}
		}
		if stale {
			retries++
			if retries > 10 {
				return nil
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(rand.N(500 * time.Millisecond)):
			}
			continue
		}
		return nil
	}
}
