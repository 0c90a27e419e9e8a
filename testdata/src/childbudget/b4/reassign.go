package b4

import (
	"context"
	"time"
)

// A root context assigned to the parameter's own name: every use after
// the assignment has lost the caller's deadline and cancellation.

// ---- positives ----

func (s *Server) Report(ctx context.Context, id string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second) // want `context.Background\(\) passed to b4.send detaches the call`
	defer cancel()
	return send(ctx, id)
}

// ---- negatives ----

// Replaced on one path only: the caller's context on the other.
func (s *Server) Flush(ctx context.Context, d time.Duration) error {
	cancel := context.CancelFunc(func() {})
	if d > 0 {
		ctx, cancel = context.WithTimeout(context.Background(), d)
	}
	defer cancel()
	return send(ctx, "flush")
}

// The parameter's name reused for a loop meant to outlive the call.
func (s *Server) StartSync(ctx context.Context) error {
	if err := send(ctx, "hello"); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.stop = cancel
	go send(ctx, "sync")
	return nil
}
