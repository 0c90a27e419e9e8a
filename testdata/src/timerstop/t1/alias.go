//go:build go1.22

package t1

import (
	"context"

	tm "time"
)

// An aliased import of package time.
func aliased(ctx context.Context, d tm.Duration) {
	tk := tm.NewTicker(d) // want `ticker tk is not stopped before the function ends`
	select {
	case <-ctx.Done():
	case <-tk.C:
	}
}

func aliasedOK(ctx context.Context, d tm.Duration) {
	tk := tm.NewTicker(d)
	defer tk.Stop()
	select {
	case <-ctx.Done():
	case <-tk.C:
	}
}
