// Package delays hands delays to a retry helper of another package.
package delays

import (
	"context"
	"math/rand/v2"
	"time"

	"backoffjitter/delays/common"
)

const (
	busyDelay    = 10 * time.Second
	defaultDelay = time.Second
)

type link struct{}

func (l *link) recover(ctx context.Context) error { return nil }

// Positive: the helper waits the constant between attempts.
func (l *link) reconnect(ctx context.Context) error {
	_, err := common.Retry(10, 10*time.Second, func() (any, error) { // want `constant wait 10s between retry attempts`
		return nil, l.recover(ctx)
	})
	return err
}

// retryRecover hands its delay on to the helper.
func (l *link) retryRecover(ctx context.Context, times int, delay time.Duration) error { // want retryRecover:"delayparam\\(2\\)"
	_, err := common.Retry(times, delay, func() (any, error) {
		return nil, l.recover(ctx)
	})
	return err
}

// Positive: a constant through the pass-through.
func (l *link) onBusy(ctx context.Context) error {
	return l.retryRecover(ctx, 5, busyDelay) // want `constant wait 10s between retry attempts`
}

// Negative twins: a jittered delay; a short one; a timeout, not a wait.
func (l *link) onTimeout(ctx context.Context) error {
	return l.retryRecover(ctx, 5, defaultDelay/2+rand.N(defaultDelay/2))
}

func (l *link) onBlip(ctx context.Context) error {
	return l.retryRecover(ctx, 3, 10*time.Millisecond)
}

func (l *link) once(ctx context.Context) error {
	return common.WithTimeout(ctx, 10*time.Second, l.recover)
}
