// Package swallow holds status polls whose check swallows the read's
// error (a failed read goes round like a retry) beside polls that stop
// on it and loops that are not polls.
package swallow

import (
	"context"
	"time"
)

type state struct{ Done bool }

func read(ctx context.Context) (state, error) { return state{}, nil }

func flushWait(ctx context.Context) {
	flushed := func() bool {
		s, err := read(ctx)
		if err != nil {
			return false
		}
		return s.Done
	}
	for !flushed() { // want `swallowing poll, check flushed \[waits, failure-goes-round\]`
		time.Sleep(200 * time.Millisecond)
	}
}

func pending(ctx context.Context) bool {
	if s, err := read(ctx); err != nil {
		return true
	} else {
		return !s.Done
	}
}

func pendingWait(ctx context.Context) {
	for pending(ctx) { // want `swallowing poll, check pending \[waits, failure-goes-round\]`
		time.Sleep(time.Second)
	}
}

// --- not swallowing polls ---------------------------------------------------

// The error answers "done": the poll stops on it.
func settledWait(ctx context.Context) {
	settled := func() bool {
		s, err := read(ctx)
		if err != nil {
			return true
		}
		return s.Done
	}
	for !settled() {
		time.Sleep(time.Second)
	}
}

// No wait: a loop that spins on its check is no poll of a remote state.
func spin(ctx context.Context) {
	ready := func() bool {
		_, err := read(ctx)
		if err != nil {
			return false
		}
		return true
	}
	for !ready() {
	}
}

// The check is a parameter: its body is out of sight.
func waitFor(ready func() bool) {
	for !ready() {
		time.Sleep(time.Second)
	}
}
