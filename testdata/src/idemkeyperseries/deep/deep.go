// Package deep holds cases whose evidence lies in helpers several calls
// away from the retry scope, and at package level: the data flow follows
// them (up to three calls), and a large package must not lose them when
// only part of it is analysed in depth.
package deep

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"github.com/google/uuid"

	"idemkeyperseries/retry"
)

const api = "https://api.example.com/payments"

var policy retry.Policy

type client struct{ hc *http.Client }

// The key travels three calls down, under names that say nothing of a
// key, before it reaches the header.
func (c *client) tag(req *http.Request, v string)   { c.tag2(req, v) }
func (c *client) tag2(req *http.Request, v string)  { setTag(req, v) }
func setTag(req *http.Request, v string)            { req.Header.Set("Idempotency-Key", v) }
func (c *client) send(req *http.Request) error      { return c.send2(req) }
func (c *client) send2(req *http.Request) error     { _, err := c.hc.Do(req); return err }
func (c *client) unrelated(n int) int               { return n * 2 }
func (c *client) alsoUnrelated(s string) string     { return s + "!" }
func (c *client) keyed(req *http.Request, k string) { req.Header.Set("Idempotency-Key", k) }

// --- Positive: generated per attempt, set three calls away.

func (c *client) payDeep(ctx context.Context, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body))
		c.tag(req, uuid.NewString()) // want `idempotency key is generated inside the retry loop`
		if err = c.send(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative twin: the same chain, the key generated once before the loop.
func (c *client) payDeepOnce(ctx context.Context, body []byte) error {
	key := uuid.NewString()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body))
		c.tag(req, key)
		if err = c.send(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative twin: a fresh value per attempt that goes three calls down
// into code that is not a key (a trace id in a log line).
func (c *client) payTraced(ctx context.Context, body []byte) error {
	key := uuid.NewString()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body))
		c.keyed(req, key)
		_ = c.alsoUnrelated(uuid.NewString())
		if err = c.send(req); err == nil {
			return nil
		}
		time.Sleep(time.Duration(c.unrelated(attempt)) * time.Second)
	}
	return err
}

// --- Positive: a POST retried through two helper methods, no key.

func (c *client) refund(ctx context.Context, body []byte) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body)) // want `POST is retried without an idempotency key`
		if err != nil {
			return err
		}
		return c.send(req)
	})
}

// Negative twin: the key set once, before the retry, on a request built
// there.
func (c *client) refundKeyed(ctx context.Context, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body))
	if err != nil {
		return err
	}
	c.keyed(req, uuid.NewString())
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		return c.send(req)
	})
}

// --- Positive: a retry loop in a function literal at package level.

var payVar = func(ctx context.Context, c *client, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body))
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want `idempotency key is generated inside the retry loop`
		if err = c.send(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative twin: the same literal with the key generated once.
var payVarOnce = func(ctx context.Context, c *client, body []byte) error {
	key := uuid.NewString()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body))
		req.Header.Set("Idempotency-Key", key)
		if err = c.send(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
