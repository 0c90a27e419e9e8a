package b4

import (
	"context"
	"net/http"
	rtrace "runtime/trace"
	"time"
)

// Detachments that are intended and escape nothing: telemetry helpers,
// teardown that must finish, detachments explained where they are made,
// and a refresh goroutine whose early cancel is on the path that starts
// none. Each has a positive twin that is a request.

type Span struct{}

func (Span) End() {}

// startSpan only hands its context to the execution tracer: it reads the
// context's values, never its deadline.
func startSpan(ctx context.Context, name string) (context.Context, Span) {
	ctx, task := rtrace.NewTask(ctx, name)
	task.End()
	return ctx, Span{}
}

// startSpanAndSend also sends with its context: a request.
func startSpanAndSend(ctx context.Context, name string) (context.Context, Span) {
	ctx, task := rtrace.NewTask(ctx, name)
	defer task.End()
	_ = send(ctx, name)
	return ctx, Span{}
}

func (s *Server) Ack(ctx context.Context, ids []string) error {
	_, span := startSpan(context.Background(), "ack")
	defer span.End()
	_, task := rtrace.NewTask(context.Background(), "ack")
	defer task.End()
	_, span2 := startSpanAndSend(context.Background(), "ack") // want `context.Background\(\) passed to b4.startSpanAndSend detaches the call`
	defer span2.End()
	return s.stock.Hold(ctx, ids)
}

type Service interface {
	StartAsync(ctx context.Context) error
	AwaitRunning(ctx context.Context) error
	StopAndAwaitTerminated(ctx context.Context) error
	Refresh(ctx context.Context) error
}

type Session interface {
	Close(ctx context.Context) error
	CloseSend(ctx context.Context) error
	Cancel(ctx context.Context, id string) error
}

// Teardown after a failure: the caller's context is often why it failed,
// and the cleanup must finish anyway.
func (s *Server) Begin(ctx context.Context, svc Service, sess Session) error {
	if err := svc.AwaitRunning(ctx); err != nil {
		_ = svc.StopAndAwaitTerminated(context.Background())
		_ = sess.Close(context.Background())
		cctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = sess.CloseSend(cctx)
		return err
	}
	// A business verb is a request: cancelling an order is no cleanup.
	return sess.Cancel(context.Background(), "order-1") // want `context.Background\(\) passed to b4.Session.Cancel detaches the call`
}

// The /shutdown handler drains the server on a budget of its own: tied
// to the triggering request it would stop draining when that client left.
func (s *Server) ShutdownHandler(w http.ResponseWriter, r *http.Request, srv *http.Server) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_ = srv.Shutdown(ctx)
}

// Explained where it is made: the reason a reviewer would ask for.
func (s *Server) Module(ctx context.Context, svc Service) error {
	// we don't want this service to stop before its dependants stop,
	// so we use an independent context here
	s.note("starting")
	if err := svc.StartAsync(context.Background()); err != nil {
		return err
	}
	// Note: a background context, so that every batch runs even if ctx
	// is canceled; each batch still checks ctx.
	_ = s.stock.Hold(context.Background(), nil)
	// A background context on purpose: the refresh must outlive the
	// request.
	_ = svc.Refresh(context.Background())
	return svc.AwaitRunning(ctx)
}

func (s *Server) note(string) {}

// A comment that is no reason, or a TODO that admits the bug, is no
// intent: still reported.
func (s *Server) Unexplained(ctx context.Context, svc Service) error {
	// refresh the background context of the service
	_ = svc.Refresh(context.Background()) // want `context.Background\(\) passed to b4.Service.Refresh detaches the call`
	// TODO: use an independent context until callers pass theirs
	return s.stock.Hold(context.Background(), nil) // want `context.Background\(\) passed to b4.Stock.Hold detaches the call`
}

type Claims struct {
	stop context.CancelFunc
}

func (c *Claims) refresh(ctx context.Context) error { return ctx.Err() }

// The refresh loop outlives StartRefresh; the cancel before it is the path
// that starts no loop (a token with no expiry).
func (c *Claims) StartRefresh(ctx context.Context, expires time.Time) (func(), error) {
	if err := c.refresh(ctx); err != nil {
		return nil, err
	}
	rctx, cancel := context.WithCancel(context.Background())
	if expires.IsZero() {
		cancel()
		return func() {}, nil
	}
	go func() {
		for rctx.Err() == nil {
			_ = c.refresh(rctx)
		}
	}()
	return cancel, nil
}

// Twin: cancelled after the goroutine starts, before returning: the loop
// lives no longer than the call, and ignores the caller's cancellation.
func (c *Claims) RefreshOnce(ctx context.Context) error {
	rctx, cancel := context.WithCancel(context.Background()) // want `context.Background\(\) passed to b4.Claims.refresh detaches the call`
	done := make(chan struct{})
	go func() {
		_ = c.refresh(rctx)
		close(done)
	}()
	<-done
	cancel()
	return nil
}
