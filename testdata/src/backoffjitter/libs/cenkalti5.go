package libs

import (
	"context"
	"time"

	bo "github.com/cenkalti/backoff/v5"
)

func v5Zero(ctx context.Context) (string, error) {
	b := &bo.ExponentialBackOff{InitialInterval: time.Second, RandomizationFactor: 0, Multiplier: 1.5, MaxInterval: time.Minute} // want `RandomizationFactor 0`
	return bo.Retry(ctx, func() (string, error) { return "", nil }, bo.WithBackOff(b))
}

func v5Omitted() *bo.ExponentialBackOff {
	return &bo.ExponentialBackOff{InitialInterval: time.Second, Multiplier: 2} // want `literal without RandomizationFactor`
}

func v5Empty() *bo.ExponentialBackOff {
	return &bo.ExponentialBackOff{} // want `literal without RandomizationFactor`
}

// --- negatives ---

func v5Default(ctx context.Context) (string, error) {
	return bo.Retry(ctx, func() (string, error) { return "", nil }, bo.WithBackOff(bo.NewExponentialBackOff()))
}

func v5Tuned() *bo.ExponentialBackOff {
	b := bo.NewExponentialBackOff()
	b.InitialInterval = 200 * time.Millisecond
	b.RandomizationFactor = 0.25
	return b
}
