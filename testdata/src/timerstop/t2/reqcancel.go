//go:build go1.22

package t2

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// The request's cancellation spelled without a Done() call in the loop's
// function: a helper that returns the Done channel of the request's
// context, or the request's Cancel channel.

type retryTransport struct {
	next  http.RoundTripper
	delay time.Duration
	quit  chan struct{}
}

func contextForRequest(req *http.Request) <-chan struct{} {
	return req.Context().Done()
}

func doneOf(ctx context.Context) <-chan struct{} {
	return ctx.Done()
}

// ---- positives ----

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	done := contextForRequest(req)
	for {
		res, err := t.next.RoundTrip(req)
		if err == nil {
			return res, nil
		}
		select {
		case <-time.After(t.delay): // want `each exit through the <-done case leaves this timer live until its duration elapses \(before Go 1.23\), one per cancelled call`
		case <-done:
			return nil, errors.New("net/http: request canceled")
		case <-req.Cancel:
			return nil, errors.New("net/http: request canceled")
		}
	}
}

func (t *retryTransport) roundTripLegacy(req *http.Request) (*http.Response, error) {
	for {
		res, err := t.next.RoundTrip(req)
		if err == nil {
			return res, nil
		}
		select {
		case <-req.Cancel:
			return nil, errors.New("net/http: request canceled")
		case <-time.After(t.delay): // want `each exit through the <-req.Cancel case`
		}
	}
}

func (t *retryTransport) call(ctx context.Context, op func(context.Context) error) error {
	done := doneOf(ctx)
	for {
		if err := op(ctx); err == nil {
			return nil
		}
		select {
		case <-done:
			return ctx.Err()
		case <-time.After(t.delay): // want `each exit through the <-done case`
		}
	}
}

// ---- negatives ----

// The transport's own quit channel, returned by a helper, leaves once on
// shutdown.
func (t *retryTransport) quitCh() <-chan struct{} { return t.quit }

func (t *retryTransport) Watch(req *http.Request, tick func()) {
	quit := t.quitCh()
	for {
		select {
		case <-quit:
			return
		case <-time.After(time.Second):
			tick()
		}
	}
}

// A background context's Done, through the helper: no request's
// cancellation.
func (t *retryTransport) Refresh(tick func() error) {
	done := doneOf(context.Background())
	for {
		if tick() == nil {
			return
		}
		select {
		case <-done:
			return
		case <-time.After(t.delay):
		}
	}
}

// A request built here, not the caller's: its Cancel channel is the
// function's own.
func (t *retryTransport) Probe(url string) {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	for {
		if _, err := t.next.RoundTrip(req); err == nil {
			return
		}
		select {
		case <-req.Cancel:
			return
		case <-time.After(t.delay):
		}
	}
}

// A request's cancellation that only a goroutine started per transport
// reads: a long-lived worker.
func (t *retryTransport) Start(req *http.Request, tick func() error) {
	go func() {
		done := contextForRequest(req)
		for {
			if tick() == nil {
				return
			}
			select {
			case <-done:
				return
			case <-time.After(t.delay):
			}
		}
	}()
}
