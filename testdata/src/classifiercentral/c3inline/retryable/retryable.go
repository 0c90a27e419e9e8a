package retryable

// Goes round unless the answer is a 404: the deterministic answer is the
// one that leaves.

import (
	"context"
	"net/http"
	"time"
)

func get(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusNotFound && resp.StatusCode >= 400 && attempt < 3 {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
}
