package loops

import (
	"context"
	"math/rand/v2"
	"time"
)

type queued struct{ tries int }

func sendBack(ctx context.Context, m *queued) bool { return ctx.Err() == nil }

// A goto loop that sends the failed items back again after a fixed wait:
// every consumer that lost the broker retries in lock step.
func ackFailed(ctx context.Context, msgs []*queued) {
RETRY:
	var failed []*queued
	for _, m := range msgs {
		if !sendBack(ctx, m) {
			failed = append(failed, m)
		}
	}
	if len(failed) > 0 {
		msgs = failed
		time.Sleep(5 * time.Second) // want `constant wait 5s between retry attempts has no random part`
		goto RETRY
	}
}

// Negative twin: the same loop with a random part in its wait.
func ackFailedJittered(ctx context.Context, msgs []*queued) {
RETRY:
	var failed []*queued
	for _, m := range msgs {
		if !sendBack(ctx, m) {
			failed = append(failed, m)
		}
	}
	if len(failed) > 0 {
		msgs = failed
		time.Sleep(5*time.Second/2 + rand.N(5*time.Second/2))
		goto RETRY
	}
}

// Negative twin: the slice holds what was delivered; the pause paces the
// next page, it is no backoff after a failure.
func drainPages(ctx context.Context, msgs []*queued) {
again:
	var delivered []*queued
	for _, m := range msgs {
		if sendBack(ctx, m) {
			delivered = append(delivered, m)
		}
	}
	if len(delivered) > 0 {
		time.Sleep(5 * time.Second)
		goto again
	}
}
