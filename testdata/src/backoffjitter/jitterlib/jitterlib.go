// Package jitterlib has helpers that other packages call: a jitter helper
// and a server-delay helper (ResultFact), and sleep helpers (SleepFact).
package jitterlib

import (
	"context"
	crand "crypto/rand"
	"math/big"
	"math/rand"
	"net/http"
	"strconv"
	"time"
)

// Jitter returns a random wait in [d/2, d).
func Jitter(d time.Duration) time.Duration { // want Jitter:"returns random"
	half := d / 2
	return half + time.Duration(rand.Int63n(int64(half)))
}

// Backoff is full jitter over base << attempt, capped.
func Backoff(base, maxWait time.Duration, attempt int) time.Duration { // want Backoff:"returns random"
	ceil := base << attempt
	if ceil > maxWait || ceil <= 0 {
		ceil = maxWait
	}
	return time.Duration(rand.Int63n(int64(ceil)) + 1)
}

// CryptoJitter draws from crypto/rand: random too.
func CryptoJitter(d time.Duration) time.Duration { // want CryptoJitter:"returns random"
	n, err := crand.Int(crand.Reader, big.NewInt(int64(d)))
	if err != nil {
		return d
	}
	return time.Duration(n.Int64())
}

// RetryAfter reads the server's Retry-After header.
func RetryAfter(resp *http.Response) time.Duration { // want RetryAfter:"returns server"
	s, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil {
		return 0
	}
	return time.Duration(s) * time.Second
}

// Sleep waits for d or until ctx is done.
func Sleep(ctx context.Context, d time.Duration) error { // want Sleep:"sleeps\\(1\\)"
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

// Pause waits through Sleep: a sleep helper by transitivity.
func Pause(ctx context.Context, d time.Duration) { // want Pause:"sleeps\\(1\\)"
	_ = Sleep(ctx, d)
}

// SleepJittered sleeps a random share of d: not a plain sleep helper, so
// a call with a constant is not a constant wait.
func SleepJittered(ctx context.Context, d time.Duration) error { // want SleepJittered:"honors\\(0\\)"
	return Sleep(ctx, Jitter(d))
}

// Await waits for a result or a timeout: not a sleep helper.
func Await(ch <-chan error, timeout time.Duration) error {
	select {
	case err := <-ch:
		return err
	case <-time.After(timeout):
		return context.DeadlineExceeded
	}
}

// Fixed computes a deterministic wait: other packages cannot see into it,
// so a wait computed by it is left alone there.
func Fixed(attempt int) time.Duration { return time.Second << attempt }

// Factor is a jitter factor in [0.5, 1.5): a numeric result, random.
func Factor() float64 { return 0.5 + rand.Float64() } // want Factor:"returns random"
