// Package upload retries a PUT on the statuses it thinks transient.
package upload

import (
	"errors"
	"net/http"
	"time"
)

// Put sends req up to three times while the server answers 503 or 429.
func Put(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if resp.StatusCode == http.StatusServiceUnavailable || resp.StatusCode == http.StatusTooManyRequests {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("upload: no attempt left")
}
