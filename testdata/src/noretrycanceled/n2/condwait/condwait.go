// Package condwait is a code base's own copy of a condition-polling
// helper: it runs a condition until it reports done or fails, sleeping
// blindly between rounds, and takes no context.
package condwait

import (
	"errors"
	"time"
)

// ErrWaitTimeout is returned when the steps run out.
var ErrWaitTimeout = errors.New("timed out waiting for the condition")

// ConditionFunc reports whether the wait is done, or fails it.
type ConditionFunc func() (done bool, err error)

// Backoff grows the pause between rounds.
type Backoff struct {
	Duration time.Duration
	Factor   float64
	Steps    int
}

// Step returns the next pause.
func (b *Backoff) Step() time.Duration {
	d := b.Duration
	b.Duration = time.Duration(float64(b.Duration) * b.Factor)
	b.Steps--
	return d
}

// ExponentialBackoff repeats condition until it is done or fails.
func ExponentialBackoff(backoff Backoff, condition ConditionFunc) error { // want ExponentialBackoff:"sleeps"
	for backoff.Steps > 0 {
		if ok, err := condition(); err != nil || ok {
			return err
		}
		if backoff.Steps == 1 {
			break
		}
		time.Sleep(backoff.Step())
	}
	return ErrWaitTimeout
}
