//go:build go1.22

package t2

import (
	"context"
	"net/http"
	"time"
)

// The exit shape is reported only for the cancellation of a function
// called per request: each cancelled call leaves one timer. A long-lived
// loop that leaves once leaves one.

type poller struct {
	ctx  context.Context
	quit chan struct{}
}

// ---- positives ----

// A handler polls until the job is done or the client goes away.
func waitJob(w http.ResponseWriter, r *http.Request, done func() bool) {
	for !done() {
		select {
		case <-r.Context().Done():
			return
		case <-time.After(200 * time.Millisecond): // want `each exit through the <-r.Context\(\).Done\(\) case leaves this timer live until its duration elapses \(before Go 1.23\), one per cancelled call`
		}
	}
	w.WriteHeader(http.StatusOK)
}

// A per-attempt deadline derived from the caller's context.
func fetch(ctx context.Context, op func(context.Context) error) error {
	tctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	for {
		if err := op(tctx); err == nil {
			return nil
		}
		select {
		case <-tctx.Done():
			return tctx.Err()
		case <-time.After(time.Second): // want `each exit through the <-tctx.Done\(\) case`
		}
	}
}

// ---- negatives ----

// The worker loop runs until shutdown: its context's cancellation leaves
// once.
func (p *poller) Run(ctx context.Context, tick func()) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
			tick()
		}
	}
}

// The server's own context, held in a field.
func (p *poller) refresh(load func() error) error {
	for {
		if err := load(); err == nil {
			return nil
		}
		select {
		case <-p.ctx.Done():
			return p.ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// A quit channel of a long-lived loop that also stops on an error.
func (p *poller) watch(check func() error) error {
	for {
		if err := check(); err != nil {
			return err
		}
		select {
		case <-p.quit:
			return nil
		case <-time.After(5 * time.Second):
		}
	}
}

// A goroutine's loop with the caller's context: it lives until shutdown.
func (p *poller) start(ctx context.Context, sync func() error) {
	go func() {
		for {
			if err := sync(); err != nil {
				return
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Minute):
			}
		}
	}()
}
