package shapes

import (
	"context"
	"time"
)

// A lock poll whose interval comes from the caller's options; a test of
// the package sets the field to run at its own pace.
type locker struct {
	timeout time.Duration
}

func newLocker(tryNext time.Duration) *locker {
	if tryNext <= 0 {
		tryNext = 20 * time.Millisecond
	}
	return &locker{timeout: tryNext}
}

func (m *locker) try(ctx context.Context) error { return call(ctx) }

// Negative: the caller's interval (20ms when unset); the test's value is
// no default of the package.
func (m *locker) acquire(ctx context.Context) error {
	for {
		if err := m.try(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(m.timeout):
		}
	}
}
