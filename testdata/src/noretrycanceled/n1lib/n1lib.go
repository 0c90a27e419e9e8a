// Package n1lib holds classifiers handed to retry libraries.
package n1lib

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"

	"github.com/avast/retry-go/v4"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/circuitbreaker"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"github.com/hashicorp/go-retryablehttp"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	clientretry "k8s.io/client-go/util/retry"
)

var ErrBadInput = errors.New("bad input")

func call(ctx context.Context) error { return nil }

// --- retry-go RetryIf ---------------------------------------------------

func retryGoLiteral(ctx context.Context) error {
	return retry.Do(func() error { return call(ctx) },
		retry.Context(ctx),
		retry.RetryIf(func(err error) bool {
			return !errors.Is(err, ErrBadInput) // want `the retry.RetryIf predicate answers "retry" for every error .* context.Canceled included`
		}),
	)
}

// A named function passed by value: judged with retry-go's loop, which
// does not check the context before asking it, and here has no
// retry.Context to wait on after a "retry" either. (With retry.Context,
// as in retryGoLiteral, retry-go waits in a select on its Done() after a
// "retry" and returns: a caller's deadline answered "retry" ends there,
// so only Canceled is reported.)
func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout() // want `isTimeout answers "retry" for a net.Error or timeout, and context.DeadlineExceeded`
}

func retryGoNamed(ctx context.Context) error {
	return retry.Do(func() error { return call(ctx) }, retry.RetryIf(isTimeout)) // want `retry.Do without retry.Context\(ctx\)`
}

// A method value.
type Repo struct{}

func (Repo) canRetry(err error) bool {
	if errors.Is(err, context.Canceled) {
		return true // want `Repo.canRetry answers "retry" for context.Canceled`
	}
	return false
}

func retryGoMethodValue(ctx context.Context, r Repo) (int, error) {
	return retry.DoWithData(func() (int, error) { return 1, call(ctx) }, retry.Context(ctx), retry.RetryIf(r.canRetry))
}

// A generic predicate, instantiated.
func anyErr[T any](err error) bool {
	return err != nil // want `anyErr answers "retry" for every error`
}

func retryGoGeneric(ctx context.Context) error {
	return retry.Do(func() error { return call(ctx) }, retry.Context(ctx), retry.RetryIf(anyErr[int]))
}

// Negative: context errors excluded first.
func retryGoOK(ctx context.Context) error {
	return retry.Do(func() error { return call(ctx) },
		retry.Context(ctx),
		retry.RetryIf(func(err error) bool {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return false
			}
			return true
		}),
	)
}

// Negative: the closure looks at the caller's context, so it can tell a
// per-attempt timeout from the caller's deadline.
func retryGoCtxOK(ctx context.Context) error {
	return retry.Do(func() error { return call(ctx) },
		retry.Context(ctx),
		retry.RetryIf(func(err error) bool {
			if ctx.Err() != nil {
				return false
			}
			var ne net.Error
			return errors.As(err, &ne) && ne.Timeout()
		}),
	)
}

// --- client-go OnError ----------------------------------------------------

func onError(ctx context.Context) error {
	return clientretry.OnError(clientretry.DefaultBackoff, func(err error) bool {
		return true // want `the retry.OnError predicate answers "retry" for every error`
	}, func() error { return call(ctx) })
}

// Negative: client-go's RetryOnConflict decides itself.
func onConflict(ctx context.Context) error {
	return clientretry.RetryOnConflict(clientretry.DefaultRetry, func() error { return call(ctx) })
}

// Negative: only the conflict is retried.
var errConflict = errors.New("conflict")

func onErrorOK(ctx context.Context) error {
	return clientretry.OnError(clientretry.DefaultBackoff, func(err error) bool {
		return errors.Is(err, errConflict)
	}, func() error { return call(ctx) })
}

// --- go-retryablehttp CheckRetry --------------------------------------------

func checkRetryAssign() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if err != nil {
			return true, nil // want `the retryablehttp CheckRetry predicate answers "retry" for context.Canceled and context.DeadlineExceeded without looking at ctx.Err\(\)`
		}
		return resp.StatusCode >= 500, nil
	}
	return c
}

func checkRetryNamed(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if resp != nil && resp.StatusCode == http.StatusTooManyRequests {
		return true, nil
	}
	return err != nil, nil // want `checkRetryNamed answers "retry" for context.Canceled and context.DeadlineExceeded without looking at ctx.Err\(\)`
}

func checkRetryLiteral() *retryablehttp.Client {
	return &retryablehttp.Client{CheckRetry: checkRetryNamed}
}

// Negative: the caller's context first, as DefaultRetryPolicy does.
func checkRetryOK() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		if err != nil {
			return true, nil
		}
		return resp.StatusCode >= 500, nil
	}
	return c
}

// Negative: delegating to DefaultRetryPolicy, with one more status.
func checkRetryDelegate() *retryablehttp.Client {
	return &retryablehttp.Client{
		CheckRetry: func(ctx context.Context, resp *http.Response, err error) (bool, error) {
			if resp != nil && resp.StatusCode == http.StatusConflict {
				return true, nil
			}
			return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
		},
	}
}

// Negative: the library's own policy.
func checkRetryDefault() *retryablehttp.Client {
	return &retryablehttp.Client{CheckRetry: retryablehttp.ErrorPropagatedRetryPolicy}
}

// --- failsafe-go retrypolicy --------------------------------------------------

func failsafeHandleIf(ctx context.Context) error {
	rp := retrypolicy.NewBuilder[any]().
		HandleIf(func(_ any, err error) bool {
			return err != nil // want `the retrypolicy HandleIf predicate answers "retry" for every error that reaches this return, context.Canceled included`
		}).
		Build()
	return failsafe.With[any](rp).WithContext(ctx).Run(func() error { return call(ctx) })
}

func failsafeHandleErrors(ctx context.Context) retrypolicy.RetryPolicy[any] {
	return retrypolicy.NewBuilder[any]().
		HandleErrors(io.ErrUnexpectedEOF, context.Canceled). // want `retry policy handles context.Canceled as retryable`
		Build()
}

// AbortIf has the opposite meaning: an explicit "do not abort on
// cancellation" lets it be retried.
func failsafeAbortIf() retrypolicy.RetryPolicy[any] {
	return retrypolicy.NewBuilder[any]().
		AbortIf(func(_ any, err error) bool {
			if errors.Is(err, context.Canceled) {
				return false // want `the retrypolicy AbortIf predicate answers "retry" for context.Canceled`
			}
			return errors.Is(err, ErrBadInput)
		}).
		Build()
}

// Negative: DeadlineExceeded in HandleErrors: failsafe-go checks the
// caller's context before it applies the policy.
func failsafeDeadline() retrypolicy.RetryPolicy[any] {
	return retrypolicy.NewBuilder[any]().HandleErrors(context.DeadlineExceeded).Build()
}

// Negative: the chain aborts on context errors before HandleIf is asked.
func failsafeAborted() retrypolicy.RetryPolicy[any] {
	return retrypolicy.NewBuilder[any]().
		AbortOnErrors(context.Canceled, context.DeadlineExceeded).
		HandleIf(func(_ any, err error) bool { return err != nil }).
		Build()
}

// Negative: an AbortIf that only aborts is not a retry decision.
func failsafeAbortOK() retrypolicy.RetryPolicy[any] {
	return retrypolicy.NewBuilder[any]().
		AbortIf(func(_ any, err error) bool { return errors.Is(err, ErrBadInput) }).
		Build()
}

// Negative: circuit breaker builders are breakerverdict's business.
func breaker() circuitbreaker.CircuitBreaker[any] {
	return circuitbreaker.NewBuilder[any]().
		HandleIf(func(_ any, err error) bool { return err != nil }).
		HandleErrors(context.Canceled).
		Build()
}

// --- gRPC status codes ----------------------------------------------------------

// codes.Unknown is what status.Code returns for context.Canceled.
func isRetryableRPC(err error) bool {
	switch status.Code(err) {
	case codes.Unavailable, codes.Unknown:
		return true // want `isRetryableRPC answers "retry" for codes.Unknown, which status.Code returns for context.Canceled`
	}
	return false
}

// codes.Canceled named outright, after the plain context errors were
// excluded: a gRPC client's cancellation is a status error.
func retryableRPC(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	st, ok := status.FromError(err)
	if !ok {
		return false
	}
	switch st.Code() {
	case codes.Unavailable, codes.Canceled:
		return true // want `retryableRPC answers "retry" for a gRPC status carrying context.Canceled`
	}
	return false
}

// Negative: only codes that mean "try later".
func isRetryableRPCOK(err error) bool {
	switch status.Code(err) {
	case codes.Unavailable, codes.ResourceExhausted, codes.Aborted:
		return true
	}
	return false
}

// The gRPC classifiers above are used (in a table we cannot follow).
var rpcPolicies = []any{isRetryableRPC, retryableRPC}

// --- CheckRetry as a method value in a client literal -----------------------

type store struct{ http *retryablehttp.Client }

func (s *store) retryPolicy(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if err != nil {
		return true, nil // want `store.retryPolicy answers "retry" for context.Canceled and context.DeadlineExceeded without looking at ctx.Err\(\)`
	}
	return resp.StatusCode == http.StatusServiceUnavailable, nil
}

func newStore() *store {
	s := &store{}
	s.http = &retryablehttp.Client{CheckRetry: s.retryPolicy}
	return s
}

// Negative: the same method looking at the caller's context first.
type cache struct{ http *retryablehttp.Client }

func (c *cache) retryPolicy(ctx context.Context, resp *http.Response, err error) (bool, error) { // want retryPolicy:"honors\\(0\\)"
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if err != nil {
		return true, nil
	}
	return resp.StatusCode == http.StatusServiceUnavailable, nil
}

func newCache() *cache {
	c := &cache{}
	c.http = &retryablehttp.Client{CheckRetry: c.retryPolicy}
	return c
}
