package skip

// A loop over items that skips the missing ones: no retry.

import (
	"context"
	"net/http"
)

func fetchAll(ctx context.Context, c *http.Client, reqs []*http.Request) []*http.Response {
	var out []*http.Response
	for _, req := range reqs {
		resp, err := c.Do(req.WithContext(ctx))
		if err != nil {
			continue
		}
		if resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone {
			resp.Body.Close()
			continue
		}
		out = append(out, resp)
	}
	return out
}
