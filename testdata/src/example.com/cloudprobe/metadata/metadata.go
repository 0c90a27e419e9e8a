// Package metadata is a dependency of the childbudget/b2 fixture, in
// another module: a platform probe that caps its wait at 5s for callers
// that bring no deadline, and yields to a shorter one.
package metadata

import (
	"context"
	"time"
)

type Client struct{}

var defaultClient = &Client{}

// OnPlatform reports whether the process runs on the platform.
func OnPlatform(ctx context.Context) bool { // want OnPlatform:"sets 5s on ctx via metadata.Client.OnPlatform"
	return defaultClient.OnPlatform(ctx)
}

func (c *Client) OnPlatform(ctx context.Context) bool { // want OnPlatform:"sets 5s on ctx"
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	<-wctx.Done()
	return false
}
