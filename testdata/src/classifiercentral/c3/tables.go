package c3

import "net/http"

// Tables of retryable statuses a classifier looks the status up in: each
// entry is an answer "retry".

var defaultRetriableErrors = map[int]string{
	404: "Not Found", // want `HTTP 404 is listed as retryable in defaultRetriableErrors, but the same request gets the same answer on every attempt; drop it from the table`
	413: "Payload Too Large",
	429: "Too Many Requests",
	502: "Bad Gateway",
	503: "Service Unavailable",
}

func defaultIsRetriableFunc(sc int) bool {
	_, ok := defaultRetriableErrors[sc]
	return ok
}

var retryableStatuses = []int{http.StatusConflict, http.StatusTooManyRequests, http.StatusServiceUnavailable} // want `HTTP 409 is listed as retryable in retryableStatuses`

func isRetryableStatus(code int) bool {
	for _, c := range retryableStatuses {
		if c == code {
			return true
		}
	}
	return false
}

// Twins: a table of statuses that stop the retries, a table of
// retryable statuses with no deterministic answer, a table of something
// else than statuses, and a table nobody reads.
var nonRetryableStatuses = []int{400, 401, 403, 404, 422}

var retriableOnly = map[int]bool{408: true, 429: true, 500: true, 502: true, 503: true, 504: true}

var retryLimits = []int{404, 500, 1000}

var retriableUnused = []int{404, 503}

func classifyStatus(code int) (retry bool) {
	for _, c := range nonRetryableStatuses {
		if c == code {
			return false
		}
	}
	return retriableOnly[code] || len(retryLimits) > code
}
