package n3

import (
	"context"

	backoffv1 "gopkg.in/cenkalti/backoff.v1"
)

// The same library imported by its gopkg.in path: a reconnect with the
// caller's context in scope, and its twin wrapped in WithContext.

type stream struct{ strategy backoffv1.BackOff }

func (s *stream) subscribe(ctx context.Context) error {
	return backoffv1.RetryNotify(func() error { return call(ctx) }, backoffv1.NewExponentialBackOff(), nil) // want `backoffv1.RetryNotify with a BackOff that has no WithContext`
}

func (s *stream) subscribeCtx(ctx context.Context) error {
	return backoffv1.RetryNotify(func() error { return call(ctx) }, backoffv1.WithContext(backoffv1.NewExponentialBackOff(), ctx), nil)
}

func (s *stream) subscribeNoCtx() error {
	return backoffv1.Retry(func() error { return call(nil) }, backoffv1.NewExponentialBackOff())
}
