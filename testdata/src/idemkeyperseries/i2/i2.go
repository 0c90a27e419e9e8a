// Package i2 holds I2 cases: POST and PATCH requests retried without an
// idempotency key, and their negative twins.
package i2

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"idemkeyperseries/retry"
)

const api = "https://api.example.com/charges"

var policy retry.Policy

// --- Positive: http.NewRequestWithContext(ctx, http.MethodPost, ...) in a retry closure.

func post(ctx context.Context, hc *http.Client, body []byte) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body)) // want `POST is retried without an idempotency key: after a timeout the server may have applied it already, and the retry applies it again; set an Idempotency-Key header generated once before retry.Do`
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Negative twin: the key is set on the request (generated once, outside).
func postWithKey(ctx context.Context, hc *http.Client, body []byte, key string) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req = req.WithContext(ctx)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Idempotency-Key", key)
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Negative twin: the key set through a map index, under the lower-case
// name of the second default header.
func postWithKeyIndex(ctx context.Context, hc *http.Client, body []byte, key string) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, "POST", api, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header["x-idempotency-key"] = []string{key}
		_, err = hc.Do(req)
		return err
	})
}

// Positive: a request id is no idempotency key.
func postWithRequestID(ctx context.Context, hc *http.Client, body []byte, rid string) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body)) // want `POST is retried without an idempotency key`
		if err != nil {
			return err
		}
		req.Header.Set("X-Request-Id", rid)
		req.Header.Set("traceparent", rid)
		_, err = hc.Do(req)
		return err
	})
}

// Negative twins: a GET, a PUT and a DELETE are idempotent.
func idempotentMethods(ctx context.Context, hc *http.Client, body []byte) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodOptions} {
			req, _ := http.NewRequestWithContext(ctx, m, api, nil)
			if _, err := hc.Do(req); err != nil {
				return err
			}
		}
		get, _ := http.NewRequestWithContext(ctx, http.MethodGet, api, nil)
		put, _ := http.NewRequestWithContext(ctx, http.MethodPut, api, bytes.NewReader(body))
		del, _ := http.NewRequest("DELETE", api, nil)
		for _, r := range []*http.Request{get, put, del} {
			if _, err := hc.Do(r); err != nil {
				return err
			}
		}
		_, err := hc.Get(api)
		return err
	})
}

// Negative twin: a POST outside any retry scope.
func postOnce(ctx context.Context, hc *http.Client, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body))
	if err != nil {
		return err
	}
	_, err = hc.Do(req)
	if err != nil {
		return err
	}
	_, err = hc.Post(api, "application/json", bytes.NewReader(body))
	return err
}

// Negative twin: the request is handed to code that is not visible here,
// which may set the key.
func postViaHelper(ctx context.Context, hc *http.Client, body []byte, sign func(*http.Request)) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body))
		if err != nil {
			return err
		}
		sign(req)
		_, err = hc.Do(req)
		return err
	})
}

// Negative twin: the method is not known.
func postMethod(ctx context.Context, hc *http.Client, method string) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, _ := http.NewRequestWithContext(ctx, method, api, nil)
		_, err := hc.Do(req)
		return err
	})
}

// --- Positive: client.Post and client.PostForm build and send in one call.

func clientPost(ctx context.Context, hc *http.Client, body []byte) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		resp, err := hc.Post(api, "application/json", bytes.NewReader(body)) // want `POST is retried without an idempotency key`
		if err != nil {
			return err
		}
		resp.Body.Close()
		_, err = http.PostForm(api, url.Values{"a": {"1"}}) // want `POST is retried without an idempotency key`
		return err
	})
}

// --- Positive: retryablehttp retries by itself.

func retryablePost(rc *retryablehttp.Client, body []byte) error {
	resp, err := rc.Post(api, "application/json", body) // want `POST is retried without an idempotency key: after a timeout the server may have applied it already, and the retry applies it again; set an Idempotency-Key header generated once before retryablehttp.Client.Post`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func retryableRequest(ctx context.Context, rc *retryablehttp.Client, body []byte) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, api, body) // want `POST is retried without an idempotency key`
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	_, err = rc.Do(req)
	return err
}

func retryableFromRequest(ctx context.Context, rc *retryablehttp.Client, body []byte) error {
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body)) // want `POST is retried without an idempotency key`
	if err != nil {
		return err
	}
	req, err := retryablehttp.FromRequest(hreq)
	if err != nil {
		return err
	}
	_, err = rc.Do(req)
	return err
}

func retryableStandardClient(ctx context.Context, body []byte) error {
	hc := retryablehttp.NewClient().StandardClient()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body)) // want `POST is retried without an idempotency key`
	_, err := hc.Do(req)
	return err
}

// Negative twins: the key set once on the request, before the client
// retries it; a GET through the retrying client.
func retryableWithKey(ctx context.Context, rc *retryablehttp.Client, body []byte, key string) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, api, body)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	if _, err := rc.Do(req); err != nil {
		return err
	}
	hreq, _ := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body))
	hreq.Header.Set("Idempotency-Key", key)
	req2, _ := retryablehttp.FromRequest(hreq)
	if _, err := rc.Do(req2); err != nil {
		return err
	}
	_, err = rc.Get(api)
	return err
}

// --- Positive: PATCH in a retry loop.

func patchLoop(ctx context.Context, hc *http.Client, body string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPatch, api, strings.NewReader(body)) // want `PATCH is retried without an idempotency key: after a timeout the server may have applied it already, and the retry applies it again; set an Idempotency-Key header generated once before the loop`
		var resp *http.Response
		resp, err = hc.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Positive: built once before the loop, resent by it without a key.
func resendLoop(ctx context.Context, hc *http.Client, body string) error {
	req, _ := http.NewRequest("POST", api, strings.NewReader(body)) // want `POST is retried without an idempotency key`
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var resp *http.Response
		resp, err = hc.Do(req.WithContext(ctx))
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative twins: PUT in a loop; a keyed POST built before the loop, the
// way stripe-go, nats.go and cloud storage do it; a request that arrives
// as a parameter (its builder is elsewhere).
func loopNegatives(ctx context.Context, hc *http.Client, body string, key string, in *http.Request) error {
	keyed, _ := http.NewRequest("POST", api, strings.NewReader(body))
	keyed.Header.Add("Idempotency-Key", key)
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		put, _ := http.NewRequestWithContext(ctx, http.MethodPut, api, strings.NewReader(body))
		var resp *http.Response
		if resp, err = hc.Do(put); err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		if resp, err = hc.Do(keyed); err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		resp, err = hc.Do(in)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative: a POST built in the closure but sent in a goroutine it
// starts: unsure that it is sent once per attempt.
func goroutine(ctx context.Context, hc *http.Client) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, api, nil)
		go func() { _, _ = hc.Do(req) }()
		return nil
	})
}

// --- Helpers of this package are followed.

type client struct {
	hc  *http.Client
	key string
}

func (c *client) send(req *http.Request) error {
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *client) sendKeyed(req *http.Request) error {
	req.Header.Set("Idempotency-Key", c.key)
	return c.send(req)
}

func withJSON(req *http.Request) *http.Request {
	req.Header.Set("Content-Type", "application/json")
	return req
}

func (c *client) refund(ctx context.Context, body []byte) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body)) // want `POST is retried without an idempotency key`
		if err != nil {
			return err
		}
		return c.send(withJSON(req))
	})
}

// Negative twin: the helper sets the key.
func (c *client) refundKeyed(ctx context.Context, body []byte) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body))
		if err != nil {
			return err
		}
		return c.sendKeyed(withJSON(req))
	})
}

// retryUntil is a test-style retry helper (inferred).
func retryUntil(ctx context.Context, call func() error) error {
	var err error
	for i := 0; i < 10; i++ {
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}

// --- A helper of this package that retries the request itself.

func sendWithRetry(ctx context.Context, hc *http.Client, req *http.Request) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var resp *http.Response
		resp, err = hc.Do(req.WithContext(ctx))
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Positive: the POST is retried by the helper, here or one call away.
func submit(ctx context.Context, hc *http.Client, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body)) // want `POST is retried without an idempotency key: .* generated once before i2.sendWithRetry$`
	if err != nil {
		return err
	}
	return sendWithRetry(ctx, hc, req)
}

func (c *client) submit(ctx context.Context, body []byte) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body)) // want `generated once before i2.sendJSON$`
	return sendJSON(ctx, c.hc, req)
}

func sendJSON(ctx context.Context, hc *http.Client, req *http.Request) error {
	req.Header.Set("Content-Type", "application/json")
	return sendWithRetry(ctx, hc, req)
}

// Negative twins: the key set before the helper retries; a GET; a helper
// that sends once.
func submitKeyed(ctx context.Context, hc *http.Client, body []byte, key string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	if err := sendWithRetry(ctx, hc, req); err != nil {
		return err
	}
	get, _ := http.NewRequestWithContext(ctx, http.MethodGet, api, nil)
	return sendWithRetry(ctx, hc, get)
}

func submitOnce(ctx context.Context, c *client, body []byte) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body))
	return c.send(req)
}

// --- Positive: a POST resent while the server answers 429, the attempts
// counted; the failure is the response's status, errors are terminal.

func postWhileLimited(ctx context.Context, hc *http.Client, body string) error {
	retries := 0
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, api, strings.NewReader(body)) // want `POST is retried without an idempotency key: .* generated once before the loop`
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			retries++
			if retries > 3 {
				return err
			}
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
}

// Negative twin: the same loop sends a key generated once before it.
func postWhileLimitedKeyed(ctx context.Context, hc *http.Client, body, key string) error {
	retries := 0
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, api, strings.NewReader(body))
		req.Header.Set("Idempotency-Key", key)
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			retries++
			if retries > 3 {
				return err
			}
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
}
