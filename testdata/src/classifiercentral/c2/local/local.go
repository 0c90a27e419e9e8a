package local // want package:`places local.go:23 local.go:48 local.go:59`

// This package keeps two copies of one status list: the retry loop
// decides inline, and the predicate handed to retry-go decides again.

import (
	"errors"
	"net/http"
	"syscall"
	"time"

	"github.com/avast/retry-go/v4"
)

type statusError struct{ StatusCode int }

func (e *statusError) Error() string { return "status" }

// The first place: a classifier by name and shape.
func isRetryable(err error) bool {
	var se *statusError
	if errors.As(err, &se) {
		return se.StatusCode == 429 || se.StatusCode >= 500
	}
	return errors.Is(err, syscall.ECONNRESET)
}

func get(c *http.Client, url string) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := c.Get(url)
		if err == nil {
			return resp, nil
		}
		if !isRetryable(err) || attempt == 3 {
			return nil, err
		}
		time.Sleep(time.Second)
	}
}

func post(c *http.Client, url string) error {
	return retry.Do(func() error {
		resp, err := c.Post(url, "application/json", nil)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 { // want `error classification is scattered over 3 functions \(local.go:23, local.go:59\), so their answers drift apart; keep it in one classifier and mark it //reslint:classifier`
			return &statusError{StatusCode: resp.StatusCode}
		}
		return nil
	}, retry.RetryIf(isRetryable))
}

// A method value of a type whose method checks again.
type client struct{ hc *http.Client }

func (c *client) transient(err error) bool {
	return errors.Is(err, syscall.ECONNREFUSED) // want `error classification is scattered over 3 functions \(local.go:23, local.go:48\)`
}

func (c *client) put(url string) error {
	return retry.Do(func() error { return nil }, retry.RetryIf(c.transient))
}
