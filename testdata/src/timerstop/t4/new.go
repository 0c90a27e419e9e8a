//go:build go1.23

package t4

import (
	"context"
	"time"
)

// Since Go 1.23 Reset discards a pending tick: not reported.
func batch123(ctx context.Context, msgs <-chan string, flush func()) {
	t := time.NewTimer(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			flush()
		case m := <-msgs:
			_ = m
		}
		t.Reset(time.Second)
	}
}
