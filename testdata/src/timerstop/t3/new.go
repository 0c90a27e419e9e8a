//go:build go1.23

package t3

import (
	"context"
	"time"
)

// Since Go 1.23 an unreferenced time.Tick ticker is collected.
func poll123(ctx context.Context, work func()) {
	tick := time.Tick(time.Second)
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick:
			work()
		}
	}
}

func pulse123(events <-chan string) {
	for {
		select {
		case <-time.Tick(time.Second):
		case e := <-events:
			_ = e
		}
	}
}

// Since Go 1.23 the goroutine's ticker is collected with the goroutine.
func Counts123(interval time.Duration, codes <-chan int) {
	go func(tick <-chan time.Time) {
		for {
			select {
			case <-codes:
			case <-tick:
			}
		}
	}(time.Tick(interval))
}
