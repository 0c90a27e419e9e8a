// Package sync imports upload and decides again: one package sees both.
package sync

import (
	"errors"
	"net/http"
	"time"

	"example.com/siblings/upload"
)

// Mirror reads src, and copies it with upload.Put.
func Mirror(c *http.Client, src string, req *http.Request) (*http.Response, error) {
	if _, err := upload.Put(c, req); err != nil {
		return nil, err
	}
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Get(src)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if resp.StatusCode == http.StatusBadGateway {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("sync: no attempt left")
}
