package b4

import (
	"context"
	"errors"
)

type Client struct {
	stock Stock
	done  chan struct{}
}

func (c *Client) shutdown() { close(c.done) }

// Negatives: context.AfterFunc registers a callback and context.Cause
// reads why a context ended; neither sends anything nor has a deadline to
// escape.

// The client's lifetime context is its own (the caller's ctx covers only
// the connect); AfterFunc wires shutdown to it.
func (c *Client) Connect(ctx context.Context) error {
	clientCtx, cancel := context.WithCancel(context.Background())
	context.AfterFunc(clientCtx, c.shutdown)
	go func() {
		<-c.done
		cancel()
	}()
	return send(ctx, "connect")
}

func (c *Client) Watch(ctx context.Context) (stop func() bool) {
	return context.AfterFunc(context.Background(), c.shutdown)
}

func (c *Client) Why(ctx context.Context) bool {
	return errors.Is(context.Cause(context.Background()), context.Canceled) && ctx.Err() == nil
}

// Positive: the same lifetime context handed to a call that runs work
// under it, after the AfterFunc registration.
func (c *Client) ConnectAndHold(ctx context.Context, skus []string) error {
	clientCtx, cancel := context.WithCancel(context.Background()) // want `context.Background\(\) passed to b4.Stock.Hold`
	defer cancel()
	context.AfterFunc(clientCtx, c.shutdown)
	return c.stock.Hold(clientCtx, skus)
}
