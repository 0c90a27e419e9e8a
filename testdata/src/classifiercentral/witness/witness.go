// Package witness holds classifiers evaluated for deterministic
// failures: each return is annotated with the witnesses a certain path
// answers "retry" for (status witnesses have no error, so an early
// "retry on any error" answers only the error witnesses).
package witness

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"strings"

	"github.com/hashicorp/go-retryablehttp"
	"github.com/jackc/pgx/v5/pgconn"
)

type apiError struct{ StatusCode int }

func (e *apiError) Error() string { return "api" }

func newClient() *retryablehttp.Client {
	return &retryablehttp.Client{CheckRetry: checkRetry}
}

func checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err() // the caller is still there: never reached
	}
	if err != nil {
		return true, nil // want `retry SQLSTATE 23505, SQLSTATE 23503, \*json.SyntaxError, \*json.UnmarshalTypeError`
	}
	if resp.StatusCode == 0 || resp.StatusCode >= 500 && resp.StatusCode != 501 {
		return true, nil
	}
	return resp.StatusCode == 404 || resp.StatusCode == 429, nil // want `retry HTTP 404 resp`
}

func isRetryable(err error) bool {
	var ne net.Error
	if errors.As(err, &ne) {
		return ne.Timeout() // no status error is a net.Error
	}
	var ae *apiError
	if errors.As(err, &ae) {
		switch {
		case ae.StatusCode >= 500:
			return true
		case ae.StatusCode == 409:
			return true // want `retry HTTP 409 err`
		}
		return false
	}
	return true // want `retry SQLSTATE 23505, SQLSTATE 23503, \*json.SyntaxError, \*json.UnmarshalTypeError`
}

func pgRetryable(err error) bool {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) {
		return false
	}
	if strings.HasPrefix(pgErr.SQLState(), "23") {
		return pgErr.Code != "23505" // want `retry SQLSTATE 23503`
	}
	return pgErr.Code == "40001"
}

func decodeRetryable(err error) bool {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return false
	}
	if _, ok := err.(*json.SyntaxError); ok {
		return true // want `retry \*json.SyntaxError`
	}
	return false
}
