// Package i1 holds I1 cases: keys generated per attempt, and their
// negative twins.
package i1

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/google/uuid"

	"idemkeyperseries/keys"
	"idemkeyperseries/retry"
)

type Request struct {
	Amount         int64
	OrderID        string
	IdempotencyKey string
}

func (r Request) WithIdempotencyKey(k string) Request { r.IdempotencyKey = k; return r }

type Client struct{ hc *http.Client }

func (c *Client) Charge(ctx context.Context, r Request) error { return nil }

// post sends body with the given key.
func (c *Client) post(ctx context.Context, body []byte, idempotencyKey string) error { return nil }

// trace sends body with a request id.
func (c *Client) trace(ctx context.Context, body []byte, requestID string) error { return nil }

const url = "https://api.example.com/charges"

var policy retry.Policy

// --- Positive: the generator inline, in a key method of the request.

func inline(ctx context.Context, c *Client, req Request) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req = req.WithIdempotencyKey(uuid.NewString()) // want `idempotency key is generated inside the retry closure, so every attempt sends a new key and the server cannot deduplicate; generate it once before retry.Do`
		return c.Charge(ctx, req)
	})
}

// Negative twin, the seed's shape: the key comes from outside.
func seed(ctx context.Context, c *Client, req Request, key string) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req = req.WithIdempotencyKey(key) // one key for the whole series
		return c.Charge(ctx, req)
	})
}

// --- Positive: through a local, into a header.

func viaLocal(ctx context.Context, hc *http.Client, body []byte) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		key := uuid.New().String() // want `idempotency key is generated inside the retry closure`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Negative twin: generated before retry.Do and captured.
func hoisted(ctx context.Context, hc *http.Client, body []byte) error { // want hoisted:"putsfreshkey header \"Idempotency-Key\""
	key := uuid.New().String()
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// --- Positive: through fmt.Sprintf, crypto/rand.Text, a lower-case header name.

func viaSprintf(ctx context.Context, c *Client, r Request, body []byte) error {
	op := func(ctx context.Context) error {
		key := fmt.Sprintf("charge-%s-%s", r.OrderID, rand.Text()) // want `idempotency key is generated inside the retry closure`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Add("x-idempotency-key", key)
		_, err = c.hc.Do(req)
		return err
	}
	return retry.Do(ctx, policy, nil, op)
}

// Negative twin: the key is derived from the order inside the closure.
func derived(ctx context.Context, c *Client, r Request, body []byte) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		sum := sha256.Sum256(body)
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", "order-"+r.OrderID)
		req.Header.Set("X-Idempotency-Key", hex.EncodeToString(sum[:]))
		req.Header.Set("Idempotency-Key", uuid.NewSHA1(uuid.NameSpaceURL, []byte(r.OrderID)).String())
		_, err = c.hc.Do(req)
		return err
	})
}

// --- Positive: a helper of another package, known by its fact.

func viaFact(ctx context.Context, c *Client, body []byte) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		return c.post(ctx, body, keys.New()) // want `idempotency key from keys.New is generated inside the retry closure`
	})
}

func viaFactPrefixed(ctx context.Context, c *Client, body []byte) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		return c.post(ctx, body, keys.Prefixed("charge")) // want `idempotency key from keys.Prefixed is generated`
	})
}

func viaPutsFact(ctx context.Context, c *Client, body []byte) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, err := keys.NewChargeRequest(ctx, body) // want `keys.NewChargeRequest puts a freshly generated idempotency key \(header "Idempotency-Key"\) on what it builds, and it is called inside the retry closure, so every attempt sends a new key and the server cannot deduplicate; call it once before retry.Do`
		if err != nil {
			return err
		}
		_, err = c.hc.Do(req)
		return err
	})
}

// Negative twins: helpers that do not return a new key every time, and a
// request built once before the retry.
func viaFactNegatives(ctx context.Context, c *Client, r Request, body []byte) error { // want viaFactNegatives:"putsfreshkey header \"Idempotency-Key\""
	req, err := keys.NewChargeRequest(ctx, body)
	if err != nil {
		return err
	}
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		if err := c.post(ctx, body, keys.Or(r.IdempotencyKey)); err != nil {
			return err
		}
		if err := c.post(ctx, body, keys.FromOrder(r.OrderID)); err != nil {
			return err
		}
		_, err := c.hc.Do(req.Clone(ctx))
		return err
	})
}

// --- Positive: a retry loop rather than a closure.

func loop(ctx context.Context, hc *http.Client, body []byte) error { // want loop:"putsfreshkey header \"Idempotency-Key\""
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want `idempotency key is generated inside the retry loop, so every attempt sends a new key and the server cannot deduplicate; generate it once before the loop`
		var resp *http.Response
		resp, err = hc.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return err
}

// time.Now based, in a loop (no fix is offered: time.Now is not only a key).
func loopTime(ctx context.Context, hc *http.Client, body []byte) error { // want loopTime:"putsfreshkey header \"Idempotency-Key\""
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Idempotency-Key", strconv.FormatInt(time.Now().UnixNano(), 36)) // want `idempotency key is generated inside the retry loop`
		var resp *http.Response
		resp, err = hc.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// crypto/rand.Read into a buffer that is then encoded.
func loopRead(ctx context.Context, hc *http.Client, body []byte) error { // want loopRead:"putsfreshkey header \"Idempotency-Key\""
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		buf := make([]byte, 16)
		_, _ = rand.Read(buf) // want `idempotency key is generated inside the retry loop`
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Idempotency-Key", hex.EncodeToString(buf))
		var resp *http.Response
		resp, err = hc.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative twins: generated once before the loop, or only on the first
// attempt (lazily), and time.Now used for a deadline, not a key.
func loopNegatives(ctx context.Context, hc *http.Client, body []byte) error { // want loopNegatives:"putsfreshkey header \"Idempotency-Key\""
	key := uuid.NewString()
	var lazy string
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if attempt == 0 {
			lazy = uuid.NewString()
		}
		if lazy == "" {
			lazy = uuid.NewString()
		}
		deadline := time.Now().Add(time.Second)
		actx, cancel := context.WithDeadline(ctx, deadline)
		req, _ := http.NewRequestWithContext(actx, http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Idempotency-Key", key)
		req.Header.Set("X-Idempotency-Key", lazy)
		var resp *http.Response
		resp, err = hc.Do(req)
		cancel()
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// --- Positive: the operation is a named method.

func (c *Client) send(ctx context.Context) error { // want send:"putsfreshkey parameter idempotencyKey of post"
	return c.post(ctx, nil, uuid.NewString()) // want `idempotency key is generated in send, which retry.Do runs on every attempt, so every attempt sends a new key and the server cannot deduplicate; generate it once before retry.Do and pass it in`
}

func named(ctx context.Context, c *Client) error {
	return retry.Do(ctx, policy, nil, c.send)
}

// --- Struct fields: only the field that reaches the sink counts.

type ids struct {
	trace string
	key   string
}

func fields(ctx context.Context, c *Client, r Request) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		k := ids{trace: uuid.NewString(), key: r.OrderID}
		if err := c.post(ctx, nil, k.key); err != nil {
			return err
		}
		k2 := ids{trace: r.OrderID, key: uuid.NewString()} // want `idempotency key is generated inside the retry closure`
		return c.post(ctx, nil, k2.key)
	})
}

// --- A helper of this package that sets the header.

func setKey(r *http.Request, k string) { r.Header.Set("Idempotency-Key", k) }

func viaLocalHelper(ctx context.Context, hc *http.Client) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
		setKey(req, uuid.NewString()) // want `idempotency key is generated inside the retry closure`
		_, err := hc.Do(req)
		return err
	})
}

// --- A captured variable overwritten on every attempt, and its lazy twin.

func captured(ctx context.Context, c *Client) error {
	var key string
	err := retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		key = uuid.NewString() // want `idempotency key is generated inside the retry closure`
		return c.post(ctx, nil, key)
	})
	return err
}

func capturedLazy(ctx context.Context, c *Client) error {
	var key string
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		if key == "" {
			key = uuid.NewString()
		}
		return c.post(ctx, nil, key)
	})
}

// --- Negatives: request ids and trace ids change on every attempt by design.

func requestIDs(ctx context.Context, c *Client, body []byte, key string) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		req.Header.Set("X-Request-Id", uuid.NewString())
		req.Header.Set("traceparent", fmt.Sprintf("00-%s-%s-01", rand.Text(), rand.Text()))
		if _, err := c.hc.Do(req); err != nil {
			return err
		}
		return c.trace(ctx, body, uuid.NewString())
	})
}

// Negative: a value generated in the closure, used as the key only after
// retry.Do returned.
func afterward(ctx context.Context, c *Client) error {
	var last string
	_ = retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		last = uuid.NewString()
		return nil
	})
	return c.post(ctx, nil, last)
}

// Negative: outside any retry scope.
func once(ctx context.Context, c *Client) error { // want once:"putsfreshkey parameter idempotencyKey of post"
	return c.post(ctx, nil, uuid.NewString())
}

// Negative: generated in a goroutine the attempt starts; unsure.
func goroutine(ctx context.Context, c *Client) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		go func() { _ = c.post(ctx, nil, uuid.NewString()) }()
		return nil
	})
}
