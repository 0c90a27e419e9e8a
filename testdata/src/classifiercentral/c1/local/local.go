// Package local designates its own classifier; the functions it calls
// are part of it.
package local

import (
	"errors"
	"net/http"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// shouldRetry is the classifier.
//
//reslint:classifier
func shouldRetry(err error) bool { // want shouldRetry:`classifier local.shouldRetry`
	if errors.Is(err, syscall.ECONNRESET) {
		return true
	}
	return pgRetryable(err)
}

func pgRetryable(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && (pgErr.Code == "40001" || pgErr.Code == "40P01")
}

func exec(run func() error) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = run(); err == nil {
			return nil
		}
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "55P03" { // want `retryability of SQLSTATE 55P03 decided outside the classifier local.shouldRetry`
			time.Sleep(10 * time.Millisecond)
			continue
		}
		if !shouldRetry(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// isBusy feeds the retry loop below: its verdict is a retry decision.
func isBusy(resp *http.Response) bool {
	return resp.StatusCode == http.StatusTooManyRequests // want `retryability of HTTP 429 decided outside the classifier local.shouldRetry`
}

func get(c *http.Client, url string) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := c.Get(url)
		if err == nil && !isBusy(resp) {
			return resp, nil
		}
		if err != nil && !shouldRetry(err) || attempt == 3 {
			return resp, err
		}
		time.Sleep(time.Second)
	}
}

// Negative: a status check that is no retry decision (not in a retry
// scope, not a verdict feeding one).
func describe(resp *http.Response) string {
	if resp.StatusCode == http.StatusServiceUnavailable {
		return "unavailable"
	}
	return "ok"
}
