// Package download keeps its own list of transient statuses; it does not
// import package upload, so no single package shows both lists.
package download

import (
	"errors"
	"net/http"
	"time"
)

// Get fetches url up to three times while the server answers 503.
func Get(c *http.Client, url string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Get(url)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if resp.StatusCode == http.StatusServiceUnavailable {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("download: no attempt left")
}
