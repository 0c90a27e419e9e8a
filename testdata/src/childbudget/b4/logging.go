package b4

import (
	"context"
	"log/slog"
)

// Negatives: loggers take a context for its values (trace ids), not for
// its deadline; a detached context handed to them detaches nothing.

type Logger struct{}

func (*Logger) Printf(ctx context.Context, format string, args ...any) {}

var logger = &Logger{}

func (s *Server) Logged(ctx context.Context, skus []string) error {
	logger.Printf(context.Background(), "holding %d skus", len(skus))
	slog.InfoContext(context.Background(), "holding", "n", len(skus))
	return s.stock.Hold(ctx, skus)
}

// An observer hook reads values after the fact.
type FrameObserver interface {
	ObserveFrameHeader(ctx context.Context, size int)
}

// A method of the same interface that does work is judged.
type Fetcher interface {
	ObserveFrameHeader(ctx context.Context, size int)
	Fetch(ctx context.Context) error
}

func (s *Server) Observed(ctx context.Context, obs FrameObserver, f Fetcher) error {
	obs.ObserveFrameHeader(context.Background(), 1)
	f.ObserveFrameHeader(context.Background(), 1)
	return f.Fetch(context.Background()) // want `context.Background\(\) passed to b4.Fetcher.Fetch detaches the call`
}
