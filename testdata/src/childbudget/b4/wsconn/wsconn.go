// Package wsconn wraps a message connection as a stream; the context it
// is given bounds the wrapper's whole life.
package wsconn

import "context"

type Conn struct{}

type netConn struct {
	c           *Conn
	readCtx     context.Context
	readCancel  context.CancelFunc
	writeCtx    context.Context
	writeCancel context.CancelFunc
}

func (n *netConn) Close() error { n.readCancel(); n.writeCancel(); return nil }

// NetConn keeps ctx (children of it) for the connection's lifetime.
func NetConn(ctx context.Context, c *Conn) *netConn {
	nc := &netConn{c: c}
	nc.readCtx, nc.readCancel = context.WithCancel(ctx)
	nc.writeCtx, nc.writeCancel = context.WithCancel(ctx)
	return nc
}

// Write sends one message under ctx.
func Write(ctx context.Context, c *Conn, msg []byte) error { return ctx.Err() }

type params struct {
	ctx context.Context
	id  string
}

func do(p *params) error { return p.ctx.Err() }

// Fetch puts ctx into the request it sends: the context bounds this one
// call, it is not kept.
func Fetch(ctx context.Context, id string) error {
	return do(&params{ctx: ctx, id: id})
}
