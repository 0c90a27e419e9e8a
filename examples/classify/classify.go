// Package classify is a service's error classifier: the one place that knows
// what is retryable (classify.go, correct), next to the ways such knowledge
// goes wrong (mistakes.go): classifiers that retry a cancelled request
// (noretrycanceled N1), a second function making its own retry decision
// (classifiercentral C2) and a classifier that retries deterministic errors
// (classifiercentral C3).
//
// No function here carries //reslint:classifier, so classifiercentral counts
// the functions that decide retries (C2). Mark Classify with
// //reslint:classifier and the C2 finding turns into a C1 finding; see
// examples/inventory for a package that does that.
package classify

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"syscall"
	"time"
)

// Outcome is the class of an error as far as retrying is concerned.
type Outcome int

const (
	Fatal     Outcome = iota // a retry is pointless
	Transient                // the request surely did not run: retrying is always safe
	Ambiguous                // outcome unknown: retry only if the operation is idempotent
)

// Errors of the resilience layer itself, returned by examples/breaker and
// by load shedding.
var (
	ErrOpen       = errors.New("circuit breaker is open")
	ErrOverloaded = errors.New("overloaded")
)

// HTTPError is a non-2xx answer of a dependency.
type HTTPError struct {
	StatusCode int
	RetryAfter time.Duration // from the Retry-After header, 0 if absent
}

func (e *HTTPError) Error() string { return fmt.Sprintf("http status %d", e.StatusCode) }

// PgError stands in for *pgconn.PgError (the examples are stdlib-only).
type PgError struct{ Code string }

func (e *PgError) Error() string { return "postgres error " + e.Code }

// FromResponse turns a non-2xx response into an *HTTPError. It maps, it does
// not decide: the decision is Classify's.
func FromResponse(resp *http.Response) error {
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return nil
	}
	e := &HTTPError{StatusCode: resp.StatusCode}
	if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s > 0 {
		e.RetryAfter = time.Duration(s) * time.Second
	}
	return e
}

// Classify is the single place where "what is retryable" lives.
func Classify(err error) Outcome {
	switch {
	case err == nil:
		return Fatal
	// GOOD: the client leaving and a spent budget are not faults of the
	// dependency, and they are excluded before anything else (N1).
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return Fatal
	// The breaker is open: a retry only burns attempts.
	case errors.Is(err, ErrOpen), errors.Is(err, ErrOverloaded):
		return Fatal
	}

	// The request never reached the server: the outcome is certain.
	var de *net.DNSError
	if errors.As(err, &de) || errors.Is(err, syscall.ECONNREFUSED) ||
		errors.Is(err, syscall.EHOSTUNREACH) {
		return Transient
	}

	var pg *PgError
	if errors.As(err, &pg) {
		switch pg.Code {
		case "40001", "40P01": // serialization_failure, deadlock_detected
			return Transient // the transaction rolled back as a whole
		case "23505": // GOOD: unique_violation is deduplication, not a fault (C3)
			return Fatal
		}
		return Fatal
	}

	var he *HTTPError
	if errors.As(err, &he) {
		switch he.StatusCode {
		case 408, 425, 429, 503:
			return Transient // not processed: a retry is safe
		case 500, 502, 504:
			return Ambiguous // the server may have done the work
		}
		return Fatal // GOOD: 4xx is the request's fault, a retry gets the same answer (C3)
	}

	// A timeout or a reset mid-request: the most dangerous case.
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return Ambiguous
	}
	if errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.ErrUnexpectedEOF) {
		return Ambiguous
	}
	return Fatal // GOOD: unknown errors are not retried, no catch-all "retry" (N1)
}

// ShouldRetry combines the error's class with a property of the operation.
func ShouldRetry(err error, idempotent bool) bool {
	switch Classify(err) {
	case Transient:
		return true
	case Ambiguous:
		return idempotent
	default:
		return false
	}
}

// HTTPClassifier is a retry.Classifier for idempotent calls (GETs, PUTs and
// writes that carry an idempotency key). It honours the server's Retry-After.
func HTTPClassifier(err error) (bool, time.Duration) {
	var after time.Duration
	var he *HTTPError
	if errors.As(err, &he) {
		after = he.RetryAfter
	}
	return ShouldRetry(err, true), after
}
