// Package timeouts holds timer helpers that another fixture package
// imports: their FreshTimerFact crosses the package boundary.
package timeouts

import (
	"math/rand"
	"time"
)

// Jittered returns a fresh timer channel on every call.
func Jittered(d time.Duration) <-chan time.Time { // want Jittered:"returnsfreshtimer"
	return time.After(d/2 + time.Duration(rand.Int63n(int64(d/2)+1)))
}

// Backoff returns a fresh timer channel, or nil (a case that never
// fires) when there is nothing to wait for.
func Backoff(attempt int) <-chan time.Time { // want Backoff:"returnsfreshtimer"
	if attempt == 0 {
		return nil
	}
	return Jittered(time.Duration(attempt) * 100 * time.Millisecond)
}

// StoppableAfter makes its timer from NewTimer; the caller gets only the
// channel, so it cannot stop it either.
func StoppableAfter(d time.Duration) <-chan time.Time { // want StoppableAfter:"returnsfreshtimer"
	return time.NewTimer(d).C
}

// ---- no fact ----

// A Deadline hands out the same channel on every call.
type Deadline struct{ ch <-chan time.Time }

func NewDeadline(d time.Duration) *Deadline { return &Deadline{ch: time.After(d)} }

func (dl *Deadline) C() <-chan time.Time { return dl.ch }

// Or returns its argument when there is one: not fresh on every path.
func Or(ch <-chan time.Time, d time.Duration) <-chan time.Time {
	if ch != nil {
		return ch
	}
	return time.After(d)
}

// Ticks returns a ticker's channel: one ticker, not one per call here.
func Ticks(t *time.Ticker) <-chan time.Time { return t.C }
