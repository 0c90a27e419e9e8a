package leaves // want package:`places leaves.go:19`

// The correct twin: client errors leave the loop, 429 and 5xx go round.

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
		if resp.StatusCode >= 400 && resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		if resp.StatusCode == http.StatusNotFound {
			break
		}
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
			resp.Body.Close()
			time.Sleep(time.Duration(attempt+1) * time.Second)
			continue
		}
		return resp, nil
	}
	return resp, err
}
