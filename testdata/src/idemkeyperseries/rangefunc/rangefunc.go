// Package rangefunc holds I1 and I2 cases in range-over-func retry loops
// (for attempt := range attempts(3)), and their negative twins.
package rangefunc

import (
	"bytes"
	"context"
	"iter"
	"net/http"
	"time"

	"github.com/google/uuid"

	"idemkeyperseries/retry"
)

const url = "https://api.example.com/charges"

// attempts yields 0..n-1, the way retry iterators do.
func attempts(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

// items yields each element with its index.
func items(bodies [][]byte) iter.Seq2[int, []byte] {
	return func(yield func(int, []byte) bool) {
		for i, b := range bodies {
			if !yield(i, b) {
				return
			}
		}
	}
}

// --- Positive I1: the key generated inline in the loop.

func inline(ctx context.Context, hc *http.Client, body []byte) error { // want inline:"putsfreshkey header \"Idempotency-Key\""
	var err error
	for attempt := range attempts(3) {
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

// --- Positive I1: the key in a variable first.

func variable(ctx context.Context, hc *http.Client, body []byte) error { // want variable:"putsfreshkey header \"Idempotency-Key\""
	var err error
	for range attempts(3) {
		key := uuid.NewString() // want `idempotency key is generated inside the retry loop`
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Idempotency-Key", key)
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// --- Positive I2: a keyless POST built in the loop.

func keyless(ctx context.Context, hc *http.Client, body []byte) error {
	var err error
	for attempt := range attempts(3) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body)) // want `POST is retried without an idempotency key: after a timeout the server may have applied it already, and the retry applies it again; set an Idempotency-Key header generated once before the loop`
		var resp *http.Response
		resp, err = hc.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return err
}

// --- Positive I2: built once before the loop, resent by it without a key.

func resend(ctx context.Context, hc *http.Client, body []byte) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body)) // want `POST is retried without an idempotency key`
	var err error
	for range attempts(3) {
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative twins: the key generated once before the loop, or lazily on
// the first attempt; a keyed POST; a PUT.
func negatives(ctx context.Context, hc *http.Client, body []byte) error { // want negatives:"putsfreshkey header \"Idempotency-Key\""
	key := uuid.NewString()
	var lazy string
	var err error
	for attempt := range attempts(3) {
		if lazy == "" {
			lazy = uuid.NewString()
		}
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Idempotency-Key", key)
		req.Header.Set("X-Idempotency-Key", lazy)
		put, _ := http.NewRequestWithContext(ctx, http.MethodPut, url, bytes.NewReader(body))
		var resp *http.Response
		if resp, err = hc.Do(put); err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		resp, err = hc.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return err
}

// Negative: a range-over-func loop over items, not attempts: each item
// is its own request, so a fresh key per item is right, and each POST is
// sent once.
func perItem(ctx context.Context, hc *http.Client, bodies [][]byte) error { // want perItem:"putsfreshkey header \"Idempotency-Key\""
	for _, body := range items(bodies) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Idempotency-Key", uuid.NewString())
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

// Negative: the key generated in the loop goes to a log field, not the
// request.
func logged(ctx context.Context, hc *http.Client, body []byte, key string, log func(string)) error {
	var err error
	for range attempts(3) {
		log(uuid.NewString())
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Idempotency-Key", key)
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// --- Positive I2: a POST built before a retry closure, sent inside it
// (the closure captures the request by reference, as the loop body of a
// range-over-func loop does).

func resendClosure(ctx context.Context, hc *http.Client, body []byte, p retry.Policy) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body)) // want `POST is retried without an idempotency key: after a timeout the server may have applied it already, and the retry applies it again; set an Idempotency-Key header generated once before retry.Do`
	return retry.Do(ctx, p, nil, func(ctx context.Context) error {
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Negative twins: the captured request carries a key, set outside or
// inside the closure; the captured variable is reassigned (unsure).
func resendClosureNegatives(ctx context.Context, hc *http.Client, body []byte, p retry.Policy, key string) error {
	keyed, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	keyed.Header.Set("Idempotency-Key", key)
	inside, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	other, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	return retry.Do(ctx, p, nil, func(ctx context.Context) error {
		inside.Header.Set("Idempotency-Key", key)
		if _, err := hc.Do(inside); err != nil {
			return err
		}
		other = keyed
		if _, err := hc.Do(other); err != nil {
			return err
		}
		_, err := hc.Do(keyed)
		return err
	})
}
