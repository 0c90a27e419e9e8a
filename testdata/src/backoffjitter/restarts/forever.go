package restarts

import (
	"context"
	"time"
)

// A keep-running helper whose callers all hand it a session: a reconnect
// loop with a constant wait.

type broker struct {
	closeCh chan struct{}
	l       *listener
}

func (b *broker) runForever(fn func()) {
	for {
		fn()
		select {
		case <-b.closeCh:
			return
		case <-time.After(250 * time.Millisecond): // want `constant wait 250ms between .* has no random part`
		}
	}
}

func (b *broker) start(ctx context.Context) {
	go b.runForever(func() { _ = b.l.listen(ctx) })
}
