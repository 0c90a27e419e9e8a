// Package attempt runs one attempt under its own timeout, like the seed's
// attemptOnce; its fact says so to other packages.
package attempt

import (
	"context"
	"time"
)

func Once(ctx context.Context, per time.Duration, op func(context.Context) error) error { // want Once:"ctx timeout\\(0\\)"
	actx, cancel := context.WithTimeout(ctx, per)
	defer cancel()
	return op(actx)
}

// Sleep waits for d or until ctx is done.
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
