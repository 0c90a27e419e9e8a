// Package c3threshold holds C3 fixtures: retry conditions built by a
// factory that decide on a status threshold.
package c3threshold

import (
	"net/http"
	"time"
)

type Decision int

const (
	Ignore Decision = iota
	Retry
	Abort
)

type Attempt struct {
	Count    uint
	Start    time.Time
	Response *http.Response
	Err      error
}

// Retryer decides whether an attempt is worth another one.
type Retryer func(Attempt) (Decision, error)

// Over retries every response whose status reaches the bound.
func Over(statusCode int) Retryer {
	return func(a Attempt) (Decision, error) {
		if a.Response == nil {
			return Ignore, nil
		}
		if a.Response.StatusCode >= statusCode {
			return Retry, nil
		}
		return Ignore, nil
	}
}

// Above, with a strict bound.
func Above(statusCode int) Retryer {
	return func(a Attempt) (Decision, error) {
		if a.Response != nil && a.Response.StatusCode > statusCode {
			return Retry, nil
		}
		return Ignore, nil
	}
}

func All(rs ...Retryer) Retryer { return rs[0] }

var DefaultRetryer = All(Over(300)) // want `^Over\(300\) builds a retry condition on status >= 300, which answers retry for HTTP 400, HTTP 401, HTTP 403, HTTP 404, HTTP 405, HTTP 409, HTTP 410 and HTTP 422, but the same request gets the same answer on every attempt; start the range at 500 and list 408 and 429 apart$`

var clientErrors = Above(399) // want `Above\(399\) builds a retry condition on status > 399, which answers retry for HTTP 400`

// A constant bound in the closure.
func OverClientErrors() Retryer {
	return func(a Attempt) (Decision, error) {
		if a.Response != nil && a.Response.StatusCode >= http.StatusBadRequest {
			return Retry, nil // want `^status range >= 400 answers retry for HTTP 400, HTTP 401`
		}
		return Ignore, nil
	}
}

// A bool closure whose type says retry, returning the comparison.
type RetryPolicy func(resp *http.Response) bool

func RetryFrom(code int) RetryPolicy {
	return func(resp *http.Response) bool {
		return resp.StatusCode >= code
	}
}

var policy = RetryFrom(400) // want `RetryFrom\(400\) builds a retry condition on status >= 400`

// ---- negatives ----

// Server errors only.
var serverErrors = Over(500)

var serverErrors2 = Above(499)

// The bound is not a constant here: nothing to judge.
func configured(min int) Retryer { return Over(min) }

// The closure answers "abort" on the threshold.
func AbortOver(statusCode int) Retryer {
	return func(a Attempt) (Decision, error) {
		if a.Response != nil && a.Response.StatusCode >= statusCode {
			return Abort, nil
		}
		return Ignore, nil
	}
}

var abortClientErrors = AbortOver(400)

// The client errors are answered apart before the threshold.
func OverExceptClient(statusCode int) Retryer {
	return func(a Attempt) (Decision, error) {
		if a.Response == nil {
			return Ignore, nil
		}
		if a.Response.StatusCode >= 400 && a.Response.StatusCode < 500 && a.Response.StatusCode != http.StatusTooManyRequests {
			return Abort, nil
		}
		if a.Response.StatusCode >= statusCode {
			return Retry, nil
		}
		return Ignore, nil
	}
}

var exceptClient = OverExceptClient(300)

// Below a bound: the successes, not a retry range.
func Under(statusCode int) Retryer {
	return func(a Attempt) (Decision, error) {
		if a.Response != nil && a.Response.StatusCode < statusCode {
			return Retry, nil
		}
		return Ignore, nil
	}
}

var under = Under(300)

// A bool closure not named for retrying: "failed", not "retry".
type Check func(resp *http.Response) bool

func FailedFrom(code int) Check {
	return func(resp *http.Response) bool { return resp.StatusCode >= code }
}

var failed = FailedFrom(400)

// A negated threshold does not select the retry.
func NotOver(statusCode int) Retryer {
	return func(a Attempt) (Decision, error) {
		if !(a.Response.StatusCode >= statusCode) {
			return Retry, nil
		}
		return Ignore, nil
	}
}

var notOver = NotOver(400)
