package loops

import (
	"context"
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"
)

// Waits that take the server's Retry-After when it sends one and back off
// deterministically when it does not: the fallback is reported.

func send(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	return c.Do(req.WithContext(ctx))
}

// retryAfterOr returns the server's delay, or fallback when it names none.
func retryAfterOr(resp *http.Response, fallback time.Duration) time.Duration { // want retryAfterOr:"returns server"
	if resp == nil {
		return fallback
	}
	s, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil || s <= 0 {
		return fallback
	}
	return time.Duration(s) * time.Second
}

// The 429 loop of a registry client: the delay doubles, and is the
// server's only when the header is there.
func throttledDoubling(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) { // want throttledDoubling:"honors\\(0\\)"
	delay := 2 * time.Second
	for attempt := 0; ; attempt++ {
		resp, err := send(ctx, c, req)
		if err != nil || resp.StatusCode != http.StatusTooManyRequests || attempt == 5 {
			return resp, err
		}
		resp.Body.Close()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(min(retryAfterOr(resp, delay), time.Minute)):
		}
		delay *= 2 // want `backoff grown by a constant factor \(delay \*= 2\) between retry attempts, taken when the server names no delay \(no Retry-After\), has no random part`
	}
}

// Header parsed in the loop, exponential in the else branch.
func retryAfterElseExp(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 6; attempt++ {
		resp, err := send(ctx, c, req)
		if err == nil && resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		var wait time.Duration
		if resp != nil {
			if s, ok := resp.Header["Retry-After"]; ok {
				if n, err := strconv.ParseInt(s[0], 10, 64); err == nil {
					wait = time.Duration(n) * time.Second
				}
			}
		}
		if wait == 0 {
			wait = time.Duration(math.Pow(2, float64(attempt))) * time.Second // want `exponential backoff math.Pow\(2, float64\(attempt\)\) between retry attempts, taken when the server names no delay`
		}
		time.Sleep(wait)
	}
	return nil, context.DeadlineExceeded
}

// --- twins ---

// The fallback is jittered.
func retryAfterElseJitter(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 6; attempt++ {
		resp, err := send(ctx, c, req)
		if err == nil && resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		backoff := time.Second << attempt
		time.Sleep(retryAfterOr(resp, backoff/2+rand.N(backoff/2)))
	}
	return nil, context.DeadlineExceeded
}

// The server's delay capped at a constant: no fallback, the cap bounds
// what the server asks.
func retryAfterCapped(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for {
		resp, err := send(ctx, c, req)
		if err == nil && resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		if err != nil {
			return nil, err
		}
		wait := parseRetryAfter(resp)
		if wait > 30*time.Second {
			wait = 30 * time.Second
		}
		time.Sleep(min(wait, time.Minute))
	}
}

// A constant pause when the header is missing: a default of the server's
// delay, left alone.
func retryAfterElseConstant(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for {
		resp, err := send(ctx, c, req)
		if err == nil && resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		if err != nil {
			return nil, err
		}
		time.Sleep(retryAfterOr(resp, 5*time.Second))
	}
}

// The server's delay or an unknown policy's: nothing to judge.
func retryAfterElsePolicy(ctx context.Context, c *http.Client, req *http.Request, b backOff) (*http.Response, error) {
	for {
		resp, err := send(ctx, c, req)
		if err == nil && resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		if err != nil {
			return nil, err
		}
		wait := parseRetryAfter(resp)
		if wait == 0 {
			wait = b.NextBackOff()
		}
		time.Sleep(wait)
	}
}

// The larger of the server's delay and a computed one: the server's is no
// fallback there, and the computed one is always part of the wait.
func retryAfterAtLeast(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := send(ctx, c, req)
		if err == nil && resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		if err != nil {
			return nil, err
		}
		time.Sleep(max(parseRetryAfter(resp), rand.N(time.Second<<attempt)))
	}
}
