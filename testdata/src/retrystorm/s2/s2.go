// Package s2 holds retries whose attempts reach other retries (reported
// at the outer scope) and their correct twins.
package s2

import (
	"context"
	"errors"
	"net/http"
	"time"

	"retrystorm/s2dep"

	retry "github.com/avast/retry-go/v4"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	backoff "github.com/cenkalti/backoff/v4"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"github.com/hashicorp/go-retryablehttp"
	goretry "github.com/sethvargo/go-retry"
)

func call(ctx context.Context) error { return nil }

// Positive: retry.Do around a function of another package that retries
// (a fact).
func outerAroundImported(ctx context.Context) error {
	return retry.Do(func() error { // want `retry.Do \(3 attempts\) runs s2dep.Fetch \(retry loop at s2dep.go:18\) \(3 attempts\) in each attempt: 3 x 3 = 9 calls per request`
		return s2dep.Fetch(ctx)
	}, retry.Attempts(3), retry.Context(ctx))
}

// Positive: a retry loop around a function that retries through another.
func loopAroundLookup(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ { // want `retry loop \(4 attempts\) runs s2dep.Lookup \(retry loop at s2dep.go:18\) \(3 attempts\) in each attempt: 4 x 3 = 12 calls per request`
		if err = s2dep.Lookup(ctx, "k"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// fetchWithRetry retries on its own (a helper of this package).
func fetchWithRetry(ctx context.Context) error {
	return backoff.Retry(func() error { return call(ctx) }, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4), ctx))
}

// Positive: the same-package helper is a layer.
func outerAroundLocalHelper(ctx context.Context) error {
	return retry.Do(func() error { // want `retry.Do \(3 attempts\) runs fetchWithRetry \(backoff.Retry at s2.go:\d+\) \(5 attempts\) in each attempt: 3 x 5 = 15 calls per request`
		return fetchWithRetry(ctx)
	}, retry.Attempts(3), retry.Context(ctx))
}

// Positive: a retry nested in the loop's own body.
func nestedInLoop(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) runs retry.Do at s2.go:\d+ \(10 attempts\) in each attempt: 3 x 10 = 30 calls per request`
		err = retry.Do(func() error { return call(ctx) }, retry.Context(ctx))
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Positive: a retrying HTTP client inside a retry.
func outerAroundRetryableHTTP(ctx context.Context, c *retryablehttp.Client) error {
	return retry.Do(func() error { // want `retry.Do \(3 attempts\) runs retryablehttp.Client.Do at s2.go:\d+ \(5 attempts\) in each attempt: 3 x 5 = 15 calls per request`
		req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, "https://example.com", nil)
		if err != nil {
			return retry.Unrecoverable(err)
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Attempts(3), retry.Context(ctx))
}

// Positive: failsafe-go's retry policy around retry-go.
func failsafeAroundRetryGo(ctx context.Context) error {
	rp := retrypolicy.NewBuilder[any]().WithMaxRetries(2).Build()
	return failsafe.Run(func() error { // want `failsafe.Run \(3 attempts\) runs retry.Do at s2.go:\d+ \(10 attempts\) in each attempt: 3 x 10 = 30 calls per request`
		return retry.Do(func() error { return call(ctx) }, retry.Context(ctx))
	}, rp)
}

// mid retries around a function that retries: two layers of its own.
func mid(ctx context.Context) error {
	return retry.Do(func() error { // want `retry.Do \(2 attempts\) runs s2dep.Fetch \(retry loop at s2dep.go:18\) \(3 attempts\) in each attempt: 2 x 3 = 6 calls per request`
		return s2dep.Fetch(ctx)
	}, retry.Attempts(2), retry.Context(ctx))
}

// Positive: three layers (3 x 2 x 3 = 18 calls): each outer scope is reported.
func threeLayers(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop \(3 attempts\) runs mid \(retry.Do at s2.go:\d+\) \(2 attempts\) in each attempt: 3 x 2 = 6 calls per request`
		if err = mid(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Positive: go-retry around a retrying function; its bound is not a
// constant.
func goRetryAroundFetch(ctx context.Context, n uint64) error {
	b := goretry.WithMaxRetries(n, goretry.NewConstant(time.Second))
	return goretry.Do(ctx, b, func(ctx context.Context) error { // want `retry.Do \(its attempts\) runs s2dep.Fetch \(retry loop at s2dep.go:18\) \(3 attempts\) in each attempt: the attempts multiply`
		return goretry.RetryableError(s2dep.Fetch(ctx))
	})
}

// Negative: the attempt calls a function that does not retry.
func loopAroundNoRetry(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = s2dep.NoRetry(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative: the retrying function runs in a goroutine, apart from the
// attempt.
func retriesInGoroutine(ctx context.Context) error {
	return retry.Do(func() error {
		go s2dep.Fetch(context.Background())
		return call(ctx)
	}, retry.Context(ctx))
}

// Negative: two retries one after the other are not nested.
func sequential(ctx context.Context) error {
	if err := retry.Do(func() error { return call(ctx) }, retry.Context(ctx)); err != nil {
		return err
	}
	return retry.Do(func() error { return call(ctx) }, retry.Context(ctx))
}

// Negative: the inner layer is marked deliberate.
func deliberateInner(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		//reslint:ignore retrystorm the inner retry guards a token refresh, which the outer loop does not repeat
		err = retry.Do(func() error { return call(ctx) }, retry.Context(ctx))
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative: the other package marks its layer deliberate.
func aroundDeliberate(ctx context.Context) error {
	return retry.Do(func() error {
		return s2dep.Deliberate(ctx)
	}, retry.Attempts(3), retry.Context(ctx))
}

// Negative: the outer layer is marked deliberate.
func deliberateOuter(ctx context.Context) error {
	//reslint:ignore retrystorm the job queue's retry is the only one the user sees; Fetch's is per connection
	return retry.Do(func() error {
		return s2dep.Fetch(ctx)
	}, retry.Attempts(3), retry.Context(ctx))
}

// Negative: the retrying call comes after the loop, not in it.
func retryAfterLoop(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = call(ctx); err == nil {
			break
		}
		time.Sleep(time.Second)
	}
	return s2dep.Fetch(ctx)
}

// Negative: a retrying literal stored in the attempt and never run there.
func storedLiteral(ctx context.Context) (func() error, error) {
	var later func() error
	err := retry.Do(func() error {
		later = func() error { return s2dep.Fetch(ctx) }
		return call(ctx)
	}, retry.Context(ctx))
	return later, err
}

// Negative: building a retrying client is not sending with it.
func buildsClient(ctx context.Context) (*retryablehttp.Client, error) {
	var c *retryablehttp.Client
	err := retry.Do(func() error {
		c = retryablehttp.NewClient()
		return call(ctx)
	}, retry.Context(ctx))
	return c, err
}

// Negative: a plain net/http client does not retry.
func plainHTTP(ctx context.Context) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://example.com", nil)
		if err != nil {
			return retry.Unrecoverable(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Context(ctx))
}

// Negative: the retrying helper's own loop runs the operation it is
// given; the helper is not nested in itself.
func retryN(ctx context.Context, op func() error) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative: one layer through the helper.
func oneLayerThroughHelper(ctx context.Context) error {
	return retryN(ctx, func() error { return call(ctx) })
}

// Negative: a retry of a function that recurses into itself on a
// redirect is one layer.
func follow(ctx context.Context, depth int) error {
	return retry.Do(func() error {
		if depth > 0 {
			return follow(ctx, depth-1)
		}
		return call(ctx)
	}, retry.Context(ctx))
}

// Negative: mutual recursion (a retried walk that descends through
// another function) is one layer.
func walk(ctx context.Context, depth int) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = descend(ctx, depth); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func descend(ctx context.Context, depth int) error {
	if depth == 0 {
		return call(ctx)
	}
	return walk(ctx, depth-1)
}

func send(ctx context.Context) error { return nil }

// Negative: the stream is reopened with retries, and a failure to reopen
// ends the loop; only the send's failure goes round. During an outage the
// reopen fails and the loop leaves: nothing multiplies.
func streamCall(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err := s2dep.Fetch(ctx); err != nil {
			return err
		}
		if err = send(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative: the retrying call's error is logged and dropped; the
// closure's own call decides.
func droppedError(ctx context.Context) error {
	return retry.Do(func() error {
		if err := s2dep.Fetch(ctx); err != nil {
			_ = err
		}
		return call(ctx)
	}, retry.Context(ctx))
}

// Positive: the AWS SDK retries each operation (3 attempts by default).
func sendWithRetry(ctx context.Context, c *sqs.Client, body string) error {
	return retry.Do(func() error { // want `retry.Do \(3 attempts\) runs c.SendMessage \(the AWS SDK's standard retryer\) \(3 attempts\) in each attempt: 3 x 3 = 9 calls per request`
		_, err := c.SendMessage(ctx, &sqs.SendMessageInput{MessageBody: &body})
		return err
	}, retry.Attempts(3), retry.Context(ctx))
}

// Negative: the SDK's retries are switched off for the call.
func sendOnceEach(ctx context.Context, c *sqs.Client, body string) error {
	return retry.Do(func() error {
		_, err := c.SendMessage(ctx, &sqs.SendMessageInput{MessageBody: &body}, func(o *sqs.Options) { o.RetryMaxAttempts = 1 })
		return err
	}, retry.Attempts(3), retry.Context(ctx))
}

type stream struct{}

func (st *stream) get(ctx context.Context) (*stream, error) { return st, s2dep.Fetch(ctx) }
func (st *stream) send() error                              { return nil }

// Negative: the reopen's error and the send's share a variable; the
// reopen's failure leaves, only the send's goes round.
func sharedErrVar(ctx context.Context, st *stream) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		st, err = st.get(ctx)
		if err != nil {
			return err
		}
		if err = st.send(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// reconnectAndLog triggers a retrying reconnect on the side and logs its
// outcome: it does not retry its own operation.
func reconnectAndLog(ctx context.Context) error {
	if err := s2dep.Fetch(ctx); err != nil {
		_ = err
	}
	return call(ctx)
}

// Negative: the attempt triggers a retrying reconnect on the side only.
func aroundSideReconnect(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = reconnectAndLog(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// withConn runs fn on a connection of the pool.
func withConn(ctx context.Context, p *s2dep.Pool, fn func(*s2dep.Conn) error) error {
	cn, err := p.Get(ctx)
	if err != nil {
		return err
	}
	return fn(cn)
}

// Negative: the retry's attempt takes a connection from a pool that pops
// idle connections until one is fresh (another package): taking the next
// item is no retry layer.
func pipelineRetry(ctx context.Context, p *s2dep.Pool, req []byte) error {
	var err error
	for attempt := 0; attempt <= 3; attempt++ {
		if attempt > 0 {
			time.Sleep(time.Duration(attempt) * 100 * time.Millisecond)
		}
		err = withConn(ctx, p, func(cn *s2dep.Conn) error { return cn.Do(ctx, req) })
		if err == nil {
			return nil
		}
	}
	return err
}

type node struct{ healthy bool }

func (n *node) Do(ctx context.Context, req []byte) error { return nil }

type nodePicker struct{ nodes []*node }

func (p *nodePicker) next() *node { return nil }

// pick takes the next node until a healthy one comes: each pass a
// different node of the list, nothing re-attempted.
func (p *nodePicker) pick(ctx context.Context, maxTries int) (*node, error) {
	for tries := 0; tries < maxTries; tries++ {
		n := p.nodes[tries%len(p.nodes)]
		if err := probe(ctx, n); err != nil {
			continue
		}
		return n, nil
	}
	return nil, errNoNode
}

var errNoNode = errors.New("no healthy node")

func probe(ctx context.Context, n *node) error { return nil }

// Negative: the same-package helper walks the node list; the outer retry
// is the only layer.
func sendToHealthy(ctx context.Context, p *nodePicker, req []byte) error {
	return retry.Do(func() error {
		n, err := p.pick(ctx, 3)
		if err != nil {
			return err
		}
		return n.Do(ctx, req)
	}, retry.Attempts(3), retry.Context(ctx))
}

// Positive: the pool's Send retries the request on fresh connections (a
// fact), and the outer retry multiplies it.
func sendAroundPoolRetry(ctx context.Context, p *s2dep.Pool, req []byte) error {
	return retry.Do(func() error { // want `retry.Do \(3 attempts\) runs p.Send \(retry loop at s2dep.go:\d+\) \(3 attempts\) in each attempt: 3 x 3 = 9 calls per request`
		return p.Send(ctx, req)
	}, retry.Attempts(3), retry.Context(ctx))
}

var errNotAttempted, errAbortable = errors.New("not attempted"), errors.New("abortable")

func endTxn(ctx context.Context, commit bool) error { return nil }

// Negative: one goto loop with several gotos back to its label is one
// retry, not a retry inside itself.
func endWithGotos(ctx context.Context) error {
	commit := true
	var tries int
retry:
	err := endTxn(ctx, commit)
	tries++
	if err != nil && tries < 10 {
		switch {
		case errors.Is(err, errNotAttempted):
			commit = false
			goto retry
		case errors.Is(err, errAbortable):
			commit = false
			goto retry
		}
	}
	return err
}

type breakerClient struct{ inner *s2dep.HTTPClient }

// Negative: the inner client's retries are configuration (a field, zero
// unless an option sets it): whether the layers multiply cannot be told.
func (b *breakerClient) Do(ctx context.Context) error { // want Do:"retries: retry loop at s2.go:\\d+ \\(4 attempts\\)"
	var err error
	for i := 0; i <= 3; i++ {
		if err = b.inner.Do(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative: the inner client asks a retry policy (by default, no retry).
func commitBulk(ctx context.Context, c *s2dep.PolicyClient) error {
	return retry.Do(func() error { return c.Perform(ctx) }, retry.Attempts(5), retry.Context(ctx))
}

// Positive: the same outer retry around a client that retries a
// constant number of times.
func (b *breakerClient) fetch(ctx context.Context) error {
	var err error
	for i := 0; i <= 3; i++ { // want `retry loop \(4 attempts\) runs s2dep.Fetch \(retry loop at s2dep.go:18\) \(3 attempts\) in each attempt: 4 x 3 = 12 calls per request`
		if err = s2dep.Fetch(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative: the loop waits for the queue to exist (404 only); the SDK
// retries faults only, so no attempt of one is made twice.
func sendWhenCreated(ctx context.Context, c *sqs.Client, body string) error {
	for i := 0; i < 20; i++ {
		_, err := c.SendMessage(ctx, &sqs.SendMessageInput{MessageBody: &body})
		if err == nil {
			return nil
		}
		var httpErr interface{ HTTPStatusCode() int }
		if !errors.As(err, &httpErr) || httpErr.HTTPStatusCode() != http.StatusNotFound {
			return err
		}
		time.Sleep(5 * time.Second)
	}
	return errors.New("queue never appeared")
}

// Positive twin: the loop goes round on 503, which the SDK retried
// three times already.
func sendThroughOutage(ctx context.Context, c *sqs.Client, body string) error {
	for i := 0; i < 20; i++ { // want `retry loop \(20 attempts\) runs c.SendMessage \(the AWS SDK's standard retryer\) \(3 attempts\) in each attempt`
		_, err := c.SendMessage(ctx, &sqs.SendMessageInput{MessageBody: &body})
		if err == nil {
			return nil
		}
		var httpErr interface{ HTTPStatusCode() int }
		if !errors.As(err, &httpErr) || httpErr.HTTPStatusCode() != http.StatusServiceUnavailable {
			return err
		}
		time.Sleep(5 * time.Second)
	}
	return errors.New("queue never answered")
}

type session struct{ stop chan struct{} }

func (ss *session) refreshOnce(ctx context.Context) error { return call(ctx) }

// connect authenticates once and starts a background refresh that
// retries on its own; the refresh is not part of connect's work.
func (ss *session) connect(ctx context.Context) error {
	if err := ss.refreshOnce(ctx); err != nil {
		return err
	}
	go func() {
		for {
			if err := ss.refreshOnce(ctx); err == nil {
				return
			}
			select {
			case <-ss.stop:
				return
			case <-time.After(5 * time.Second):
			}
		}
	}()
	return nil
}

// Negative: each attempt of the reconnect runs connect, whose retrying
// refresh runs in a goroutine of its own.
func (ss *session) reconnect(ctx context.Context) error {
	return retry.Do(func() error {
		return ss.connect(ctx)
	}, retry.Attempts(3), retry.Context(ctx))
}

// connectRetrying retries the authentication inline.
func (ss *session) connectRetrying(ctx context.Context) error {
	for {
		err := ss.refreshOnce(ctx)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(5 * time.Second):
		}
	}
}

// Positive twin: the retrying authentication is part of each attempt.
func (ss *session) reconnectRetrying(ctx context.Context) error {
	return retry.Do(func() error { // want `retry.Do \(3 attempts\) runs ss.connectRetrying`
		return ss.connectRetrying(ctx)
	}, retry.Attempts(3), retry.Context(ctx))
}
