package steps

import (
	"context"
	"errors"
	"time"
)

// Work loops whose failure path waits and then looks at the stop
// signals without waiting (a select with a default that goes round).

func sendPolled(ctx context.Context, q queue, down <-chan struct{}) error {
	for {
		e, err := q.Peek()
		if errors.Is(err, errEmpty) {
			return nil
		} else if err != nil {
			return err
		}
		if err := publish(ctx, e); err != nil {
			_ = q.Leave(e)
			time.Sleep(time.Second) // want `time.Sleep in a retry loop cannot be interrupted: after the caller cancels ctx`
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-down:
				return nil
			default:
				continue
			}
		}
	}
}

// Twins: the wait itself selects on ctx.Done(); a pause against a busy
// loop before the look; no context in scope (only the owner's quit).
func sendPolledCtx(ctx context.Context, q queue, down <-chan struct{}) error { // want sendPolledCtx:"honors\\(0\\)"
	for {
		e, err := q.Peek()
		if errors.Is(err, errEmpty) {
			return nil
		} else if err != nil {
			return err
		}
		if err := publish(ctx, e); err != nil {
			_ = q.Leave(e)
			t := time.NewTimer(time.Second)
			select {
			case <-ctx.Done():
				t.Stop()
				return ctx.Err()
			case <-down:
				t.Stop()
				return nil
			case <-t.C:
				continue
			}
		}
	}
}

func sendPolledBusy(ctx context.Context, q queue, down <-chan struct{}) error {
	for {
		e, err := q.Peek()
		if errors.Is(err, errEmpty) {
			return nil
		} else if err != nil {
			return err
		}
		if err := publish(ctx, e); err != nil {
			_ = q.Leave(e)
			time.Sleep(10 * time.Millisecond)
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-down:
				return nil
			default:
				continue
			}
		}
	}
}

type sender struct {
	q    queue
	quit chan struct{}
}

func (s *sender) flush(e *entry) error { return nil }

func (s *sender) run() { // want run:"sleeps"
	for {
		e, err := s.q.Peek()
		if err != nil {
			return
		}
		if err := s.flush(e); err != nil {
			_ = s.q.Leave(e)
			time.Sleep(time.Second)
			select {
			case <-s.quit:
				return
			default:
				continue
			}
		}
	}
}
