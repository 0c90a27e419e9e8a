package conn

import "context"

// Get retries through a helper declared in another file.
func (c *Client) Get(ctx context.Context, key string) (string, error) {
	var v string
	err := c.withRetry(ctx, func(ctx context.Context, cn *Conn) error { // want "retry closure of conn.Client.withRetry \\[inferred-helper\\]"
		v = key
		return nil
	})
	return v, err
}
