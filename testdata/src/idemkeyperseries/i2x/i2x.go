// Package i2x holds I2 cases where the request built here is sent by a
// helper of another package, known by its RequestFact.
package i2x

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"idemkeyperseries/retry"
	"idemkeyperseries/transport"
)

const api = "https://api.example.com/charges"

var policy retry.Policy

// --- Positive: a keyless POST retried through the "send and check
// status" helper.
func charge(ctx context.Context, hc *http.Client, body []byte) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body)) // want `^POST is retried without an idempotency key: after a timeout the server may have applied it already, and the retry applies it again; set an Idempotency-Key header generated once before retry.Do$`
		if err != nil {
			return err
		}
		return transport.Send(ctx, hc, req)
	})
}

// --- Positive: a PATCH retried by a loop through a transport's method.
func update(ctx context.Context, tr *transport.Transport, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPatch, api, bytes.NewReader(body)) // want `PATCH is retried without an idempotency key: .* before the loop`
		var resp *http.Response
		if resp, err = tr.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// --- Positive: the helper retries the request itself.
func refund(ctx context.Context, hc *http.Client, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body)) // want `POST is retried without an idempotency key: .*; set an Idempotency-Key header generated once before transport.SendWithRetry$`
	if err != nil {
		return err
	}
	return transport.SendWithRetry(ctx, hc, req)
}

// --- Positive: a request id set by a helper is no key.
func chargeTraced(ctx context.Context, hc *http.Client, body []byte, rid string) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body)) // want `POST is retried without an idempotency key`
		if err != nil {
			return err
		}
		transport.WithTrace(req, rid)
		return transport.Send(ctx, hc, req)
	})
}

// ---- negatives: the correct versions ----

// The helper sets a key derived from the body.
func chargeIdempotent(ctx context.Context, hc *http.Client, body []byte) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body))
		if err != nil {
			return err
		}
		return transport.SendIdempotent(hc, req)
	})
}

// The key is generated once and set by a helper that returns the request.
func chargeKeyed(ctx context.Context, hc *http.Client, body []byte, k string) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body))
		if err != nil {
			return err
		}
		return transport.Send(ctx, hc, transport.Keyed(req, k))
	})
}

// The key set here, before the helper retries.
func refundKeyed(ctx context.Context, hc *http.Client, body []byte, k string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", k)
	return transport.SendWithRetry(ctx, hc, req)
}

// The helper hands the request to code that may set the key: unsure.
func chargeSigned(ctx context.Context, hc *http.Client, body []byte, sign func(*http.Request)) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body))
		if err != nil {
			return err
		}
		return transport.SendVia(hc, req, sign)
	})
}

// A POST sent once through the helper: no retry scope.
func chargeOnce(ctx context.Context, hc *http.Client, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, api, bytes.NewReader(body))
	if err != nil {
		return err
	}
	return transport.Send(ctx, hc, req)
}

// A GET retried through the helper, and through the retrying one.
func fetch(ctx context.Context, hc *http.Client) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, api, nil)
		if err != nil {
			return err
		}
		if err := transport.Send(ctx, hc, req); err != nil {
			return err
		}
		get, _ := http.NewRequestWithContext(ctx, http.MethodGet, api, nil)
		return transport.SendWithRetry(ctx, hc, get)
	})
}

// A PUT retried through a transport.
func replace(ctx context.Context, tr *transport.Transport, body []byte) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPut, api, bytes.NewReader(body))
		_, err := tr.Do(req)
		return err
	})
}

// --- Positive: built by another package's constructor helper with a
// constant POST, retried by its send helper.
func capture(ctx context.Context, hc *http.Client, body []byte) error {
	req, err := transport.NewRequest(ctx, http.MethodPost, api, bytes.NewReader(body)) // want `POST is retried without an idempotency key: .*; set an Idempotency-Key header generated once before transport.SendWithRetry$`
	if err != nil {
		return err
	}
	return transport.SendWithRetry(ctx, hc, req)
}

// Negative twins: a GET; the constructor helper sets the key.
func captureStatus(ctx context.Context, hc *http.Client) error {
	req, err := transport.NewRequest(ctx, http.MethodGet, api, nil)
	if err != nil {
		return err
	}
	return transport.SendWithRetry(ctx, hc, req)
}

func captureKeyed(ctx context.Context, hc *http.Client, key string) error {
	req, err := transport.NewKeyedRequest(ctx, http.MethodPost, api, key)
	if err != nil {
		return err
	}
	return transport.SendWithRetry(ctx, hc, req)
}
