package loops

import (
	"context"
	"time"
)

// A range over a ticker's channel waits for a tick every round: a retry
// loop when its attempt leaves on success and goes round on failure.

func onTicks(ctx context.Context) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C { // want "retry loop, attempt send"
		if _, err := send(ctx); err != nil {
			continue
		}
		return nil
	}
	return nil
}

// The stop signal is checked in a select that ends the body; a break out
// of it goes round.
func onTicksUnlessStopped(ctx context.Context, quit <-chan struct{}) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C { // want "retry loop, attempt send"
		select {
		case <-quit:
			return nil
		default:
			_, err := send(ctx)
			if err != nil {
				break
			}
			return nil
		}
	}
	return nil
}

// Negative twins.

// A periodic job runs on every tick, failed or not.
func everyTick(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C {
		if _, err := send(ctx); err != nil {
			continue
		}
	}
}

// A range over work items takes a new item every round.
func eachItem(ctx context.Context, items <-chan int) error {
	for range items {
		if _, err := send(ctx); err != nil {
			continue
		}
		return nil
	}
	return nil
}

// A select that is not last: after the break, more of the body runs.
func selectThenMore(ctx context.Context, items <-chan int, quit <-chan struct{}) error {
	for range items {
		select {
		case <-quit:
			return nil
		default:
			if _, err := send(ctx); err != nil {
				break
			}
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}
