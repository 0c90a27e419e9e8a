package i1

import (
	"context"
	"time"

	"github.com/google/uuid"
)

// A connection-type retry helper whose operation takes the connection
// as an extra parameter, called inside a literal handed to withConn.

type conn struct{}

type connClient struct {
	c          *Client
	maxRetries int
}

func (cc *connClient) withConn(ctx context.Context, fn func(context.Context, *conn) error) error {
	return fn(ctx, &conn{})
}

func (cc *connClient) withRetry(ctx context.Context, fn func(context.Context, *conn) error) error {
	var lastErr error
	for attempt := 0; attempt <= cc.maxRetries; attempt++ {
		lastErr = cc.withConn(ctx, func(ctx context.Context, cn *conn) error {
			return fn(ctx, cn)
		})
		if lastErr == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(attempt) * time.Second):
		}
	}
	return lastErr
}

// withTx runs its operation once.
func (cc *connClient) withTx(ctx context.Context, fn func(context.Context, *conn) error) error {
	return cc.withConn(ctx, func(ctx context.Context, cn *conn) error {
		return fn(ctx, cn)
	})
}

// Positive: the key is generated inside the operation the helper retries.
func (cc *connClient) charge(ctx context.Context, r Request) error {
	return cc.withRetry(ctx, func(ctx context.Context, cn *conn) error {
		r = r.WithIdempotencyKey(uuid.NewString()) // want `idempotency key is generated inside the retry closure`
		return cc.c.Charge(ctx, r)
	})
}

// Negative twin: the same operation run once in a transaction.
func (cc *connClient) chargeTx(ctx context.Context, r Request) error {
	return cc.withTx(ctx, func(ctx context.Context, cn *conn) error {
		r = r.WithIdempotencyKey(uuid.NewString())
		return cc.c.Charge(ctx, r)
	})
}
