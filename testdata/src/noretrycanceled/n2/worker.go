package n2

import (
	"context"
	"errors"
	"time"
)

// A background worker started by Start(ctx): it never reads Start's
// context and ends on its own stop channel, so it is meant to outlive the
// call. Its twins read the caller's context in the worker, run the loop in
// the call itself, or have no stop signal of their own.

type statusWatcher struct {
	stop chan struct{}
}

func (w *statusWatcher) fetch(ctx context.Context) (string, error) { return "", errors.New("down") }

func (w *statusWatcher) Start(ctx context.Context) {
	go func() {
		for {
			if _, err := w.fetch(context.Background()); err != nil {
				time.Sleep(5 * time.Second)
				continue
			}
			select {
			case <-w.stop:
				return
			case <-time.After(10 * time.Second):
			}
		}
	}()
}

func (w *statusWatcher) StartWithCtx(ctx context.Context) {
	go func() {
		for {
			if _, err := w.fetch(ctx); err != nil {
				time.Sleep(5 * time.Second) // want `time.Sleep in a retry loop cannot be interrupted`
				continue
			}
			select {
			case <-w.stop:
				return
			case <-time.After(10 * time.Second):
			}
		}
	}()
}

func (w *statusWatcher) Run(ctx context.Context) {
	for {
		if _, err := w.fetch(context.Background()); err != nil {
			time.Sleep(5 * time.Second) // want `time.Sleep in a retry loop cannot be interrupted`
			continue
		}
		select {
		case <-w.stop:
			return
		case <-time.After(10 * time.Second):
		}
	}
}

func (w *statusWatcher) StartNoStop(ctx context.Context) {
	go func() {
		for {
			if _, err := w.fetch(context.Background()); err != nil {
				time.Sleep(5 * time.Second) // want `time.Sleep in a retry loop cannot be interrupted`
				continue
			}
			return
		}
	}()
}
