// Package lib is a dependency whose functions set their own timeouts.
package lib

import (
	"context"
	"time"
)

type Client struct{}

// Do sets 5s on the context it is given.
func (c *Client) Do(ctx context.Context, req string) error { // want Do:"sets 5s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	return send(ctx, req)
}

func send(ctx context.Context, req string) error { return ctx.Err() }

// Charge hands its context to Client.Do: it sets 5s too, through Do.
func Charge(ctx context.Context, c *Client, user string) error { // want Charge:"sets 5s on ctx via lib.Client.Do"
	ctx = context.WithValue(ctx, key{}, user)
	return c.Do(ctx, user)
}

type key struct{}

// Short sets 100ms only.
func Short(ctx context.Context) error { // want Short:"sets 100ms on ctx"
	ctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	return send(ctx, "")
}

// Default sets 30s only when the caller set no deadline: no fact.
func Default(ctx context.Context) error {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
	}
	return send(ctx, "")
}

// Bounded sets its own 2s first: what its callee sets is judged here, not
// passed on.
func Bounded(ctx context.Context, c *Client) error { // want Bounded:"sets 2s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return c.Do(ctx, "x") // want `lib.Client.Do sets a 5s timeout, but its context has at most 2s left`
}

// Generic sets 4s, whatever T is.
func Generic[T any](ctx context.Context, v T) error { // want Generic:"sets 4s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 4*time.Second)
	defer cancel()
	return send(ctx, "")
}

// ping and pong call each other: the fixed point ends.
func ping(ctx context.Context, n int) error { // want ping:"sets 3s on ctx via lib.pong"
	if n == 0 {
		return nil
	}
	return pong(ctx, n-1)
}

func pong(ctx context.Context, n int) error { // want pong:"sets 3s on ctx"
	c, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	return ping(c, n)
}
