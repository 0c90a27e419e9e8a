package b4

import (
	"context"
	"net/http"
	"time"
)

type Stock interface {
	Hold(ctx context.Context, skus []string) error
}

type Server struct {
	stock Stock
	queue chan func()
	bg    context.Context
	stop  context.CancelFunc
}

func send(ctx context.Context, s string) error { return ctx.Err() }

// Positives.

func (s *Server) Checkout(ctx context.Context, skus []string) error {
	return s.stock.Hold(context.Background(), skus) // want `context.Background\(\) passed to b4.Stock.Hold detaches the call from the caller's deadline and cancellation; derive from ctx, or use context.WithoutCancel\(ctx\)`
}

// Bare root through a once-assigned local: the slip, with no budget of
// its own chosen here.
func (s *Server) Untimed(ctx context.Context) error {
	tctx := context.TODO() // want `context.TODO\(\) passed to b4.send`
	return send(tctx, "x")
}

func Handle(w http.ResponseWriter, r *http.Request) {
	_ = send(context.Background(), "x") // want `derive from r.Context\(\)`
}

func viaLocal(ctx context.Context) error {
	bg := context.Background() // want `context.Background\(\) passed to b4.send`
	return send(bg, "x")
}

// Two contexts: reported, no fix.
func two(ctx context.Context, r *http.Request) error {
	return send(context.Background(), "x") // want `derive from ctx`
}

// A retried operation that takes a context.
func op(do func(func(ctx context.Context) error) error) error {
	return do(func(ctx context.Context) error {
		return send(context.Background(), "x") // want `context.Background\(\) passed to b4.send`
	})
}

// Negatives.

// A goroutine started right here with a root context of its own: work
// meant to outlive the request, detached on purpose.
func (s *Server) spawn(ctx context.Context) {
	go send(context.Background(), "x")
}

func main() {
	_ = send(context.Background(), "x")
}

func init() {
	_ = send(context.Background(), "x")
}

func noContext() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return send(ctx, "x")
}

func blank(_ context.Context) error {
	return send(context.Background(), "x")
}

func unnamed(context.Context) error {
	return send(context.Background(), "x")
}

func (s *Server) Audit(ctx context.Context) error {
	return send(context.WithoutCancel(ctx), "audit")
}

// A deliberately detached background job.
func (s *Server) Enqueue(ctx context.Context, id string) {
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		_ = send(ctx, id)
	}()
}

// Work handed to a queue on purpose.
func (s *Server) Submit(ctx context.Context, id string) {
	s.queue <- func() { _ = send(context.Background(), id) }
}

// The component's own lifetime, stored in a field.
func (s *Server) Start(ctx context.Context) {
	s.bg, s.stop = context.WithCancel(context.Background())
}

// Cleanup after the request may have been cancelled.
func (s *Server) Tx(ctx context.Context) error {
	defer send(context.Background(), "rollback")
	defer func() { _ = send(context.Background(), "rollback") }()
	return send(ctx, "x")
}

// Not handed to a call.
func (s *Server) Root(ctx context.Context) context.Context {
	return context.Background()
}

// A nil context replaced by Background: the caller's otherwise.
func orDefault(ctx context.Context) error {
	if ctx == nil {
		ctx = context.Background()
	}
	return send(ctx, "x")
}

// A goroutine given a lifetime of its own, managed by the server.
func (s *Server) Run(ctx context.Context) {
	bg, cancel := context.WithCancel(context.Background())
	s.stop = cancel
	go send(bg, "loop")
}

// Negative twins: a budget of its own chosen here, for work that must not
// die with the caller.

// The state write after the job's context ended gets the lease's
// deadline, not the job's.
func (s *Server) requeue(ctx context.Context, lease time.Time) error {
	if ctx.Err() == nil {
		return nil
	}
	wctx, cancel := context.WithDeadline(context.Background(), lease)
	defer cancel()
	return send(wctx, "requeue")
}

// A cancel message sent after the query's context is done, with one second
// of its own.
func (s *Server) cancelQuery(ctx context.Context) error {
	<-ctx.Done()
	cctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return send(cctx, "cancel")
}

// The same fresh budget inline.
func (s *Server) Timed(ctx context.Context) error {
	tctx, cancel := context.WithTimeout(context.TODO(), time.Second)
	defer cancel()
	return send(tctx, "x")
}
