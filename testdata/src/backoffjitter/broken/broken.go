// Package broken does not type-check: the analyzer must skip what it
// cannot judge, not crash.
package broken

import (
	"context"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
)

func call(ctx context.Context) error { return nil }

func loops(ctx context.Context) error {
	wait := undefinedBase
	for attempt := 0; attempt < 3; attempt++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(wait << attempt)
		time.Sleep(nosuch(attempt))
		time.Sleep()
		time.Sleep(1, 2)
		wait = wait * unknownFactor
		t := time.NewTimer()
		<-t.C
		select {
		case <-time.After(undefinedWait):
		case v := <-undefinedChan:
			_ = v
		}
	}
	return nil
}

func libs(op func() error) {
	_ = &backoff.ExponentialBackOff{RandomizationFactor: undefinedFactor, NoSuchField: 1}
	_ = backoff.ExponentialBackOff{1, 2}
	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = nope
	_ = retry.Do(op, retry.DelayType(), retry.DelayType(retry.NoSuchDelay), retry.DelayType(retry.CombineDelay(undefinedDelay)))
	_ = backoff.WithRandomizationFactor()
}

func helper(d time.Duration, x undefinedType) time.Duration {
	return d * x
}
