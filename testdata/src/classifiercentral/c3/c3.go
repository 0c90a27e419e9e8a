// Package c3 holds classifiers that answer "retry" for deterministic
// answers, and the correct twins that answer "stop" for them.
package c3

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"
	"github.com/jackc/pgx/v5/pgconn"
)

type apiError struct{ StatusCode int }

func (e *apiError) Error() string { return "api" }

// shouldRetry retries a 404 and a conflict.
//
//reslint:classifier
func shouldRetry(err error) bool { // want shouldRetry:`classifier c3.shouldRetry`
	var ae *apiError
	if errors.As(err, &ae) {
		if ae.StatusCode == http.StatusNotFound || ae.StatusCode == http.StatusServiceUnavailable {
			return true // want `HTTP 404 answered with retry, but the same request gets the same answer on every attempt; answer do-not-retry for it`
		}
		switch ae.StatusCode {
		case http.StatusConflict, 422:
			return true // want `HTTP 409 and HTTP 422 answered with retry`
		case http.StatusBadRequest, http.StatusUnauthorized:
			return false
		}
	}
	return false
}

// Outcome is an enum verdict.
type Outcome int

const (
	Permanent Outcome = iota
	Transient
)

// classifyPG retries unique violations and the whole class 23.
//
//reslint:classifier
func classifyPG(err error) Outcome { // want classifyPG:`classifier c3.classifyPG`
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) {
		return Permanent
	}
	if pgErr.Code == "23505" {
		return Transient // want `SQLSTATE 23505 answered with retry, but an integrity violation is the same on every attempt`
	}
	if strings.HasPrefix(pgErr.Code, "23") && pgErr.Code != "23514" {
		return Transient // want `SQLSTATE class 23 and SQLSTATE 23503 answered with retry`
	}
	switch pgErr.Code {
	case "40001", "40P01":
		return Transient
	}
	return Permanent
}

// decodeRetryable retries JSON errors.
//
//reslint:classifier
func decodeRetryable(err error) bool { // want decodeRetryable:`classifier c3.decodeRetryable`
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return true // want `\*json.SyntaxError answered with retry`
	}
	switch err.(type) {
	case *json.UnmarshalTypeError:
		return true // want `\*json.UnmarshalTypeError answered with retry`
	}
	if _, ok := err.(*json.SyntaxError); ok {
		return true // want `\*json.SyntaxError answered with retry`
	}
	return false
}

// A CheckRetry that retries 429 and 5xx, and also 403.
func newClient() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.CheckRetry = checkRetry
	return c
}

// checkRetry is the client's classifier.
//
//reslint:classifier
func checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) { // want checkRetry:`classifier c3.checkRetry`
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if err != nil {
		return true, nil
	}
	if resp.StatusCode == http.StatusForbidden {
		return true, nil // want `HTTP 403 answered with retry`
	}
	return resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500, nil
}

// retryAllButMissing excludes a 404 and retries every other answer,
// including the other deterministic ones: a catch-all after a range.
//
//reslint:classifier
func retryAllButMissing(err error) bool { // want retryAllButMissing:`classifier c3.retryAllButMissing`
	var ae *apiError
	if errors.As(err, &ae) {
		if ae.StatusCode == http.StatusNotFound || ae.StatusCode >= 500 {
			return ae.StatusCode != http.StatusNotFound
		}
		return true // want `HTTP 400, HTTP 401, HTTP 403, HTTP 405, HTTP 409, HTTP 410 and HTTP 422 answered with retry`
	}
	return false
}

// retryClientErrors retries every 4xx by a range.
//
//reslint:classifier
func retryClientErrors(resp *http.Response, err error) bool { // want retryClientErrors:`classifier c3.retryClientErrors`
	if err != nil {
		return false
	}
	if resp.StatusCode >= 400 {
		return true // want `HTTP 400, HTTP 401, HTTP 403, HTTP 404, HTTP 405, HTTP 409, HTTP 410 and HTTP 422 answered with retry`
	}
	return false
}

// retryUnlessOK answers with a computed verdict that is true for 409.
//
//reslint:classifier
func retryUnlessOK(resp *http.Response, err error) bool { // want retryUnlessOK:`classifier c3.retryUnlessOK`
	if err != nil {
		return false
	}
	return resp.StatusCode == http.StatusConflict || resp.StatusCode >= 500 // want `HTTP 409 answered with retry`
}

// Negatives: the correct twins.

// goodRetry answers "stop" for every deterministic answer.
//
//reslint:classifier
func goodRetry(err error) bool { // want goodRetry:`classifier c3.goodRetry`
	var ae *apiError
	if errors.As(err, &ae) {
		switch ae.StatusCode {
		case http.StatusNotFound, http.StatusConflict, http.StatusUnprocessableEntity:
			return false
		case http.StatusTooManyRequests, http.StatusServiceUnavailable:
			return true
		}
		if ae.StatusCode != http.StatusNotFound && ae.StatusCode >= 500 {
			return true
		}
		if ae.StatusCode >= 400 && ae.StatusCode < 500 {
			return false
		} else {
			return true
		}
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return false
	}
	return false
}

// goodPG answers "stop" for class 23.
//
//reslint:classifier
func goodPG(err error) Outcome { // want goodPG:`classifier c3.goodPG`
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		if strings.HasPrefix(pgErr.Code, "23") {
			return Permanent // deduplication, not a fault
		}
		if !strings.HasPrefix(pgErr.Code, "23") && pgErr.Code == "40001" {
			return Transient
		}
	}
	return Permanent
}

// Not a classifier: a function that happens to return true for a 404.
func isMissing(resp *http.Response) bool {
	if resp.StatusCode == http.StatusNotFound {
		return true
	}
	return false
}

func poll(get func() (*http.Response, error)) {
	for {
		resp, err := get()
		if err == nil && isMissing(resp) {
			return
		}
		time.Sleep(time.Second)
	}
}
