// Package marked designates a classifier whose name says true means stop.
package marked

import (
	"errors"
	"net/http"
)

type apiError struct{ StatusCode int }

func (e *apiError) Error() string { return http.StatusText(e.StatusCode) }

// IsNonRetryable is the one classifier of the package, named for "stop".
//
//reslint:classifier
func IsNonRetryable(err error) bool { // want IsNonRetryable:`classifier marked.IsNonRetryable`
	var ae *apiError
	if errors.As(err, &ae) && ae.StatusCode >= 400 && ae.StatusCode < 500 && ae.StatusCode != http.StatusTooManyRequests {
		return true
	}
	if errors.As(err, &ae) && ae.StatusCode == http.StatusConflict {
		return true
	}
	return false
}
