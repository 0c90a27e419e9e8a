// Package restart holds restart loops: a session (a connection handler)
// run again after it breaks, with a pause between runs.
package restart

import (
	"context"
	"errors"
	"log"
	"time"
)

type watcher struct {
	addrs   []string
	closing chan struct{}
	events  chan string
}

// handle runs one session against a server until the connection breaks.
func (w *watcher) handle(ctx context.Context) error { // want handle:`honors\(0\)`
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case ev, ok := <-w.events:
			if !ok {
				return errors.New("connection closed")
			}
			log.Print(ev)
		}
	}
}

// handleOnce runs one session with no context.
func (w *watcher) handleOnce() error {
	for {
		ev, ok := <-w.events
		if !ok {
			return errors.New("connection closed")
		}
		log.Print(ev)
	}
}

// spin re-runs the session after a pause that ignores ctx.
func (w *watcher) spin(ctx context.Context) {
	for {
		err := w.handle(ctx)
		select {
		case <-ctx.Done():
			return
		default:
		}
		if err != nil {
			log.Print(err)
			time.Sleep(time.Second) // want `time.Sleep in a retry loop cannot be interrupted`
		}
	}
}

// spinSelect pauses in a select on ctx.Done(): correct.
func (w *watcher) spinSelect(ctx context.Context) { // want spinSelect:`honors\(0\)`
	for {
		err := w.handle(ctx)
		if err != nil {
			log.Print(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// spinTimer pauses on a stopped timer in a select on ctx.Done(): correct.
func (w *watcher) spinTimer(ctx context.Context) { // want spinTimer:`honors\(0\)`
	t := time.NewTimer(time.Second)
	defer t.Stop()
	for {
		if err := w.handle(ctx); err != nil {
			log.Print(err)
		}
		t.Reset(time.Second)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// spinClosing has no context: it leaves on a closing channel, and its
// sleep is no context's business.
func (w *watcher) spinClosing() { // want spinClosing:"sleeps"
	for {
		if err := w.handleOnce(); err != nil {
			log.Print(err)
		}
		select {
		case <-w.closing:
			return
		default:
		}
		time.Sleep(time.Second)
	}
}

// spinClosingSelect leaves on a closing channel in the wait itself.
func (w *watcher) spinClosingSelect() {
	for {
		if err := w.handleOnce(); err != nil {
			log.Print(err)
		}
		select {
		case <-w.closing:
			return
		case <-time.After(time.Second):
		}
	}
}
