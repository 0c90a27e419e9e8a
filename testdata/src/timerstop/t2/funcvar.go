//go:build go1.18

package t2

import (
	"context"
	"time"
)

// time.After through a package variable that tests swap for a fake
// clock: the code still calls time.After. A variable set to another
// function is not a timer.

var after = time.After

func withBackoff(ctx context.Context, f func() error) error {
	backoff := 500 * time.Millisecond
	for {
		if err := f(); err == nil {
			return nil
		}
		backoff *= 2
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-after(backoff): // want `each exit through the <-ctx.Done\(\) case`
		}
	}
}

func fakeAfter(d time.Duration) <-chan time.Time {
	c := make(chan time.Time, 1)
	c <- time.Time{}
	return c
}

var instant = fakeAfter

func withInstant(ctx context.Context, f func() error) error {
	for {
		if err := f(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-instant(time.Second):
		}
	}
}
