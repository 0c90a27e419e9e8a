package loops

import (
	"context"
	"errors"
	"net"
	"sync"
	"time"
)

// Loops over resources: each pass takes a new item (an idle connection
// from a pool, the next element of a source, another address of a list)
// and checks it. A rejected item is dropped and the next one taken; no
// operation is sent again, so these are no retry loops. Their twins send
// the same request again after a failure, and are.

type pconn struct{ used time.Time }

func (c *pconn) Close() error                                              { return nil }
func (c *pconn) Ping(ctx context.Context) error                            { return nil }
func (c *pconn) Send(ctx context.Context, req *sendReq) (*sendResp, error) { return nil, nil }

type sendReq struct{ Body []byte }
type sendResp struct{ Status int }

type idlePool struct {
	mu   sync.Mutex
	idle []*pconn
}

func (p *idlePool) popIdle() (*pconn, error)                { return nil, nil }
func (p *idlePool) healthy(c *pconn, now int64) bool        { return true }
func (p *idlePool) closeConn(c *pconn, reason string)       {}
func (p *idlePool) put(c *pconn)                            {}
func (p *idlePool) remove(ctx context.Context, c *pconn)    {}
func (p *idlePool) Get(ctx context.Context) (*pconn, error) { return nil, nil }

const getAttempts = 3

// An idle connection is popped up to getAttempts times; a stale one is
// closed and the next one popped.
func (p *idlePool) getIdle(now int64) (*pconn, error) {
	for attempts := 0; attempts < getAttempts; attempts++ {
		p.mu.Lock()
		cn, err := p.popIdle()
		p.mu.Unlock()
		if err != nil {
			return nil, err
		}
		if cn == nil {
			break
		}
		if !p.healthy(cn, now) {
			p.closeConn(cn, "stale")
			continue
		}
		return cn, nil
	}
	return nil, nil
}

// A rejected connection goes back to the pool (cn = nil) and the next
// one is popped.
func (p *idlePool) getAccepted(accept func(*pconn) bool) (*pconn, error) { // want getAccepted:"callsparam\\(0\\)"
	for attempts := 0; attempts < getAttempts; attempts++ {
		cn, err := p.popIdle()
		if err != nil {
			return nil, err
		}
		if cn == nil {
			return nil, nil
		}
		if !accept(cn) {
			p.put(cn)
			cn = nil
			continue
		}
		return cn, nil
	}
	return nil, errors.New("no acceptable connection")
}

// A callback that records how long the pool turn took runs on the way
// out: it is named for a wait and takes a duration, but no path from it
// goes round.
func (p *idlePool) getTimed(ctx context.Context, now int64, waited time.Duration, waitTimeCallback func(context.Context, time.Duration, *pconn)) (*pconn, error) { // want getTimed:"callsparam\\(3\\)"
	for attempts := 0; attempts < getAttempts; attempts++ {
		cn, err := p.popIdle()
		if err != nil {
			return nil, err
		}
		if cn == nil {
			break
		}
		if !p.healthy(cn, now) {
			p.closeConn(cn, "stale")
			continue
		}
		if waitTimeCallback != nil {
			waitTimeCallback(ctx, waited, cn)
		}
		return cn, nil
	}
	return nil, nil
}

// Twin: the pool is asked again after a pause when the connection is
// stale: waiting for the same thing to succeed.
func (p *idlePool) getPausing(now int64) (*pconn, error) { // want getPausing:"sleeps"
	for attempts := 0; attempts < getAttempts; attempts++ { // want "retry loop, attempt \\*ast.SelectorExpr \\[attempt-counter, waits, result-value"
		cn, err := p.popIdle()
		if err != nil {
			return nil, err
		}
		if cn == nil {
			break
		}
		if !p.healthy(cn, now) {
			p.closeConn(cn, "stale")
			time.Sleep(10 * time.Millisecond)
			continue
		}
		return cn, nil
	}
	return nil, nil
}

type hooks struct{}

func (h *hooks) OnGet(ctx context.Context, c *pconn, fresh bool) (bool, error) { return true, nil }

// A hook checks each popped connection; a rejected one is closed or put
// back and the next one popped.
func (p *idlePool) getHooked(ctx context.Context, h *hooks, now int64) (*pconn, error) {
	for attempts := 0; attempts < getAttempts; attempts++ {
		cn, err := p.popIdle()
		if err != nil {
			return nil, err
		}
		if cn == nil {
			break
		}
		if !p.healthy(cn, now) {
			_ = cn.Close()
			continue
		}
		if ok, hookErr := h.OnGet(ctx, cn, false); hookErr != nil || !ok {
			if hookErr != nil {
				p.closeConn(cn, "hook")
			} else {
				p.put(cn)
				cn = nil
			}
			continue
		}
		return cn, nil
	}
	return nil, nil
}

// Twin: the hook is asked again about the same connection.
func (p *idlePool) askHookAgain(ctx context.Context, h *hooks, cn *pconn) error {
	for attempts := 0; attempts < getAttempts; attempts++ { // want "retry loop, attempt \\*ast.SelectorExpr \\[attempt-counter, failure-goes-round"
		if _, err := h.OnGet(ctx, cn, false); err != nil {
			continue
		}
		return nil
	}
	return errors.New("hook keeps failing")
}

// Each pass gets a connection and pings it; a dead one is removed and the
// next one taken. The ping carries no request: it checks the connection.
func (p *idlePool) getLive(ctx context.Context) (*pconn, error) {
	for tries := 0; tries < 5; tries++ {
		cn, err := p.Get(ctx)
		if err != nil {
			return nil, err
		}
		if err := cn.Ping(ctx); err != nil {
			p.remove(ctx, cn)
			continue
		}
		return cn, nil
	}
	return nil, errors.New("no live connection")
}

// Each pass dials the next address of the list.
func dialAny(addrs []string, maxAttempts int) (net.Conn, error) {
	var lastErr error
	for attempt := 0; attempt < maxAttempts; attempt++ {
		addr := addrs[attempt%len(addrs)]
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			lastErr = err
			continue
		}
		return conn, nil
	}
	return nil, lastErr
}

type source struct{}

func (s *source) Next() (*pconn, error) { return nil, nil }

// The next element is taken until one is fresh; a stale one is closed.
func (s *source) nextFresh(maxTries int) (*pconn, error) {
	for tries := 0; tries < maxTries; tries++ {
		c, err := s.Next()
		if err != nil {
			return nil, err
		}
		if time.Since(c.used) > time.Minute {
			c.Close()
			continue
		}
		return c, nil
	}
	return nil, errors.New("none fresh")
}

// Twin: the same request is sent again on a fresh connection after a
// failure: a retry of the request.
func (p *idlePool) sendRetry(ctx context.Context, req *sendReq) (*sendResp, error) {
	for attempt := 0; attempt < 3; attempt++ { // want "retry loop, attempt \\*ast.SelectorExpr \\[attempt-counter, failure-goes-round"
		cn, err := p.Get(ctx)
		if err != nil {
			return nil, err
		}
		resp, err := cn.Send(ctx, req)
		if err != nil {
			p.remove(ctx, cn)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("send failed")
}

// Twin: the pool is asked again after a wait: the same get, re-attempted
// after a failure.
func (p *idlePool) getWaiting(ctx context.Context) (*pconn, error) {
	for attempts := 0; attempts < getAttempts; attempts++ { // want "retry loop, attempt \\*ast.SelectorExpr \\[attempt-counter, waits"
		cn, err := p.Get(ctx)
		if err == nil {
			return cn, nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	return nil, errors.New("pool exhausted")
}

// Twin: the same address is dialled again: a retry of the dial.
func dialRetry(addr string, maxAttempts int) (net.Conn, error) {
	var lastErr error
	for attempt := 0; attempt < maxAttempts; attempt++ { // want "retry loop, attempt \\*ast.SelectorExpr \\[attempt-counter, failure-goes-round"
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			lastErr = err
			continue
		}
		return conn, nil
	}
	return nil, lastErr
}

// Twin: the ping is sent again on the same connection.
func pingRetry(ctx context.Context, cn *pconn) error {
	for tries := 0; tries < 5; tries++ { // want "retry loop, attempt \\*ast.SelectorExpr \\[attempt-counter, failure-goes-round"
		if err := cn.Ping(ctx); err != nil {
			continue
		}
		return nil
	}
	return errors.New("no pong")
}
