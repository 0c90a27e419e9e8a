// Package w1pgx holds W1 fixtures on pgx v5.
package w1pgx

import (
	"context"
	"errors"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	goretry "github.com/sethvargo/go-retry"
)

// Positive: go-retry retries what the operation marks retryable, and it
// marks every error.
func enqueue(ctx context.Context, pool *pgxpool.Pool, job string) error {
	return goretry.Do(ctx, goretry.NewConstant(time.Second), func(ctx context.Context) error {
		_, err := pool.Exec(ctx, "INSERT INTO jobs (payload) VALUES ($1)", job) // want `INSERT INTO jobs is retried by retry.Do after every error`
		if err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}

// Negative twin: only errors pgconn guarantees were raised before sending.
func enqueueSafe(ctx context.Context, pool *pgxpool.Pool, job string) error {
	return goretry.Do(ctx, goretry.NewConstant(time.Second), func(ctx context.Context) error {
		_, err := pool.Exec(ctx, "INSERT INTO jobs (payload) VALUES ($1)", job)
		if err != nil && pgconn.SafeToRetry(err) {
			return goretry.RetryableError(err)
		}
		return err
	})
}

// Positive: marked retryable on a timeout.
func enqueueOnTimeout(ctx context.Context, pool *pgxpool.Pool, job string) error {
	return goretry.Do(ctx, goretry.NewConstant(time.Second), func(ctx context.Context) error {
		_, err := pool.Exec(ctx, "INSERT INTO jobs (payload) VALUES ($1)", job) // want `INSERT INTO jobs is retried by retry.Do after pgconn.Timeout`
		if pgconn.Timeout(err) {
			return goretry.RetryableError(err)
		}
		return err
	})
}

// Negative twin: go-retry with an operation that never marks an error.
func enqueueOnce(ctx context.Context, pool *pgxpool.Pool, job string) error {
	return goretry.Do(ctx, goretry.NewConstant(time.Second), func(ctx context.Context) error {
		_, err := pool.Exec(ctx, "INSERT INTO jobs (payload) VALUES ($1)", job)
		return err
	})
}

// Positive: the whole transaction is rerun, but on every error: a commit
// that timed out may have been applied.
func checkout(ctx context.Context, conn *pgx.Conn, cart string) error {
	return backoff.Retry(func() error {
		tx, err := conn.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		if _, err := tx.Exec(ctx, "INSERT INTO orders (cart) VALUES ($1)", cart); err != nil { // want `INSERT INTO orders is retried by backoff.Retry after every error`
			return err
		}
		return tx.Commit(ctx)
	}, backoff.NewExponentialBackOff())
}

// isSerializationFailure says whether the server aborted the transaction
// for a conflict.
func isSerializationFailure(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

// Negative twin: the whole transaction rerun on conflicts only: the
// aborted transaction was not applied.
func checkoutOnConflict(ctx context.Context, conn *pgx.Conn, cart string) error {
	return retry.Do(func() error {
		return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, "INSERT INTO orders (cart) VALUES ($1)", cart)
			return err
		})
	}, retry.RetryIf(isSerializationFailure), retry.Context(ctx))
}

// Positive: an upsert whose update adds to the old value.
func hit(ctx context.Context, pool *pgxpool.Pool, page string) error {
	return retry.Do(func() error {
		_, err := pool.Exec(ctx, "INSERT INTO hits (page, n) VALUES ($1, 1) ON CONFLICT (page) DO UPDATE SET n = hits.n + 1", page) // want `INSERT INTO hits \.\.\. ON CONFLICT DO UPDATE SET n = n \.\.\. is retried by retry.Do after every error`
		return err
	}, retry.Context(ctx))
}

// Negative twin: an upsert that stores the proposed value.
func put(ctx context.Context, pool *pgxpool.Pool, k, v string) error {
	return retry.Do(func() error {
		_, err := pool.Exec(ctx, "INSERT INTO kv (k, v) VALUES ($1, $2) ON CONFLICT (k) DO UPDATE SET v = EXCLUDED.v", k, v)
		return err
	}, retry.Context(ctx))
}

// Positive: a loop that goes round on a timeout.
func credit(ctx context.Context, conn *pgx.Conn, acct string, cents int) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		_, err = conn.Exec(ctx, "UPDATE wallets SET cents = cents + $1 WHERE id = $2", cents, acct) // want `UPDATE wallets SET cents = cents \.\.\. is retried by retry loop after pgconn.Timeout`
		if err == nil {
			return nil
		}
		if !pgconn.Timeout(err) {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// Negative twin: a loop that goes round on conflicts of a statement that
// runs alone (its own transaction, aborted and not applied).
func creditOnConflict(ctx context.Context, conn *pgx.Conn, acct string, cents int) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		_, err = conn.Exec(ctx, "UPDATE wallets SET cents = cents + $1 WHERE id = $2", cents, acct)
		if err == nil {
			return nil
		}
		if !isSerializationFailure(err) {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// Negative twin: the statement text comes from elsewhere.
func run(ctx context.Context, pool *pgxpool.Pool, stmts []string) error {
	return retry.Do(func() error {
		for _, s := range stmts {
			if _, err := pool.Exec(ctx, s); err != nil {
				return err
			}
		}
		return nil
	}, retry.Context(ctx))
}

// Negative twin: a duplicate key means an earlier attempt stored the
// order: the retry reports success.
func placeKeyed(ctx context.Context, pool *pgxpool.Pool, id, cart string) error {
	return retry.Do(func() error {
		_, err := pool.Exec(ctx, "INSERT INTO orders (id, cart) VALUES ($1, $2)", id, cart)
		var pe *pgconn.PgError
		if errors.As(err, &pe) && pe.Code == "23505" {
			return nil
		}
		return err
	}, retry.Context(ctx))
}

// Positive twin: the duplicate key is an error the helper gives up on,
// and every other error is retried.
func placeKeyedFails(ctx context.Context, pool *pgxpool.Pool, id, cart string) error {
	return retry.Do(func() error {
		_, err := pool.Exec(ctx, "INSERT INTO orders (id, cart) VALUES ($1, $2)", id, cart) // want `INSERT INTO orders is retried by retry.Do after every error`
		var pe *pgconn.PgError
		if errors.As(err, &pe) && pe.Code == "23505" {
			return retry.Unrecoverable(err)
		}
		return err
	}, retry.Context(ctx))
}
