// Package s2classes holds retry layers that go round on different
// errors: an outer layer that retries only what the inner one never
// retries does not multiply its attempts (negatives), next to outer
// layers that retry what the inner one gives up on (positives).
package s2classes

import (
	"context"
	"errors"
	"fmt"
	"time"

	"retrystorm/s2dep"
)

// The coordinator's answers (s2dep.CoordError values).
var (
	errNotAttempted  = s2dep.OperationNotAttempted
	errAbortable     = s2dep.TransactionAbortable
	errUnknownServer = s2dep.UnknownServerError
	errConcurrent    = s2dep.ConcurrentTransactions
)

func endTxnRequest(ctx context.Context, commit bool) error { return nil }

type txnClient struct {
	ctx     context.Context
	backoff time.Duration
}

// doWithConcurrent retries while the coordinator answers "concurrent
// transactions" (the previous transaction is still being finished), for
// as long as the contexts allow.
func (c *txnClient) doWithConcurrent(ctx context.Context, fn func() error) error {
	tries := 0
start:
	err := fn()
	if errors.Is(err, errConcurrent) {
		tries++
		select {
		case <-time.After(c.backoff):
		case <-ctx.Done():
			return err
		case <-c.ctx.Done():
			return err
		}
		goto start
	}
	return err
}

// endTransaction ends the transaction through doWithConcurrent.
func (c *txnClient) endTransaction(ctx context.Context, commit bool) error {
	return c.doWithConcurrent(ctx, func() error { return endTxnRequest(ctx, commit) })
}

// Negative: the outer goto loop goes round only on three other answers
// of the coordinator, which doWithConcurrent never retries; the error it
// gives up on (concurrent transactions) ends this loop.
func (c *txnClient) end(ctx context.Context, commit bool) error {
	var tries int
retry:
	err := c.endTransaction(ctx, commit)
	tries++
	if err != nil && tries < 10 {
		switch {
		case errors.Is(err, errNotAttempted):
			commit = false
			goto retry
		case errors.Is(err, errAbortable):
			commit = false
			goto retry
		case errors.Is(err, errUnknownServer):
			commit = false
			goto retry
		}
	}
	return err
}

// Positive: the outer loop also goes round on "concurrent transactions",
// the error doWithConcurrent returns once its context is done.
func (c *txnClient) endPatiently(ctx context.Context, commit bool) error {
	var tries int
retry: // want `retry loop \(its attempts\) runs c.endTransaction \(retry loop at txn.go:\d+\) \(its attempts\) in each attempt`
	err := c.endTransaction(ctx, commit)
	tries++
	if err != nil && tries < 10 {
		if errors.Is(err, errConcurrent) || errors.Is(err, errAbortable) {
			time.Sleep(time.Second)
			goto retry
		}
	}
	return err
}

// Positive: the outer loop goes round on every error.
func (c *txnClient) endAll(ctx context.Context, commit bool) error {
	var err error
	for tries := 0; tries < 10; tries++ { // want `retry loop \(10 attempts\) runs c.endTransaction \(retry loop at txn.go:\d+\) \(its attempts\) in each attempt`
		if err = c.endTransaction(ctx, commit); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Positive: the outer loop retries every error but one; the inner
// layer's give-up error is among them.
func (c *txnClient) endUnlessAbortable(ctx context.Context, commit bool) error {
	var err error
	for tries := 0; tries < 10; tries++ { // want `retry loop \(10 attempts\) runs c.endTransaction`
		err = c.endTransaction(ctx, commit)
		if err == nil || errors.Is(err, errAbortable) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative: the outer loop retries every error but "concurrent
// transactions", the only one the inner layer retries: what the inner
// gives up on ends the outer, and what the outer retries the inner
// tried once.
func (c *txnClient) endOnce(ctx context.Context, commit bool) error {
	var err error
	for tries := 0; tries < 3; tries++ {
		err = c.endTransaction(ctx, commit)
		if err == nil || errors.Is(err, errConcurrent) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative, across packages: s2dep.FetchReplica goes round only while
// the replica is unavailable (its fact says so); this loop waits only
// for a key that is not there yet.
func waitForKey(ctx context.Context, key string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		err = s2dep.FetchReplica(ctx, key)
		if !errors.Is(err, s2dep.ErrNotFound) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Positive, across packages: this loop retries every error, the
// "unavailable" FetchReplica gives up on among them.
func fetchPatiently(ctx context.Context, key string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop \(5 attempts\) runs s2dep.FetchReplica \(retry loop at s2dep.go:\d+\) \(5 attempts\) in each attempt: 5 x 5 = 25 calls per request`
		if err = s2dep.FetchReplica(ctx, key); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

var errTooManyTries = errors.New("too many tries")

// endTransactionCounted retries "concurrent transactions" five times,
// then gives up with an error of its own.
func (c *txnClient) endTransactionCounted(ctx context.Context, commit bool) error {
	for tries := 0; tries < 5; tries++ {
		err := endTxnRequest(ctx, commit)
		if !errors.Is(err, errConcurrent) {
			return err
		}
		time.Sleep(c.backoff)
	}
	return errTooManyTries
}

// Positive: as endOnce, but the inner layer gives up with "too many
// tries", which this loop retries: 3 x 5 attempts.
func (c *txnClient) endOnceCounted(ctx context.Context, commit bool) error {
	var err error
	for tries := 0; tries < 3; tries++ { // want `retry loop \(3 attempts\) runs c.endTransactionCounted \(retry loop at txn.go:\d+\) \(5 attempts\) in each attempt: 3 x 5 = 15 calls per request`
		err = c.endTransactionCounted(ctx, commit)
		if err == nil || errors.Is(err, errConcurrent) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative: the same inner loop, handing back its own error when its
// attempts are spent: what it gives up on ends this loop.
func (c *txnClient) endTransactionWrapped(ctx context.Context, commit bool) error {
	var err error
	for tries := 0; tries < 5; tries++ {
		err = endTxnRequest(ctx, commit)
		if !errors.Is(err, errConcurrent) {
			return err
		}
		time.Sleep(c.backoff)
	}
	return fmt.Errorf("end transaction: %w", err)
}

func (c *txnClient) endOnceWrapped(ctx context.Context, commit bool) error {
	var err error
	for tries := 0; tries < 3; tries++ {
		err = c.endTransactionWrapped(ctx, commit)
		if err == nil || errors.Is(err, errConcurrent) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}
