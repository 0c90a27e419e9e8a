//go:build go1.23

package t1

import (
	"context"
	"time"
)

// Since Go 1.23 an unreferenced timer or ticker is collected whether or
// not it was stopped: without -timerstop.strict none of these is reported.

func sleepNoDefer123(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func tickThrice123(d time.Duration) {
	tk := time.NewTicker(d)
	for i := 0; i < 3; i++ {
		<-tk.C
	}
}

func perIteration123(msgs <-chan string, d time.Duration) {
	for {
		t := time.NewTimer(d)
		select {
		case m := <-msgs:
			_ = m
		case <-t.C:
			return
		}
	}
}

// The goroutine can exit; once it has, the ticker is collected.
func startPoller123(ctx context.Context, d time.Duration, poll func()) {
	tk := time.NewTicker(d)
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case <-tk.C:
				poll()
			}
		}
	}()
}
