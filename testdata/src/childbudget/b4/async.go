package b4

import (
	"context"
	"sync"
)

// A cache that refreshes a stale token in the background while callers
// keep using the old one: the refresh runs in a goroutine started from a
// function variable, and may take longer than any one caller's budget.

type tokenCache struct {
	mu         sync.Mutex
	refreshing bool
	tok        string
}

func (t *tokenCache) fetch(ctx context.Context) (string, error) { return "", ctx.Err() }

func (t *tokenCache) refreshAsync(ctx context.Context) {
	fn := func() {
		tok, err := t.fetch(ctx)
		t.mu.Lock()
		defer t.mu.Unlock()
		t.refreshing = false
		if err == nil {
			t.tok = tok
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.refreshing {
		t.refreshing = true
		go fn()
	}
}

// refreshNow runs the same literal in place: it lives no longer than
// its caller.
func (t *tokenCache) refreshNow(ctx context.Context) {
	fn := func() {
		if tok, err := t.fetch(ctx); err == nil {
			t.tok = tok
		}
	}
	fn()
}

// --- negatives -------------------------------------------------------------

func (t *tokenCache) Token(ctx context.Context, stale bool) (string, error) {
	if stale {
		t.refreshAsync(context.Background())
		return t.tok, nil
	}
	return t.fetch(ctx)
}

// --- positives -------------------------------------------------------------

func (t *tokenCache) TokenSync(ctx context.Context) string {
	t.refreshNow(context.Background()) // want `context.Background\(\) passed to b4.tokenCache.refreshNow detaches the call`
	return t.tok
}
