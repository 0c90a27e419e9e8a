// Package s2dep is a client library that retries on its own: its callers
// in other packages learn it from a fact.
package s2dep

import (
	"context"
	"errors"
	"time"
)

var errBusy = errors.New("busy")

func get(ctx context.Context) error { return errBusy }

// Fetch retries three times.
func Fetch(ctx context.Context) error { // want Fetch:"retries: retry loop at s2dep.go:18 \\(3 attempts\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = get(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// Lookup retries through Fetch.
func Lookup(ctx context.Context, key string) error { // want Lookup:"retries: retry loop at s2dep.go:18"
	return Fetch(ctx)
}

// NoRetry calls once.
func NoRetry(ctx context.Context) error { return get(ctx) }

// Deliberate retries, and says that layering it is deliberate.
func Deliberate(ctx context.Context) error {
	var err error
	//reslint:ignore retrystorm a lease renewal: callers retry the whole job, this retries the renewal only
	for attempt := 0; attempt < 3; attempt++ {
		if err = get(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Conn is a pooled connection.
type Conn struct{ idleFor time.Duration }

// Close closes the connection.
func (c *Conn) Close() error { return nil }

// Do sends one request.
func (c *Conn) Do(ctx context.Context, req []byte) error { return nil }

// Pool hands out idle connections.
type Pool struct{}

func (p *Pool) popIdle() (*Conn, error) { return nil, nil }
func (p *Pool) closeConn(c *Conn)       {}

// Get pops idle connections until one is fresh: a stale one is closed
// and the next one popped. No request is sent again: no retry, no fact.
func (p *Pool) Get(ctx context.Context) (*Conn, error) {
	for attempts := 0; attempts < 3; attempts++ {
		cn, err := p.popIdle()
		if err != nil {
			return nil, err
		}
		if cn == nil {
			break
		}
		if cn.idleFor > time.Minute {
			p.closeConn(cn)
			continue
		}
		return cn, nil
	}
	return &Conn{}, nil
}

// Send sends req again on a fresh connection after a failure: a retry.
func (p *Pool) Send(ctx context.Context, req []byte) error { // want Send:"retries: retry loop at s2dep.go:\\d+ \\(3 attempts\\)"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var cn *Conn
		cn, err = p.Get(ctx)
		if err != nil {
			return err
		}
		if err = cn.Do(ctx, req); err != nil {
			cn.Close()
			continue
		}
		return nil
	}
	return err
}

// HTTPClient retries as many times as it is configured to: none unless
// an option sets retryCount.
type HTTPClient struct{ retryCount int }

// Do sends with the configured retries.
func (c *HTTPClient) Do(ctx context.Context) error { // want Do:"retries: retry loop at s2dep.go:\\d+"
	var err error
	for i := 0; i <= c.retryCount; i++ {
		if err = get(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Retrier decides whether to go again, and after how long.
type Retrier interface {
	Retry(n int, err error) (time.Duration, bool)
}

// PolicyClient retries as its retrier says (by default, never).
type PolicyClient struct{ retrier Retrier }

// Perform asks the retrier after each failure.
func (c *PolicyClient) Perform(ctx context.Context) error { // want Perform:"retries: retry loop at s2dep.go:\\d+"
	for n := 1; ; n++ {
		err := get(ctx)
		if err == nil {
			return nil
		}
		wait, again := c.retrier.Retry(n, err)
		if !again {
			return err
		}
		time.Sleep(wait)
	}
}

// ErrUnavailable is the answer of a replica that is down; ErrNotFound
// that of a key that is not there (yet).
var (
	ErrUnavailable = errors.New("unavailable")
	ErrNotFound    = errors.New("not found")
)

// FetchReplica goes round only while the replica is unavailable: any
// other error ends it at once.
func FetchReplica(ctx context.Context, key string) error { // want FetchReplica:"retries: retry loop at s2dep.go:\\d+ \\(5 attempts\\) on sentinel:retrystorm/s2dep.ErrUnavailable"
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		err = get(ctx)
		if !errors.Is(err, ErrUnavailable) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// CoordError is an error code of a transaction coordinator; its codes
// are package variables of the concrete type.
type CoordError struct {
	Message string
	Code    int16
}

func (e *CoordError) Error() string { return e.Message }

// The answers of a transaction coordinator.
var (
	OperationNotAttempted  = &CoordError{"OPERATION_NOT_ATTEMPTED", 55}
	TransactionAbortable   = &CoordError{"TRANSACTION_ABORTABLE", 120}
	UnknownServerError     = &CoordError{"UNKNOWN_SERVER_ERROR", -1}
	ConcurrentTransactions = &CoordError{"CONCURRENT_TRANSACTIONS", 51}
)
