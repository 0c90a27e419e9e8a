package retry // want package:`places retry.go:35`

import (
	"errors"
	"syscall"
	"time"
)

// Retryer answers whether a request should be retried, and after what
// pause, for a status code and an error.
type Retryer struct {
	attempts, max int
}

func (r *Retryer) Retry(status int, err error) (time.Duration, bool) {
	if status == 200 && err == nil {
		return 0, false
	}
	if !shouldRetry(status, err) || r.attempts == r.max {
		return 0, false
	}
	r.attempts++
	return time.Second << r.attempts, true
}

func shouldRetry(status int, err error) bool {
	if err != nil {
		return isRetryable(err)
	}
	return 500 <= status && status <= 599
}

// isRetryable says which transport errors are transient.
func isRetryable(err error) bool {
	return errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNREFUSED)
}
