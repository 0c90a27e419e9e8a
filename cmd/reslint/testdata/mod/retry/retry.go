// Package retry is a seed-style retry helper; reslint infers it is one and
// exports that as a fact for the packages that import it.
package retry

import (
	"context"
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
		t := time.NewTimer(time.Duration(i) * 100 * time.Millisecond)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}
