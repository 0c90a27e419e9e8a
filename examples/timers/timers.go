// Package timers shows timerstop, which is Go-version aware. This file is
// compiled at the module's go line (go1.26), where unreferenced timers are
// collected and timer channels are unbuffered, so only T5 and T6 apply.
// timers_legacy.go carries //go:build go1.22, which lowers that file's
// language version, so reslint applies the pre-Go 1.23 rules T1-T4 there.
// The same code in this file would not be reported (unless -timerstop.strict).
package timers

import (
	"context"
	"log"
	"sync/atomic"
	"time"
)

// Sleep waits for d or until ctx is done. GOOD: NewTimer + defer Stop + select on ctx.
func Sleep(ctx context.Context, d time.Duration) error {
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) <= d {
		return context.DeadlineExceeded
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Warmer preloads cache keys and logs its progress.
type Warmer struct {
	Load  func(ctx context.Context, key string) error
	Every time.Duration
	Log   *log.Logger
	done  atomic.Int64
}

// Warm loads keys at startup.
func (w *Warmer) Warm(ctx context.Context, keys []string) error {
	t := time.NewTicker(w.Every)
	defer t.Stop()
	go func() {
		// BAD(T5): Stop does not close t.C: once Warm returns this goroutine blocks here forever; select on a done channel too.
		for range t.C {
			w.Log.Printf("warming cache: %d/%d keys", w.done.Load(), len(keys))
		}
	}()
	return w.loadAll(ctx, keys)
}

// Refresh reloads keys after a deploy: the same progress log, done right.
func (w *Warmer) Refresh(ctx context.Context, keys []string) error {
	t := time.NewTicker(w.Every)
	defer t.Stop()
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			select {
			case <-done: // GOOD: the goroutine ends when Refresh returns
				return
			case <-t.C:
				w.Log.Printf("refreshing cache: %d/%d keys", w.done.Load(), len(keys))
			}
		}
	}()
	return w.loadAll(ctx, keys)
}

func (w *Warmer) loadAll(ctx context.Context, keys []string) error {
	for _, k := range keys {
		if err := w.Load(ctx, k); err != nil {
			return err
		}
		w.done.Add(1)
	}
	return nil
}

// Event is one change to write in bulk.
type Event struct{ Key, Value string }

// Batcher groups events for bulk writes: up to Max events, or what arrived
// within Wait.
type Batcher struct {
	In   <-chan Event
	Max  int
	Wait time.Duration
}

// Next returns the next batch.
func (b *Batcher) Next() []Event {
	t := time.NewTimer(b.Wait)
	defer t.Stop()
	var batch []Event
	for ev := range b.In {
		batch = append(batch, ev)
		// BAD(T6): since Go 1.23 timer channels are unbuffered: len(t.C) is always 0, so Wait never closes a batch.
		if len(batch) == b.Max || len(t.C) > 0 {
			break
		}
	}
	return batch
}

// Collect returns the next batch: the same contract, done right.
func (b *Batcher) Collect() []Event {
	t := time.NewTimer(b.Wait)
	defer t.Stop()
	var batch []Event
	for len(batch) < b.Max {
		select {
		case ev, ok := <-b.In:
			if !ok {
				return batch
			}
			batch = append(batch, ev)
		case <-t.C: // GOOD: receive from the timer instead of polling its length
			return batch
		}
	}
	return batch
}
