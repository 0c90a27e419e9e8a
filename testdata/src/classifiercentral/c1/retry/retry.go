// Package retry is a module's central retry package: its classifier is
// designated, and every importer must ask it.
package retry

import (
	"context"
	"errors"
	"net"
	"net/http"
	"syscall"
	"time"
)

// Outcome is the classifier's verdict.
type Outcome int

const (
	Fatal Outcome = iota
	Transient
)

// Classify decides whether an error or response is worth another attempt.
//
//reslint:classifier
func Classify(resp *http.Response, err error) Outcome { // want Classify:`classifier retry.Classify`
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return Fatal
	}
	if isConnFault(err) {
		return Transient
	}
	if resp != nil && (resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500) {
		return Transient
	}
	return Fatal
}

// isConnFault is part of the classifier: the checks it makes are the
// classifier's.
func isConnFault(err error) bool {
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return true
	}
	return errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNREFUSED)
}

// Do retries op while Classify says Transient.
func Do(ctx context.Context, op func() (*http.Response, error)) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := op()
		if err == nil && resp.StatusCode < 400 {
			return resp, nil
		}
		if ctx.Err() != nil || Classify(resp, err) != Transient || attempt == 4 {
			return resp, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// DoAnswered stops at every answer below 500, so a 429 that Classify calls
// transient is never retried: the loop decides the 4xx class on its own.
func DoAnswered(ctx context.Context, op func() (*http.Response, error)) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := op()
		if err == nil && resp.StatusCode < 500 { // want `retryability of HTTP 5xx decided outside the classifier retry.Classify`
			return resp, nil
		}
		if ctx.Err() != nil || Classify(resp, err) != Transient || attempt == 4 {
			return resp, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}
