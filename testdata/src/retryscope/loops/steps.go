package loops

import (
	"context"
	"errors"
	"net"
	"time"
)

// Work loops whose failure path waits and goes round, so the failed step
// runs again; and the look-alikes where continue moves on.

type entry struct{}

type queue interface {
	Peek() (*entry, error)
	Leave(e *entry) error
}

var errEmpty = errors.New("empty")

func publish(ctx context.Context, e *entry) error { return nil }

func sendQueued(ctx context.Context, q queue) {
	for {
		e, err := q.Peek()
		if errors.Is(err, errEmpty) {
			return
		} else if err != nil { // want "retried step, attempt \\*ast.SelectorExpr \\[waits, failure-goes-round\\]"
			time.Sleep(time.Second)
			continue
		}
		if err := publish(ctx, e); err != nil { // want "retried step, attempt publish \\[waits, failure-goes-round\\]"
			_ = q.Leave(e)
			time.Sleep(time.Second)
			continue
		}
	}
}

func acceptLoop(l net.Listener, handle func(net.Conn)) { // want acceptLoop:"callsparam\\(1\\)" acceptLoop:"sleeps"
	for {
		conn, err := l.Accept()
		if err != nil { // want "retried step, attempt \\*ast.SelectorExpr \\[waits, failure-goes-round\\]"
			time.Sleep(100 * time.Millisecond)
			continue
		}
		go handle(conn)
	}
}

// Twins: in a range loop, or a loop with a post, continue moves on to the
// next item; a failure path that leaves, or goes round without waiting,
// is no retried step.
func sendAll(ctx context.Context, items []*entry) {
	for _, e := range items {
		if err := publish(ctx, e); err != nil {
			time.Sleep(time.Second)
			continue
		}
	}
	for i := 0; i < len(items); i++ {
		if err := publish(ctx, items[i]); err != nil {
			time.Sleep(time.Second)
			continue
		}
	}
}

func consumeQueue(ctx context.Context, q queue) error {
	for {
		e, err := q.Peek()
		if err != nil {
			time.Sleep(time.Second)
			return err
		}
		if err := publish(ctx, e); err != nil {
			continue // dropped: no wait, the next entry
		}
	}
}

// A failure path that waits, then polls the stop signals and goes round
// when none is there: the failed publish runs again.
func sendQueuedPolled(ctx context.Context, q queue, down <-chan struct{}) {
	for {
		e, err := q.Peek()
		if err != nil {
			return
		}
		if err := publish(ctx, e); err != nil { // want "retried step, attempt publish \\[waits, failure-goes-round\\]"
			_ = q.Leave(e)
			time.Sleep(time.Second)
			select {
			case <-ctx.Done():
				return
			case <-down:
				return
			default:
				continue
			}
		}
	}
}

// Twin: the select's default gives up, so the failure leaves.
func sendQueuedOnce(ctx context.Context, q queue) {
	for {
		e, err := q.Peek()
		if err != nil {
			return
		}
		if err := publish(ctx, e); err != nil {
			_ = q.Leave(e)
			time.Sleep(time.Second)
			select {
			case <-ctx.Done():
			default:
			}
			return
		}
	}
}

// Twin: the select takes the next message when one is there; a select
// that does work is no look at the stop signals.
func sendQueuedOrTake(ctx context.Context, q queue, next <-chan *entry) {
	for {
		e, err := q.Peek()
		if err != nil {
			return
		}
		if err := publish(ctx, e); err != nil {
			_ = q.Leave(e)
			time.Sleep(time.Second)
			select {
			case m := <-next:
				_ = publish(ctx, m)
				return
			default:
				continue
			}
		}
	}
}
