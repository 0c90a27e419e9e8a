// Package client retries its own calls.
package client

import (
	"context"
	"errors"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"time"
)

func get(ctx context.Context, key string) error { return nil }

// isRetryable decides which errors are worth another attempt.
func isRetryable(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// Fetch tries three times.
func Fetch(ctx context.Context, key string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = get(ctx, key); err == nil || !isRetryable(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(attempt+1) * 100 * time.Millisecond):
		}
	}
	return err
}

// FetchJittered waits a random share of a doubling backoff.
func FetchJittered(ctx context.Context, key string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = get(ctx, key); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(100 * time.Millisecond << attempt)):
		}
	}
	return err
}

// FetchDoubling doubles its wait, with no random part.
func FetchDoubling(ctx context.Context, key string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = get(ctx, key); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond << attempt)
	}
	return err
}

// Download waits as long as the server's Retry-After says.
func Download(c *http.Client, url string) (*http.Response, error) {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var resp *http.Response
		resp, err = c.Get(url)
		if err == nil && resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		wait := time.Second
		if resp != nil {
			if s, perr := strconv.Atoi(resp.Header.Get("Retry-After")); perr == nil {
				wait = time.Duration(s) * time.Second
			}
			resp.Body.Close()
		}
		time.Sleep(wait)
	}
	return nil, err
}

// Ping tries again at once.
func Ping(ctx context.Context) error {
	var err error
	for tries := 0; tries < 3; tries++ {
		if err = get(ctx, "ping"); err == nil {
			return nil
		}
	}
	return err
}

// readAll is a session: it reads until the connection breaks.
func readAll(conn net.Conn) {
	buf := make([]byte, 512)
	for {
		if _, err := conn.Read(buf); err != nil {
			return
		}
	}
}

// Listen reconnects after a jittered wait until its context is done.
func Listen(ctx context.Context, conn net.Conn) {
	for {
		readAll(conn)
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second + rand.N(time.Second)):
		}
	}
}
