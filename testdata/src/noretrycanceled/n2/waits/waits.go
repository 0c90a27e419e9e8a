// Package waits holds context-aware waits, recognised in other packages
// by their facts.
package waits

import (
	"context"
	"time"
)

// Sleep is the seed's sleepCtx, exported.
func Sleep(ctx context.Context, d time.Duration) error { // want Sleep:"honors\\(0\\)"
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Pause wraps Sleep: it honors its context too.
func Pause(ctx context.Context, attempt int) error { // want Pause:"honors\\(0\\)"
	return Sleep(ctx, time.Duration(attempt)*time.Millisecond)
}
