// Package find exercises classify.Find: which functions are classifiers.
package find

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/failsafe-go/failsafe-go/circuitbreaker"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"github.com/hashicorp/go-retryablehttp"
	clientretry "k8s.io/client-go/util/retry"
)

var errX = errors.New("x")

// Name and shape.
func isRetryable(err error) bool { return false } // want `classifier isRetryable \[name,retry.RetryIf\] shape=0`

func retryAfterErr(err error) (bool, time.Duration) { return false, 0 } // want `classifier retryAfterErr \[name\] shape=1`

type Outcome int

const (
	Fatal Outcome = iota
	Transient
)

func classify(err error) Outcome { return Fatal } // want `classifier classify \[name\] shape=3`

type T struct{}

func (T) shouldRetry(err error) bool { return false } // want `classifier T.shouldRetry \[name\] shape=0`

var transientFn = func(err error) bool { return false } // want `classifier transientFn \[name\] shape=0`

// Marked, with any classifier shape.
//
//reslint:classifier
func decide(ctx context.Context, err error) bool { return false } // want `classifier decide \[//reslint:classifier\] shape=0`

// Not classifiers.
func isNonRetryable(err error) bool    { return false }
func isTimeout(err error) bool         { return false }
func retryable(err error, n int) bool  { return false }
func retryCount(err error) int         { return 0 }
func retryWrap(err error) error        { return err }
func shouldRetryAll(errs []error) bool { return false }

// Predicates of retry APIs: literal, named function, method value,
// generic instantiation, closure in a variable.
func pred(err error) bool { return false } // want `classifier pred \[retry.RetryIf\] shape=0`

func gen[T any](err error) bool { return false } // want `classifier gen \[retry.RetryIf\] shape=0`

func (T) m(err error) bool { return false } // want `classifier T.m \[retry.RetryIf\] shape=0`

func retryGo() {
	_ = retry.Do(func() error { return nil },
		retry.RetryIf(func(err error) bool { return false }), // want `classifier func literal \[retry.RetryIf\] shape=0`
		retry.RetryIf(pred),
		retry.RetryIf(gen[int]),
		retry.RetryIf(T{}.m),
	)
	held := func(err error) bool { return false } // want `classifier held \[retry.RetryIf\] shape=0`
	_ = retry.Do(func() error { return nil }, retry.RetryIf(held))
	// The same named classifier registered again: one classifier, two sites.
	_ = retry.Do(func() error { return nil }, retry.RetryIf(isRetryable))
}

func clientGo() {
	_ = clientretry.OnError(clientretry.DefaultBackoff, func(err error) bool { return true }, func() error { return nil }) // want `classifier func literal \[retry.OnError\] shape=0`
}

func checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) { return false, nil } // want `classifier checkRetry \[retryablehttp CheckRetry\] shape=2`

func rhttp() {
	c := retryablehttp.NewClient()
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) { return false, nil } // want `classifier func literal \[retryablehttp CheckRetry\] shape=2`
	_ = &retryablehttp.Client{CheckRetry: checkRetry}
	// A predicate of another package: recorded without a body.
	_ = &retryablehttp.Client{CheckRetry: retryablehttp.DefaultRetryPolicy} // want `classifier retryablehttp.DefaultRetryPolicy \[retryablehttp CheckRetry\] shape=2`
}

func failsafe() {
	_ = retrypolicy.NewBuilder[any]().
		HandleErrors(errX, context.Canceled).                   // want `classifier retrypolicy.HandleErrors \[retrypolicy HandleErrors\]` `lists context.Canceled`
		HandleIf(func(_ any, err error) bool { return false }). // want `classifier func literal \[retrypolicy HandleIf\] shape=0`
		AbortIf(func(_ any, err error) bool { return false }).  // want `classifier func literal \[retrypolicy AbortIf\] shape=0`
		AbortOnErrors(context.DeadlineExceeded).                // want `classifier retrypolicy.AbortOnErrors \[retrypolicy AbortOnErrors\]` `lists context.DeadlineExceeded`
		Build()
	// Not a retry policy.
	_ = circuitbreaker.NewBuilder[any]().
		HandleIf(func(_ any, err error) bool { return false }).
		HandleErrors(context.Canceled).
		Build()
}

// A classifier-shaped argument of a retry helper (inferred).
func Do(ctx context.Context, cls func(error) bool, op func(context.Context) error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = op(ctx); err == nil || !cls(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

func helperArg(ctx context.Context) error {
	return Do(ctx, func(err error) bool { return true }, func(context.Context) error { return nil }) // want `classifier func literal \[retry helper argument\] shape=0`
}

// A method value as the CheckRetry of a client literal.
type api struct{ c *retryablehttp.Client }

func (a *api) checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) { // want `classifier api.checkRetry \[retryablehttp CheckRetry\] shape=2`
	return err != nil, nil
}

func newAPI() *api {
	a := &api{}
	a.c = &retryablehttp.Client{CheckRetry: a.checkRetry}
	return a
}
