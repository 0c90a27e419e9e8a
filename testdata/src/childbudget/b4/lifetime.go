package b4

import (
	"context"

	"childbudget/b4/wsconn"
)

// Negative: the wrapper keeps the context as its lifetime; the dial's
// context must not end the connection.
func dialStream(ctx context.Context, c *wsconn.Conn) error {
	nc := wsconn.NetConn(context.Background(), c)
	return nc.Close()
}

// Positive twin: one message sent detached from the caller.
func sendDetached(ctx context.Context, c *wsconn.Conn) error {
	return wsconn.Write(context.Background(), c, nil) // want `context.Background\(\) passed to wsconn.Write detaches the call`
}

// Positive twin: the callee puts the context into a request it sends at
// once; nothing keeps it.
func fetchDetached(ctx context.Context) error {
	return wsconn.Fetch(context.TODO(), "evt") // want `context.TODO\(\) passed to wsconn.Fetch detaches the call`
}
