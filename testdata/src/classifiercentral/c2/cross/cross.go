package cross // want package:`places cross.go:16`

// This package has one place of its own and imports a library of another
// module that has one: classification in two modules is not scattered.

import (
	"net/http"
	"time"

	"example.com/cclib/retryutil"
)

func get(c *http.Client, url string) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := c.Get(url)
		if err == nil && resp.StatusCode != http.StatusServiceUnavailable {
			return resp, nil
		}
		if err != nil && !retryutil.IsTransient(err) || attempt == 3 {
			return resp, err
		}
		time.Sleep(time.Second)
	}
}
