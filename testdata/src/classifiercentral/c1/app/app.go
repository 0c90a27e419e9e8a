// Package app imports the designated classifier, so every retry decision
// it makes itself is reported.
package app

import (
	"context"
	"errors"
	"io"
	"log"
	"net/http"
	"syscall"
	"time"

	rg "github.com/avast/retry-go/v4"

	"classifiercentral/c1/retry"
)

func send(ctx context.Context, c *http.Client, req *http.Request) error {
	return rg.Do(func() error {
		resp, err := c.Do(req)
		if err != nil {
			if errors.Is(err, syscall.ECONNRESET) { // want `retryability of ECONNRESET decided outside the classifier retry.Classify, so the two drift apart; call it`
				return err
			}
			return rg.Unrecoverable(err)
		}
		defer resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusServiceUnavailable, http.StatusBadGateway: // want `retryability of HTTP 503 and HTTP 502 decided outside the classifier retry.Classify`
			return errors.New("busy")
		}
		return nil
	}, rg.Context(ctx), rg.RetryIf(func(err error) bool {
		return errors.Is(err, io.ErrUnexpectedEOF) // want `retryability of io.ErrUnexpectedEOF decided outside the classifier retry.Classify`
	}))
}

// poll's loop leaves on a timeout verdict of its own.
func poll(ctx context.Context, get func() error) error {
	for {
		err := get()
		if err == nil {
			return nil
		}
		var ne interface{ Timeout() bool }
		if !errors.As(err, &ne) || !ne.Timeout() { // want `retryability of net.Error Timeout\(\) decided outside the classifier retry.Classify`
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Negative: asking the classifier.
func fetch(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	return retry.Do(ctx, func() (*http.Response, error) { return c.Do(req) })
}

// Negative: a retry closure that only logs a connection reset decides
// nothing; the classifier does.
func logOnly(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	return retry.Do(ctx, func() (*http.Response, error) {
		resp, err := c.Do(req)
		if errors.Is(err, syscall.ECONNRESET) {
			log.Printf("connection reset, retrying: %v", err)
		}
		return resp, err
	})
}

// Negative: mapping an error to an HTTP answer is not a retry decision.
func handler(w http.ResponseWriter, err error) {
	if errors.Is(err, syscall.ECONNREFUSED) {
		http.Error(w, "upstream down", http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// Negative: io.EOF ends a stream read; it is no retry signal.
func drain(r io.Reader) error {
	buf := make([]byte, 512)
	for {
		_, err := r.Read(buf)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
