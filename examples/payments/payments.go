// Package payments is a client for a card-payments HTTP API, retried with
// examples/retry.Do. It shows idemkeyperseries (I1: a new idempotency key
// per attempt, I2: a POST retried without a key), a hand-written retry loop
// that ignores its context (noretrycanceled N2) and waits without jitter
// (backoffjitter), each next to the correct version.
//
// Nothing here is configured: reslint recognises retry.Do as a retry helper
// through the Fact it inferred in examples/retry.
package payments

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	mrand "math/rand/v2"
	"net/http"
	"time"

	"github.com/reslint/reslint/examples/classify"
	"github.com/reslint/reslint/examples/retry"
)

// Client talks to the payment gateway.
type Client struct {
	BaseURL string
	HTTP    *http.Client
}

// ChargeRequest is the body of POST /v1/charges.
type ChargeRequest struct {
	OrderID     string `json:"order_id"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
}

// Payment is the gateway's view of a payment.
type Payment struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// Method is a payment method the gateway accepts.
type Method struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
}

// GOOD: the policy: 4 attempts x 400ms + backoff (50+100+200)ms = 1.95s fits the 2s budget (B3).
var policy = retry.Policy{
	MaxAttempts: 4,
	Base:        50 * time.Millisecond,
	Cap:         1 * time.Second,
	PerAttempt:  400 * time.Millisecond,
	Budget:      2 * time.Second,
}

// Charge creates a charge. Safe to retry: every attempt carries the same key.
func (c *Client) Charge(ctx context.Context, ch ChargeRequest) (*Payment, error) {
	body, err := json.Marshal(ch)
	if err != nil {
		return nil, err
	}
	key := rand.Text() // GOOD: one key for the whole series, generated before retry.Do
	var p Payment
	err = retry.Do(ctx, policy, classify.HTTPClassifier, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+"/v1/charges", bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Idempotency-Key", key)      // GOOD: the key captured from outside is the same on every attempt
		req.Header.Set("X-Request-Id", rand.Text()) // GOOD: a request id is per attempt by design, not a key
		return c.send(req, &p)
	})
	return &p, err
}

// Capture captures an authorised payment.
func (c *Client) Capture(ctx context.Context, paymentID string) error {
	return retry.Do(ctx, policy, classify.HTTPClassifier, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+"/v1/payments/"+paymentID+"/capture", nil)
		if err != nil {
			return err
		}
		// BAD(I1): a new key on every attempt: after a timeout the gateway cannot tell the retry from a second capture; generate it once before retry.Do.
		req.Header.Set("Idempotency-Key", rand.Text())
		return c.send(req, nil)
	})
}

// Void cancels an authorisation that was never captured.
func (c *Client) Void(ctx context.Context, paymentID string) error {
	return retry.Do(ctx, policy, classify.HTTPClassifier, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+"/v1/payments/"+paymentID+"/void", nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", "void-"+paymentID) // GOOD: derived from the payment, the same on every attempt
		return c.send(req, nil)
	})
}

// Refund refunds part of a captured payment.
func (c *Client) Refund(ctx context.Context, paymentID string, amountCents int64) error {
	body, err := json.Marshal(map[string]int64{"amount_cents": amountCents})
	if err != nil {
		return err
	}
	return retry.Do(ctx, policy, classify.HTTPClassifier, func(ctx context.Context) error {
		// BAD(I2): POST is retried without an idempotency key: after a timeout the refund may be applied already, and the retry applies it again.
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+"/v1/payments/"+paymentID+"/refunds", bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		return c.send(req, nil)
	})
}

// Get reads a payment.
func (c *Client) Get(ctx context.Context, paymentID string) (*Payment, error) {
	var p Payment
	err := retry.Do(ctx, policy, classify.HTTPClassifier, func(ctx context.Context) error {
		// GOOD: GET is idempotent (RFC 9110): retrying it needs no key and I2 never reports it.
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.BaseURL+"/v1/payments/"+paymentID, nil)
		if err != nil {
			return err
		}
		return c.send(req, &p)
	})
	return &p, err
}

// Methods lists the payment methods the gateway accepts. It predates
// retry.Do and carries its own loop.
func (c *Client) Methods(ctx context.Context) ([]Method, error) {
	var methods []Method
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = c.getJSON(ctx, "/v1/methods", &methods)
		if err == nil {
			return methods, nil
		}
		// BAD(N2): time.Sleep cannot be interrupted: a cancelled request still sleeps, then calls the gateway again.
		// BAD(backoffjitter): linear backoff with no randomness: after an outage every client retries in lock step.
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	return nil, err
}

// Currencies lists the settlement currencies: the same loop, done right.
func (c *Client) Currencies(ctx context.Context) ([]string, error) {
	var currencies []string
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.getJSON(ctx, "/v1/currencies", &currencies); err == nil {
			return currencies, nil
		}
		if !classify.ShouldRetry(err, true) {
			return nil, err
		}
		t := time.NewTimer(mrand.N((100 * time.Millisecond) << attempt)) // GOOD: jittered exponential backoff
		select {
		case <-ctx.Done(): // GOOD: the wait ends when the caller leaves
			t.Stop()
			return nil, errors.Join(err, ctx.Err())
		case <-t.C:
		}
	}
	return nil, err
}

func (c *Client) getJSON(ctx context.Context, path string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.BaseURL+path, nil)
	if err != nil {
		return err
	}
	return c.send(req, out)
}

func (c *Client) send(req *http.Request, out any) error {
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if err := classify.FromResponse(resp); err != nil {
		return err
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
