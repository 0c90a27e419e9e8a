package loops

import (
	"context"
	"time"
)

// A step function that two work loops call each round: its failure
// branch waits and returns, so it is one retried step.

type receiver interface {
	Receive(ctx context.Context) ([]byte, error)
}

func receiveOnce(ctx context.Context, r receiver) {
	m, err := r.Receive(ctx)
	if err != nil { // want "retried step, attempt \\*ast.SelectorExpr \\[waits, failure-goes-round\\]"
		time.Sleep(time.Second)
		return
	}
	_ = m
}

func runReceiver(ctx context.Context, r receiver) { // want runReceiver:"honors\\(0\\)"
	for {
		select {
		case <-ctx.Done():
			return
		default:
			receiveOnce(ctx, r)
		}
	}
}

func runReceiverToo(ctx context.Context, r receiver) { // want runReceiverToo:"honors\\(0\\)"
	for {
		if ctx.Err() != nil {
			return
		}
		receiveOnce(ctx, r)
	}
}
