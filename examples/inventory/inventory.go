// Package inventory shows classifiercentral's C1. It designates its retry
// classifier with //reslint:classifier, so a retry decision taken anywhere
// else in the package (or in a package that imports it) is reported and
// pointed back at Retryable. It also shows that PUT and DELETE, idempotent
// by RFC 9110, are retried without an idempotency key and nothing is said.
package inventory

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"syscall"
	"time"

	"github.com/reslint/reslint/examples/classify"
	"github.com/reslint/reslint/examples/retry"
)

// Client reserves stock in the warehouse service.
type Client struct {
	BaseURL string
	HTTP    *http.Client
}

// GOOD: 3 x 300ms + (100+200)ms backoff = 1.2s fits the 1.5s budget.
var policy = retry.Policy{
	MaxAttempts: 3,
	Base:        100 * time.Millisecond,
	Cap:         time.Second,
	PerAttempt:  300 * time.Millisecond,
	Budget:      1500 * time.Millisecond,
}

// Retryable is the warehouse client's one retryability classifier.
//
//reslint:classifier
func Retryable(err error) (bool, time.Duration) {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false, 0 // GOOD: the caller left or the budget is spent
	}
	if errors.Is(err, syscall.ECONNREFUSED) {
		return true, 0 // never reached the warehouse
	}
	var he *classify.HTTPError
	if errors.As(err, &he) && (he.StatusCode == http.StatusTooManyRequests || he.StatusCode == http.StatusServiceUnavailable) {
		return true, he.RetryAfter
	}
	return false, 0
}

// Reserve sets the reserved quantity of a SKU for an order.
func (c *Client) Reserve(ctx context.Context, orderID, sku string, qty int) error {
	body, err := json.Marshal(map[string]int{"qty": qty})
	if err != nil {
		return err
	}
	return retry.Do(ctx, policy, Retryable, func(ctx context.Context) error {
		// GOOD: PUT sets a state, so repeating it is harmless: no key needed, I2 never reports it.
		return c.send(ctx, http.MethodPut, "/orders/"+orderID+"/reservations/"+sku, body)
	})
}

// Release drops an order's reservations. It predates Retryable and carries its own loop.
func (c *Client) Release(ctx context.Context, orderID string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.send(ctx, http.MethodDelete, "/orders/"+orderID+"/reservations", nil); err == nil {
			return nil
		}
		// BAD(C1): retryability of ECONNREFUSED decided outside the classifier Retryable; call it.
		if !errors.Is(err, syscall.ECONNREFUSED) {
			return err
		}
		t := time.NewTimer(rand.N((100 * time.Millisecond) << attempt))
		select {
		case <-ctx.Done():
			t.Stop()
			return errors.Join(err, ctx.Err())
		case <-t.C:
		}
	}
	return err
}

func (c *Client) send(ctx context.Context, method, path string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return classify.FromResponse(resp)
}
