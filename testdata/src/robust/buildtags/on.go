//go:build robusttag

package buildtags

import (
	"context"
	"time"
)

// Retry has two variants; analyzed together (as a driver that ignores
// build tags would) they are duplicate declarations.
func Retry(ctx context.Context, f func() error) error {
	var err error
	for range 3 {
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func isRetryable(err error) bool { return true }
