// Package quiet decides retries in a place a directive silences.
package quiet

import (
	"errors"
	"net/http"
	"time"
)

// Head asks url up to three times while the server answers 504.
func Head(c *http.Client, url string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Head(url)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		//reslint:ignore C2 the gateway's own status, decided here on purpose
		if resp.StatusCode == http.StatusGatewayTimeout {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("quiet: no attempt left")
}
