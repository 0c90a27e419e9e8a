// Package recursion holds retries spelled as a function that calls itself
// after a failed attempt, and recursive look-alikes that are no retry.
package recursion

import (
	"context"
	"errors"
	"log"
	"time"
)

type Request struct{ Body []byte }
type Response struct{ Status int }

type Client struct{ maxRetries int }

func (c *Client) send(req *Request) (*Response, error) { return nil, nil }
func backoff(attempt int) time.Duration                { return time.Duration(attempt) * time.Second }
func isRetryable(err error) bool                       { return err != nil }
func get(url string) ([]byte, error)                   { return nil, nil }

// The attempt counter moves on in the recursive call, after a blind wait.
func (c *Client) do(req *Request, attempt int) (*Response, error) { // want "retry by recursion of recursion.Client.do, attempt \\*ast.SelectorExpr \\[attempt-counter, waits, failure-goes-round, recursion\\]" do:"sleeps"
	resp, err := c.send(req)
	if err != nil && attempt < c.maxRetries {
		time.Sleep(backoff(attempt))
		return c.do(req, attempt+1)
	}
	return resp, err
}

// A budget counted down, a wait that honours the context.
func fetch(ctx context.Context, url string, retries int) ([]byte, error) { // want "retry by recursion of recursion.fetch, attempt get \\[attempt-counter, waits, failure-goes-round, recursion\\]" fetch:"honors\\(0\\)"
	b, err := get(url)
	if err != nil {
		if retries <= 0 {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
		return fetch(ctx, url, retries-1)
	}
	return b, nil
}

// Success leaves first; the rest of the function is the failure path.
func (c *Client) post(ctx context.Context, req *Request, attempt int) error { // want "retry by recursion of recursion.Client.post, attempt \\*ast.SelectorExpr \\[attempt-counter, waits, failure-goes-round, recursion\\]" post:"honors\\(0\\)"
	_, err := c.send(req)
	if err == nil {
		return nil
	}
	if attempt >= c.maxRetries {
		return err
	}
	t := time.NewTimer(backoff(attempt))
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
	}
	return c.post(ctx, req, attempt+1)
}

// A verdict decides, and the counter is named for tries.
func download(url string, tries int) ([]byte, error) { // want "retry by recursion of recursion.download, attempt get \\[attempt-counter, waits, verdict, recursion\\]" download:"sleeps"
	b, err := get(url)
	if !isRetryable(err) {
		return b, err
	}
	tries--
	if tries == 0 {
		return nil, err
	}
	time.Sleep(time.Second)
	return download(url, tries)
}

// The failure path is the else branch of a success test.
func load(url string, n int) ([]byte, error) { // want "retry by recursion of recursion.load, attempt get \\[waits, failure-goes-round, recursion\\]" load:"sleeps"
	if b, err := get(url); err == nil {
		return b, nil
	} else if n > 0 {
		time.Sleep(time.Duration(n) * time.Second)
		return load(url, n-1)
	} else {
		return nil, err
	}
}

// The well-known retry snippet: a helper whose operation is a parameter.
// It is inferred as a helper, and its callers' operations are retry
// closures.
func retry(attempts int, sleep time.Duration, f func() error) error { // want "retry by recursion of recursion.retry, attempt f \\[attempt-counter, waits, failure-goes-round, recursion\\]" retry:"sleeps" retry:"callsparam\\(2\\)" retry:"retryhelper\\(2\\) inferred blind uninterruptible$"
	if err := f(); err != nil {
		if attempts--; attempts > 0 {
			time.Sleep(sleep)
			return retry(attempts, 2*sleep, f)
		}
		return err
	}
	return nil
}

func useRetry(c *Client, req *Request) error { // want useRetry:"sleeps"
	return retry(3, time.Second, func() error { // want "retry closure of recursion.retry \\[inferred-helper\\]"
		_, err := c.send(req)
		return err
	})
}

// --- look-alikes ------------------------------------------------------

type node struct{ kids []*node }

func visit(n *node) error { return nil }

// A tree walk recurses into every child after the node succeeded; a
// failure leaves.
func walk(n *node, depth int) error {
	if err := visit(n); err != nil {
		return err
	}
	for _, k := range n.kids {
		if err := walk(k, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// A walk that logs a failure and goes on with the children whatever
// happened: the recursion is not on the failure path.
func walkLogged(n *node, depth int) { // want walkLogged:"sleeps"
	if err := visit(n); err != nil {
		log.Print(err)
	}
	time.Sleep(time.Millisecond)
	for _, k := range n.kids {
		walkLogged(k, depth+1)
	}
}

type status struct{ Done bool }

func poll() (status, error) { return status{}, nil }

// A poll that recurses while the operation runs: no failure test leads
// to the call (an error leaves).
func waitDone(ctx context.Context, attempt int) error { // want waitDone:"honors\\(0\\)"
	st, err := poll()
	if err != nil {
		return err
	}
	if st.Done {
		return nil
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(backoff(attempt)):
	}
	return waitDone(ctx, attempt+1)
}

type page struct {
	Items []string
	Next  string
}

func list(ctx context.Context, cursor string) (page, error) { return page{}, nil }

// A paginator recurses after success, waiting out a rate limit.
func listAll(ctx context.Context, cursor string, acc []string) ([]string, error) {
	p, err := list(ctx, cursor)
	if err != nil {
		return nil, err
	}
	acc = append(acc, p.Items...)
	if p.Next == "" {
		return acc, nil
	}
	time.Sleep(100 * time.Millisecond)
	return listAll(ctx, p.Next, acc)
}

var errUnauthorized = errors.New("unauthorized")

func (c *Client) refresh() {}

// A fallback on one failure, with other arguments, that neither waits nor
// counts attempts: one more call after a token refresh, not a retry loop.
func (c *Client) call(req *Request, refreshed bool) (*Response, error) {
	resp, err := c.send(req)
	if errors.Is(err, errUnauthorized) && !refreshed {
		c.refresh()
		return c.call(req, true)
	}
	return resp, err
}

// A failover to the next mirror on failure, with no wait and no attempt
// counter.
func mirror(urls []string) ([]byte, error) {
	b, err := get(urls[0])
	if err != nil && len(urls) > 1 {
		return mirror(urls[1:])
	}
	return b, err
}

// A fixed point that recurses on what the recursive call returned.
func resolve(name string, depth int) (string, error) {
	target, err := lookup(name)
	if err != nil {
		return "", err
	}
	if target == name {
		return target, nil
	}
	next, err := resolve(target, depth+1)
	if err != nil {
		return "", err
	}
	return next, nil
}

func lookup(name string) (string, error) { return name, nil }
