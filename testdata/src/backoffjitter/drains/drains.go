// Package drains holds drain loops that put the work that failed back
// into the set they drain, so it runs again after the loop's wait.
package drains

import (
	"context"
	"errors"
	"log"
	"maps"
	"math/rand/v2"
	"slices"
	"sync"
	"time"
)

const reconcilerRetryInterval = time.Second

type PubSub interface {
	Subscribe(ctx context.Context, channels ...string) error
	Unsubscribe(ctx context.Context, channels ...string) error
}

type bus struct {
	ctx     context.Context
	mu      sync.Mutex
	ps      PubSub
	dirty   map[string]struct{}
	current map[string]struct{}
	wanted  map[string]bool
}

// reconcile subscribes what is wanted, and puts back what failed.
func (b *bus) reconcile() {
	b.mu.Lock()
	for len(b.dirty) > 0 {
		subscribe := make(map[string]struct{}, len(b.dirty))
		for c := range b.dirty {
			if _, ok := b.current[c]; !ok && b.wanted[c] {
				subscribe[c] = struct{}{}
			}
		}
		clear(b.dirty)
		b.mu.Unlock()

		var subscribeErr error
		if len(subscribe) != 0 {
			subscribeErr = b.ps.Subscribe(b.ctx, slices.Collect(maps.Keys(subscribe))...)
		}
		if subscribeErr != nil {
			log.Print(subscribeErr)
			time.Sleep(reconcilerRetryInterval) // want `constant wait 1s between retry attempts has no random part`
		}

		b.mu.Lock()
		if subscribeErr != nil {
			maps.Copy(b.dirty, subscribe)
		} else {
			maps.Copy(b.current, subscribe)
		}
	}
	b.mu.Unlock()
}

type batcher struct {
	send func(ctx context.Context, batch []string) error
}

// flush sends the pending batch, and puts it back when the send fails.
func (f *batcher) flush(ctx context.Context, pending []string) {
	for len(pending) > 0 {
		batch := pending
		pending = nil
		if err := f.send(ctx, batch); err != nil {
			time.Sleep(2 * time.Second) // want `constant wait 2s between retry attempts has no random part`
			pending = append(pending, batch...)
		}
	}
}

// Twins.

// reconcileJittered waits a random share of the interval.
func (b *bus) reconcileJittered() {
	for len(b.dirty) > 0 {
		subscribe := maps.Clone(b.dirty)
		clear(b.dirty)
		err := b.ps.Subscribe(b.ctx, slices.Collect(maps.Keys(subscribe))...)
		if err != nil {
			time.Sleep(reconcilerRetryInterval/2 + rand.N(reconcilerRetryInterval/2))
			maps.Copy(b.dirty, subscribe)
		}
	}
}

// flushDeadLetter hands a failed batch to a dead-letter queue: nothing
// runs again; the wait paces the sends.
func (f *batcher) flushDeadLetter(ctx context.Context, pending [][]string) (dead [][]string) {
	for len(pending) > 0 {
		batch := pending[0]
		pending = pending[1:]
		if err := f.send(ctx, batch); err != nil {
			dead = append(dead, batch)
		}
		time.Sleep(time.Second)
	}
	return dead
}

var errSkip = errors.New("skip")

// crawl paces a walk: a failed fetch is skipped, its children are queued
// on success.
func crawl(ctx context.Context, fetch func(context.Context, string) ([]string, error), root string) {
	queue := []string{root}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		children, err := fetch(ctx, n)
		if err != nil {
			log.Print(err)
			continue
		}
		queue = append(queue, children...)
		time.Sleep(time.Second)
	}
}
