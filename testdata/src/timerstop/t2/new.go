//go:build go1.23

package t2

import (
	"context"
	"time"

	"timerstop/timeouts"
)

// Since Go 1.23 the abandoned timers are collected: without
// -timerstop.strict this is not reported.
func consume123(msgs <-chan string, handle func(string)) error {
	for {
		select {
		case m := <-msgs:
			handle(m)
		case <-time.After(time.Minute):
			return errIdle
		}
	}
}

// The exit shape and the re-armed idle timeout: costs, not leaks, since
// Go 1.23; reported only with -timerstop.strict.
func retry123(ctx context.Context, op func() error) error {
	for {
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-timeouts.Jittered(time.Second):
		}
	}
}

func idle123(msgs <-chan string, d time.Duration) error {
	timeout := time.After(d)
	for {
		select {
		case <-msgs:
			timeout = time.After(d)
		case <-timeout:
			return errIdle
		}
	}
}
