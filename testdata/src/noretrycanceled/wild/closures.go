package wild

import (
	"context"
	"errors"
	"time"
)

var errStopped = errors.New("stopped")

// The wait is a closure over the context, declared before the loop.
func closureWait(ctx context.Context, op func(context.Context) error) error {
	sleep := func(d time.Duration) bool {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return false
		case <-t.C:
			return true
		}
	}
	var err error
	for i := 0; i < 5; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
		if !sleep(time.Duration(i) * time.Second) {
			return errStopped
		}
	}
	return err
}

// The same with a closure that sleeps blind: the loop never consults the
// context.
func closureBlind(ctx context.Context, op func(context.Context) error) error {
	pause := func(d time.Duration) { time.Sleep(d) }
	var err error
	for i := 0; i < 5; i++ { // want `retry loop never consults ctx between attempts`
		if err = op(ctx); err == nil {
			return nil
		}
		pause(time.Duration(i) * time.Second)
	}
	return err
}
