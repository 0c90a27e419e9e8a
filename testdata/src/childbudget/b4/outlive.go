package b4

import (
	"context"
	"sync"
	"time"
)

// Work meant to outlive the request that starts it: a keep-alive, a lease
// renewal, a flush loop. Its root context is detached on purpose.

type Conn struct {
	stopKeepAlive context.CancelFunc
}

func (c *Conn) dial(ctx context.Context) error { return ctx.Err() }
func (c *Conn) ping(ctx context.Context) error { return ctx.Err() }

// startKeepAlive pings until ctx is cancelled, in a goroutine of its own.
func (c *Conn) startKeepAlive(ctx context.Context) { // want startKeepAlive:"keepscontext"
	go func() {
		t := time.NewTicker(30 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				_ = c.ping(ctx)
			}
		}
	}()
}

// --- negatives -------------------------------------------------------------

// The connection outlives the Open call; Close cancels the keep-alive.
func (c *Conn) Open(ctx context.Context) error {
	if err := c.dial(ctx); err != nil {
		return err
	}
	kctx, cancel := context.WithCancel(context.Background())
	c.stopKeepAlive = cancel
	c.startKeepAlive(kctx)
	return nil
}

// A lease renewed for as long as the subscription lives, by a goroutine
// started right here.
func (s *Server) Subscribe(ctx context.Context, topic string) error {
	if err := send(ctx, "subscribe "+topic); err != nil {
		return err
	}
	rctx := context.Background()
	go func() {
		for {
			time.Sleep(time.Minute)
			if err := send(rctx, "renew "+topic); err != nil {
				return
			}
		}
	}()
	return nil
}

// A flush loop started with go for the server's lifetime.
func (s *Server) StartFlusher(ctx context.Context) {
	go flushLoop(context.Background(), s)
}

func flushLoop(ctx context.Context, s *Server) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
			_ = send(ctx, "flush")
		}
	}
}

// --- positives -------------------------------------------------------------

// The goroutines are waited for, and their context cancelled, before the
// call returns: they live no longer than the request, which they ignore.
func (s *Server) fanOut(ctx context.Context, ids []string) {
	wctx, cancel := context.WithCancel(context.Background()) // want `context.Background\(\) passed to b4.send detaches the call`
	defer cancel()
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = send(wctx, id)
		}()
	}
	wg.Wait()
}

// A keep-alive bound to this call's own lifetime: cancelled on return, so
// nothing outlives the request, and the request's cancellation is lost.
func (c *Conn) withKeepAlive(ctx context.Context, work func() error) error {
	kctx, cancel := context.WithCancel(context.Background()) // want `context.Background\(\) passed to b4.Conn.startKeepAlive detaches the call`
	defer cancel()
	c.startKeepAlive(kctx)
	return work()
}
