package ranges // want package:`places ranges.go:21 ranges.go:66`

// Statuses classified by range: "below the server errors" is the same
// split as ">= 500", and the client-error class spelled as a range is a
// class the classifier answers "stop" for. A client's retry predicate
// and a worker's own loop each decide: two places.

import (
	"errors"
	"fmt"
	"log"
	"net/http"
	"net/url"
	"time"
)

// checkRetryable answers whether a failed call may be sent again, and to
// which host.
func (c *client) checkRetryable(u *url.URL, resp *http.Response, err error) (*url.URL, bool) {
	if err != nil {
		if resp != nil && resp.StatusCode < 500 {
			return u, false
		}
		return c.fallback(u), true
	}
	return u, false
}

type client struct {
	hc     *http.Client
	backup string
}

func (c *client) fallback(u *url.URL) *url.URL {
	if c.backup == "" {
		return u
	}
	v := *u
	v.Host = c.backup
	return &v
}

func (c *client) send(req *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := c.hc.Do(req)
		next, retry := c.checkRetryable(req.URL, resp, err)
		if !retry || attempt == 2 {
			return resp, err
		}
		req.URL = next
		time.Sleep(100 * time.Millisecond)
	}
}

// copyWorker retries each part a few times, on its own status rule.
func copyWorker(c *http.Client, parts []*http.Request) {
	for _, req := range parts {
		tries := 3
		for {
			resp, err := c.Do(req)
			if err != nil || resp.StatusCode >= 300 {
				tries--
				if tries == 0 {
					break
				}
				if resp != nil && resp.StatusCode < 499 && resp.StatusCode >= 400 { // want `error classification is scattered over 2 functions \(ranges.go:21\)`
					break
				}
				time.Sleep(10 * time.Millisecond)
				continue
			}
			break
		}
	}
}

// Not places: ranges that say "failed" or "answered", a client-error range
// that only picks a log level, and an error type chosen by range outside
// any retry.

type ClientError struct{ Code int }

func (e *ClientError) Error() string { return fmt.Sprintf("client error %d", e.Code) }

func toError(resp *http.Response) error {
	if resp.StatusCode >= 400 && resp.StatusCode < 500 {
		return &ClientError{Code: resp.StatusCode}
	}
	if resp.StatusCode >= 400 {
		return errors.New(resp.Status)
	}
	return nil
}

func fetch(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode < 400 {
			return resp, nil
		}
		if err == nil && resp.StatusCode >= 400 && resp.StatusCode < 500 {
			log.Printf("fetch: client error %d", resp.StatusCode)
		}
		if attempt == 3 {
			return resp, err
		}
		time.Sleep(time.Second)
	}
}
