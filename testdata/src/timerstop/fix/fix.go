// Package fix holds T1 fixtures whose suggested fix inserts
// `defer t.Stop()` after the creation.
package fix

import (
	"context"
	"time"
)

func simple(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d) // want `timer t is not stopped`
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func commented(ctx context.Context, d time.Duration) {
	tk := time.NewTicker(d) // want `ticker tk is not stopped`
	select {
	case <-ctx.Done():
	case <-tk.C:
	}
}

func nested(ctx context.Context, d time.Duration) {
	if d > 0 {
		t := time.NewTimer(d) // want `timer t is not stopped`
		select {
		case <-ctx.Done():
		case <-t.C:
		}
	}
}

var lit = func(done <-chan struct{}) {
	t := time.NewTimer(time.Second) // want `timer t is not stopped`
	select {
	case <-done:
	case <-t.C:
	}
}

// No fix: in a loop the defers would pile up.
func inLoop(msgs <-chan string) {
	for {
		t := time.NewTimer(time.Second) // want `before the loop creates the next one`
		select {
		case <-msgs:
		case <-t.C:
			return
		}
	}
}

// No fix: not a short variable declaration.
func declared(ctx context.Context) {
	var t = time.NewTimer(time.Second) // want `timer t is not stopped`
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// No fix: a goroutine reads the ticker.
func goroutine(ctx context.Context, work func()) {
	tk := time.NewTicker(time.Second) // want `read by the goroutine`
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case <-tk.C:
				work()
			}
		}
	}()
}
