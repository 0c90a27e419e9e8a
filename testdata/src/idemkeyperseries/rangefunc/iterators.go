package rangefunc

import (
	"bytes"
	"context"
	"iter"
	"maps"
	"net/http"
	"slices"
	"time"

	"github.com/google/uuid"
)

// More range-over-func shapes: the standard library's iterators over a
// list of backoffs (slices.Values, slices.All, maps.Values), an iterator
// returned by a method, one held in a variable, and a func literal ranged
// over directly.

// Policy yields its attempts.
type Policy struct{ Max int }

// Attempts yields 0..Max-1.
func (p Policy) Attempts() iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range p.Max {
			if !yield(i) {
				return
			}
		}
	}
}

// --- Positive I1 over slices.Values: one attempt per backoff.

func backoffs(ctx context.Context, hc *http.Client, body []byte, delays []time.Duration) error { // want backoffs:"putsfreshkey header \"Idempotency-Key\""
	var err error
	for d := range slices.Values(delays) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want `idempotency key is generated inside the retry loop`
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(d)
	}
	return err
}

// --- Positive I2 over slices.All.

func backoffsKeyless(ctx context.Context, hc *http.Client, body []byte, delays []time.Duration) error {
	var err error
	for _, d := range slices.All(delays) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body)) // want `POST is retried without an idempotency key`
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(d)
	}
	return err
}

// --- Positive I1: the iterator comes from a method.

func method(ctx context.Context, hc *http.Client, body []byte, p Policy) error { // want method:"putsfreshkey header \"Idempotency-Key\""
	var err error
	for attempt := range p.Attempts() {
		key := uuid.NewString() // want `idempotency key is generated inside the retry loop`
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Idempotency-Key", key)
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return err
}

// --- Positive I2: the iterator is held in a variable.

func held(ctx context.Context, hc *http.Client, body []byte) error {
	tries := attempts(3)
	var err error
	for range tries {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body)) // want `POST is retried without an idempotency key`
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// --- Positive I1: a func literal ranged over directly.

func literal(ctx context.Context, hc *http.Client, body []byte) error { // want literal:"putsfreshkey header \"Idempotency-Key\""
	var err error
	for attempt := range func(yield func(int) bool) {
		for i := 0; i < 3 && yield(i); i++ {
		}
	} {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want `idempotency key is generated inside the retry loop`
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return err
}

// Negative twins: the key hoisted before the loop; a POST with a key; a
// loop over maps.Values that sends one request per item.
func iteratorNegatives(ctx context.Context, hc *http.Client, body []byte, delays []time.Duration, p Policy, bodies map[string][]byte) error { // want iteratorNegatives:"putsfreshkey header \"Idempotency-Key\""
	key := uuid.NewString()
	var err error
	for d := range slices.Values(delays) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Idempotency-Key", key)
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil {
			resp.Body.Close()
			break
		}
		time.Sleep(d)
	}
	for attempt := range p.Attempts() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Idempotency-Key", key)
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil {
			resp.Body.Close()
			break
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	for b := range maps.Values(bodies) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(b))
		req.Header.Set("Idempotency-Key", uuid.NewString())
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return err
}
