package notfound // want package:`places notfound.go:19`

// A retry loop that resends on 404 as well as on 5xx.

import (
	"context"
	"net/http"
	"time"
)

func get(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		resp, err = c.Do(req.WithContext(ctx))
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusNotFound || resp.StatusCode >= 500 {
			resp.Body.Close()
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(time.Duration(attempt+1) * time.Second):
			}
			continue // want `this retry loop goes round on HTTP 404, but the same request gets the same answer on every attempt`
		}
		return resp, nil
	}
	return resp, err
}
