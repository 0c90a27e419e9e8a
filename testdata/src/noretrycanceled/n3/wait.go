package n3

import (
	"context"

	"k8s.io/apimachinery/pkg/util/wait"
)

func waitBackoff(ctx context.Context) error {
	return wait.ExponentialBackoff(wait.Backoff{Steps: 5}, func() (bool, error) { // want `wait.ExponentialBackoff cannot be cancelled: it keeps retrying after ctx is done; use wait.ExponentialBackoffWithContext\(ctx, ...\)`
		return call(ctx) == nil, nil
	})
}

func waitBackoffCtx(ctx context.Context) error {
	return wait.ExponentialBackoffWithContext(ctx, wait.Backoff{Steps: 5}, func(ctx context.Context) (bool, error) {
		return call(ctx) == nil, nil
	})
}

func waitNoCtx() error {
	return wait.ExponentialBackoff(wait.Backoff{Steps: 5}, func() (bool, error) { return true, nil })
}
