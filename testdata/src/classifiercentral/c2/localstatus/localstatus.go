package localstatus // want package:`places localstatus.go:25`

// The retryer decides on the status it is given; the loop that drives it
// tests the status again, kept in a local that is set only when there is
// a response. Two places decide.

import (
	"log"
	"net/http"
	"time"

	"classifiercentral/c2/localstatus/retry"
)

func lookup(c *http.Client, req *http.Request) (*http.Response, error) {
	r := &retry.Retryer{}
	start := time.Now()
	for {
		resp, err := c.Do(req)
		var statusCode int
		if resp != nil {
			statusCode = resp.StatusCode
		}
		pause, again := r.Retry(statusCode, err)
		if again && (statusCode == 502 || statusCode == 503) { // want `error classification is scattered over 2 functions \(retry/retry.go:35\)`
			if time.Since(start)+pause > time.Minute {
				again = false
			}
		}
		if !again {
			return resp, err
		}
		time.Sleep(pause)
	}
}

// Not a status: a batch size, and a status that only labels a log line.
func flush(c *http.Client, req *http.Request, items []string) error {
	r := &retry.Retryer{}
	for {
		resp, err := c.Do(req)
		var batchSize int
		if resp != nil {
			batchSize = len(items)
		}
		if batchSize == 500 {
			return err
		}
		var statusCode int
		if resp != nil {
			statusCode = resp.StatusCode
		}
		log.Printf("flush: throttled=%v", statusCode == 429)
		if pause, again := r.Retry(statusCode, err); again {
			time.Sleep(pause)
			continue
		}
		return err
	}
}
