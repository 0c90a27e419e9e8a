package loops

import (
	"context"
	"time"
)

// Retries of the remainder: the attempt sends a set, its error is split
// into the items to send again, and the loop leaves when none is left,
// backing off between rounds. The look-alike drains a queue at a fixed
// rate: its batch comes from a fetch, not from a failure.

type Backoff struct{ cur time.Duration }

// Pause returns the next wait.
func (b *Backoff) Pause() time.Duration { b.cur *= 2; return b.cur }

type status struct{ code int }

func ackIDs(ctx context.Context, ids []string) error { return nil }

func metadata(err error) (*status, map[string]string) { return nil, nil }

func split(st *status, ids []string, md map[string]string) (done, toRetry []string) {
	return nil, ids
}

func retryAcks(ctx context.Context, ids []string) {
	bo := &Backoff{cur: 100 * time.Millisecond}
	for { // want "retry loop, attempt ackIDs \\[.*result-value"
		if ctx.Err() != nil {
			return
		}
		err := ackIDs(ctx, ids)
		st, md := metadata(err)
		_, toRetry := split(st, ids, md)
		if len(toRetry) == 0 {
			return
		}
		time.Sleep(bo.Pause())
		ids = toRetry
	}
}

func fetch(ctx context.Context) ([]string, error) { return nil, nil }

// Twin: a queue drained at a fixed rate; what it handles comes from the
// fetch, and an empty batch ends it.
func drainAcks(ctx context.Context) error {
	for {
		batch, err := fetch(ctx)
		if err != nil {
			return err
		}
		if len(batch) == 0 {
			return nil
		}
		_ = ackIDs(ctx, batch)
		time.Sleep(time.Second)
	}
}
