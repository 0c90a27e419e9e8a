// Package libs retries through the known libraries.
package libs

import (
	"context"
	"net/http"
	"time"

	backoff4 "github.com/cenkalti/backoff/v4"
	"github.com/cenkalti/backoff/v5"
	"github.com/avast/retry-go/v4"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/circuitbreaker"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"github.com/hashicorp/go-retryablehttp"
	goretry "github.com/sethvargo/go-retry"
	"k8s.io/apimachinery/pkg/util/wait"
	k8sretry "k8s.io/client-go/util/retry"
)

type svc struct{}

func (s *svc) op() error { return nil } // want "retry closure of retry.Do"

func ops(ctx context.Context, s *svc) {
	_ = backoff4.Retry(func() error { return nil }, backoff4.NewExponentialBackOff()) // want "retry closure of backoff.Retry \\[known-library\\]"
	_, _ = backoff4.RetryWithData(func() (int, error) { return 1, nil }, backoff4.NewExponentialBackOff()) // want "retry closure of backoff.RetryWithData"
	_, _ = backoff.Retry(ctx, func() (string, error) { return "", nil }) // want "retry closure of backoff.Retry"
	_ = retry.Do(s.op)
	_, _ = retry.DoWithData(func() (int, error) { return 0, nil }, retry.Context(ctx)) // want "retry closure of retry.DoWithData"
	_ = goretry.Do(ctx, goretry.NewFibonacci(time.Second), func(ctx context.Context) error { return nil }) // want "retry closure of retry.Do"
	_ = goretry.Exponential(ctx, time.Second, func(ctx context.Context) error { return nil }) // want "retry closure of retry.Exponential"
	_ = k8sretry.RetryOnConflict(k8sretry.DefaultRetry, func() error { return nil }) // want "retry closure of retry.RetryOnConflict"
	_ = k8sretry.OnError(k8sretry.DefaultBackoff, func(error) bool { return true }, func() error { return nil }) // want "retry closure of retry.OnError"
	_ = wait.ExponentialBackoff(wait.Backoff{}, func() (bool, error) { return true, nil }) // want "retry closure of wait.ExponentialBackoff"
	_ = wait.ExponentialBackoffWithContext(ctx, wait.Backoff{}, func(context.Context) (bool, error) { return true, nil }) // want "retry closure of wait.ExponentialBackoffWithContext"

	// failsafe-go: a retry policy among the policies makes it a retry.
	rp := retrypolicy.NewWithDefaults[any]()
	_ = failsafe.With[any](rp).Run(func() error { return nil }) // want "retry closure of failsafe.Executor.Run"
	exec := failsafe.With[any](rp).WithContext(ctx)
	_ = exec.Run(func() error { return nil }) // want "retry closure of failsafe.Executor.Run"
	_, _ = failsafe.Get(func() (any, error) { return nil, nil }, rp) // want "retry closure of failsafe.Get"

	// Negative: a circuit breaker alone does not retry.
	cb := circuitbreaker.NewWithDefaults[any]()
	_ = failsafe.With[any](cb).Run(func() error { return nil })
	_ = failsafe.Run(func() error { return nil }, cb)
	// Negative: the retriable predicate of OnError is not the operation.
}

func sends(ctx context.Context, c *retryablehttp.Client, req *retryablehttp.Request) {
	_, _ = c.Do(req)                           // want "self-retrying send via retryablehttp.Client.Do \\[self-retrying-client\\]"
	_, _ = c.Post("u", "text/plain", nil)      // want "self-retrying send via retryablehttp.Client.Post"
	_, _ = retryablehttp.Get("u")              // want "self-retrying send via retryablehttp.Get"
	std := c.StandardClient()
	_, _ = std.Get("u")                        // want "self-retrying send via retryablehttp.Client.StandardClient"
	_, _ = c.StandardClient().Do(&http.Request{}) // want "self-retrying send via retryablehttp.Client.StandardClient"
	// Negative: a plain http.Client does not retry.
	_, _ = http.DefaultClient.Get("u")
}
