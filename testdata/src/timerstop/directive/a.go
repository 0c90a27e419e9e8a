//go:build go1.22

// Package directive checks that //reslint:ignore silences timerstop, and
// that a stale one is reported.
package directive

import (
	"context"
	"time"
)

func silenced(ctx context.Context, d time.Duration) {
	//reslint:ignore timerstop the timer fires within a millisecond
	t := time.NewTimer(d)
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

func stale(ctx context.Context, d time.Duration) {
	//reslint:ignore timerstop stopped below // want `//reslint:ignore directive for timerstop silences nothing here; remove it`
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
