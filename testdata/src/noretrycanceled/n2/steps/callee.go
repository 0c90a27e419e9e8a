package steps

import (
	"context"
	"errors"
	"sync"
	"time"
)

// A work loop that runs one step per round in a function of its own: the
// step's failure branch waits and returns, and the loop runs the step,
// and the failed receive, again.

type jobQueue interface {
	ReceiveAndWait(ctx context.Context, d time.Duration) ([]byte, error)
}

type runner struct {
	q            jobQueue
	mu           sync.Mutex
	running, max int
	poll         time.Duration
}

func (r *runner) Start(ctx context.Context) { // want Start:"honors\\(0\\)"
	for {
		select {
		case <-ctx.Done():
			return
		default:
			r.receiveAndRun(ctx)
		}
	}
}

func (r *runner) receiveAndRun(ctx context.Context) {
	r.mu.Lock()
	full := r.running == r.max
	r.mu.Unlock()
	if full {
		time.Sleep(r.poll) // at capacity: no failure, nothing retried
		return
	}
	m, err := r.q.ReceiveAndWait(ctx, r.poll)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return
		}
		time.Sleep(time.Second) // want `time.Sleep in a retry loop cannot be interrupted: after the caller cancels ctx`
		return
	}
	_ = m
}

// --- negatives -------------------------------------------------------------

// The step's failure wait ends when the runner's context is done.
func (r *runner) StartPatient(ctx context.Context) { // want StartPatient:"honors\\(0\\)"
	for {
		select {
		case <-ctx.Done():
			return
		default:
			r.receivePatiently(ctx)
		}
	}
}

func (r *runner) receivePatiently(ctx context.Context) {
	m, err := r.q.ReceiveAndWait(ctx, r.poll)
	if err != nil {
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
		return
	}
	_ = m
}

// The step reports its failure to the loop, which decides.
func (r *runner) StartReporting(ctx context.Context) error {
	for {
		if err := r.receiveOnce(ctx); err != nil {
			return err
		}
	}
}

func (r *runner) receiveOnce(ctx context.Context) error {
	m, err := r.q.ReceiveAndWait(ctx, r.poll)
	if err != nil {
		time.Sleep(10 * time.Millisecond)
		return err
	}
	_ = m
	return nil
}

// Called once, not from a loop: nothing runs the step again.
func (r *runner) Once(ctx context.Context) {
	r.receiveAndRunOnce(ctx)
}

func (r *runner) receiveAndRunOnce(ctx context.Context) {
	m, err := r.q.ReceiveAndWait(ctx, r.poll)
	if err != nil {
		time.Sleep(time.Second)
		return
	}
	_ = m
}

// A second work loop running the same step: one step, one report.
func (r *runner) StartAgain(ctx context.Context) { // want StartAgain:"honors\\(0\\)"
	for {
		select {
		case <-ctx.Done():
			return
		default:
			r.receiveAndRun(ctx)
		}
	}
}
