package classify

import (
	"context"
	"errors"
	"net/http"
	"syscall"
)

// ErrValidation is returned when a request fails validation.
var ErrValidation = errors.New("validation failed")

// isRetryable was written when the API gateway started cancelling slow
// upstream calls: "a cancelled call is worth another try".
func isRetryable(err error) bool {
	// BAD(N1): context.Canceled means the caller left; retrying it serves nobody and keeps the dependency busy.
	if errors.Is(err, context.Canceled) {
		return true
	}
	return ShouldRetry(err, true)
}

// isTransient treats everything but validation errors as transient.
func isTransient(err error) bool {
	if errors.Is(err, ErrValidation) {
		return false
	}
	// BAD(N1): catch-all "retry" with no context check before it: it answers retry for context.Canceled too.
	return err != nil
}

// shouldRetryUpload was added by the storage team next to Classify.
func shouldRetryUpload(err error) bool {
	// BAD(C2): a second function deciding what is retryable: it will drift from Classify; keep it in one classifier.
	if errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) {
		return true
	}
	return false
}

// isRetryableWrite retries conflicts "because the row is usually free a moment later".
func isRetryableWrite(err error) bool {
	var he *HTTPError
	if !errors.As(err, &he) {
		return false
	}
	switch he.StatusCode {
	// BAD(C3): 409 and 422 are deterministic: the same request gets the same answer; re-read and recompute instead.
	case http.StatusConflict, http.StatusUnprocessableEntity:
		return true
	}
	return false
}

// Download fetches with up to three tries, asking isRetryable after each
// failure (no wait: the fetch is a local cache fill).
func Download(fetch func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = fetch(); err == nil || !isRetryable(err) {
			return err
		}
	}
	return err
}

// Upload puts with up to three tries, asking isTransient after each failure.
func Upload(ctx context.Context, put func(context.Context) error) error {
	var err error
	for i := 0; i < 3 && ctx.Err() == nil; i++ {
		if err = put(ctx); err == nil || !isTransient(err) {
			return err
		}
	}
	return err
}

// Write stores with up to three tries, asking isRetryableWrite after each
// failure.
func Write(ctx context.Context, put func(context.Context) error) error {
	var err error
	for attempt := 0; attempt < 3 && ctx.Err() == nil; attempt++ {
		if err = put(ctx); err == nil || !isRetryableWrite(err) {
			return err
		}
	}
	return err
}

// UploadPart sends one part with up to three tries, asking
// shouldRetryUpload after each failure.
func UploadPart(ctx context.Context, send func(context.Context) error) error {
	var err error
	for attempt := 0; attempt < 3 && ctx.Err() == nil; attempt++ {
		if err = send(ctx); err == nil || !shouldRetryUpload(err) {
			return err
		}
	}
	return err
}
