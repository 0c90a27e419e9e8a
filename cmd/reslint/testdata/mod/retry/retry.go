// Package retry is a small retry helper; reslint infers it is one and
// exports that as a fact for the packages that import it.
package retry

import (
	"context"
	"math/rand/v2"
	"time"
)

// Do runs op until it succeeds, waiting between attempts.
func Do(ctx context.Context, attempts int, op func(context.Context) error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = ctx.Err(); err != nil {
			return err
		}
		if err = op(ctx); err == nil {
			return nil
		}
		t := time.NewTimer(rand.N(time.Duration(i+1) * 100 * time.Millisecond)) // full jitter
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}
