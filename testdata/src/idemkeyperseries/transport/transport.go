// Package transport holds request helpers that another fixture package
// calls: what they do with the request crosses the package boundary as a
// RequestFact.
package transport

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Send sends the request and checks the status: the usual "send and
// check status" wrapper around (*http.Client).Do.
func Send(ctx context.Context, hc *http.Client, req *http.Request) error { // want Send:"request\\(2:sends\\)"
	resp, err := hc.Do(req.WithContext(ctx))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %s", req.Method, req.URL, resp.Status)
	}
	return nil
}

// A Transport sends through its client; the receiver is argument 0.
type Transport struct {
	hc    *http.Client
	token string
}

func (t *Transport) Do(req *http.Request) (*http.Response, error) { // want Do:"request\\(1:sends\\)"
	req.Header.Set("Authorization", "Bearer "+t.token)
	return t.send(req)
}

func (t *Transport) send(req *http.Request) (*http.Response, error) {
	return t.hc.Do(req)
}

// SendIdempotent sets a key derived from the body, then sends.
func SendIdempotent(hc *http.Client, req *http.Request) error { // want SendIdempotent:"request\\(1:sends\\+setskey\\)"
	body, err := req.GetBody()
	if err != nil {
		return err
	}
	sum := sha256.New()
	if _, err := io.Copy(sum, body); err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", hex.EncodeToString(sum.Sum(nil)))
	_, err = hc.Do(req)
	return err
}

// WithTrace sets a request id: no key.
func WithTrace(req *http.Request, id string) { // want WithTrace:"request\\(0:none\\)"
	req.Header.Set("X-Request-Id", id)
}

// Keyed sets the key header and returns the request.
func Keyed(req *http.Request, k string) *http.Request { // want Keyed:"request\\(0:setskey\\+returns\\)"
	req.Header.Set("Idempotency-Key", k)
	return req
}

// SendWithRetry retries the request itself, in a retry loop.
func SendWithRetry(ctx context.Context, hc *http.Client, req *http.Request) error { // want SendWithRetry:"request\\(2:sends\\+retries\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var resp *http.Response
		resp, err = hc.Do(req.WithContext(ctx))
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return err
}

// ---- no fact: what the helper does with the request is not known ----

// SendVia hands the request to a func value first.
func SendVia(hc *http.Client, req *http.Request, sign func(*http.Request)) error {
	sign(req)
	_, err := hc.Do(req)
	return err
}

// Enqueue hands the request to another goroutine.
func Enqueue(q chan<- *http.Request, req *http.Request, hc *http.Client) {
	q <- req
	_, _ = hc.Do(req)
}

// send is not exported: callers of other packages cannot call it.
func send(hc *http.Client, req *http.Request) error {
	_, err := hc.Do(req)
	return err
}

var _ = send

// ---- constructor helpers: the caller passes the method ----

// NewRequest builds a JSON request with the caller's method.
func NewRequest(ctx context.Context, method, url string, body io.Reader) (*http.Request, error) { // want NewRequest:"buildsrequest\\(method=1\\)"
	req, err := http.NewRequestWithContext(ctx, method, url, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

// NewKeyedRequest sets the key it is given.
func NewKeyedRequest(ctx context.Context, method, url, key string) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", key)
	return req, nil
}
