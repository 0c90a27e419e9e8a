//go:build go1.23

package t1

import (
	"context"
	"sync"
	"time"
)

// A ticker handed to a goroutine that returns only on a context that can
// never be done: goroutine and ticker live forever.

type keyRepo struct {
	mu   sync.Mutex
	tags map[string]time.Time
}

func (kr *keyRepo) cleanOut(before time.Time) {
	kr.mu.Lock()
	defer kr.mu.Unlock()
	for k, exp := range kr.tags {
		if exp.Before(before) {
			delete(kr.tags, k)
		}
	}
}

func (kr *keyRepo) cleanOutLoop(ctx context.Context, ticker *time.Ticker) {
	for {
		select {
		case <-ctx.Done():
			return
		case before := <-ticker.C:
			kr.cleanOut(before)
		}
	}
}

func NewKeyRepo(window time.Duration) *keyRepo {
	kr := &keyRepo{tags: map[string]time.Time{}}
	ticker := time.NewTicker(window / 2) // want `^ticker ticker is handed to the goroutine cleanOutLoop, which returns only when its context is done, and context.Background\(\) can never be done`
	go kr.cleanOutLoop(context.Background(), ticker)
	return kr
}

func NewKeyRepoTODO(window time.Duration) *keyRepo {
	kr := &keyRepo{tags: map[string]time.Time{}}
	ctx := context.TODO()
	ticker := time.NewTicker(window) // want `ticker ticker is handed to the goroutine cleanOutLoop`
	go kr.cleanOutLoop(ctx, ticker)
	return kr
}

// Negatives.

// The context is cancelled by Close: the goroutine ends and the ticker is
// collected (Go 1.23).
type closableRepo struct {
	keyRepo
	cancel context.CancelFunc
}

func NewClosableRepo(window time.Duration) *closableRepo {
	ctx, cancel := context.WithCancel(context.Background())
	kr := &closableRepo{keyRepo: keyRepo{tags: map[string]time.Time{}}, cancel: cancel}
	ticker := time.NewTicker(window)
	go kr.cleanOutLoop(ctx, ticker)
	return kr
}

func (kr *closableRepo) Close() { kr.cancel() }

// The goroutine stops the ticker it was handed when it returns.
func (kr *keyRepo) cleanOutLoopStops(ctx context.Context, ticker *time.Ticker) {
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case before := <-ticker.C:
			kr.cleanOut(before)
		}
	}
}

func NewKeyRepoStops(window time.Duration) *keyRepo {
	kr := &keyRepo{tags: map[string]time.Time{}}
	ticker := time.NewTicker(window)
	go kr.cleanOutLoopStops(context.Background(), ticker)
	return kr
}

// The goroutine also returns on a quit channel that Close closes.
func (kr *keyRepo) cleanOutLoopQuit(ctx context.Context, ticker *time.Ticker, quit <-chan struct{}) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-quit:
			return
		case before := <-ticker.C:
			kr.cleanOut(before)
		}
	}
}

func NewKeyRepoQuit(window time.Duration, quit <-chan struct{}) *keyRepo {
	kr := &keyRepo{tags: map[string]time.Time{}}
	ticker := time.NewTicker(window)
	go kr.cleanOutLoopQuit(context.Background(), ticker, quit)
	return kr
}
