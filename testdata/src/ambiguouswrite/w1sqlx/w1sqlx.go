// Package w1sqlx holds W1 (and a W3) fixtures on sqlx: its own methods
// (NamedExec, MustExec, GetContext of an INSERT ... RETURNING), the
// package-level functions taking an executor interface, and statements
// rebound for the driver's placeholders.
package w1sqlx

import (
	"context"
	"database/sql/driver"
	"errors"
	"net"
	"syscall"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"github.com/jmoiron/sqlx"
)

type Order struct {
	ID     string `db:"id"`
	Amount int    `db:"amount"`
}

// Positive: a named insert retried on every error.
func saveOrder(ctx context.Context, db *sqlx.DB, o Order) error {
	return retry.Do(func() error {
		_, err := db.NamedExecContext(ctx, "INSERT INTO orders (id, amount) VALUES (:id, :amount)", o) // want `INSERT INTO orders is retried by retry.Do after every error`
		return err
	}, retry.Context(ctx))
}

// Negative twin: the insert skips an order an earlier attempt stored.
func saveOrderOnce(ctx context.Context, db *sqlx.DB, o Order) error {
	return retry.Do(func() error {
		_, err := db.NamedExecContext(ctx, "INSERT INTO orders (id, amount) VALUES (:id, :amount) ON CONFLICT (id) DO NOTHING", o)
		return err
	}, retry.Context(ctx))
}

// Positive: the id is read back with GetContext, but the statement is an
// insert: each attempt that reached the server adds a row.
func createUser(ctx context.Context, db *sqlx.DB, name string) (int64, error) {
	var id int64
	err := retry.Do(func() error {
		return db.GetContext(ctx, &id, "INSERT INTO users (name) VALUES ($1) RETURNING id", name) // want `INSERT INTO users is retried by retry.Do after every error`
	}, retry.Context(ctx))
	return id, err
}

// Negative twin: a read through GetContext.
func userName(ctx context.Context, db *sqlx.DB, id int64) (string, error) {
	var name string
	err := retry.Do(func() error {
		return db.GetContext(ctx, &name, "SELECT name FROM users WHERE id = $1", id)
	}, retry.Context(ctx))
	return name, err
}

// Positive: a relative update sent through the executor interface a
// repository takes, by sqlx's package-level MustExecContext.
func addCredit(ctx context.Context, q sqlx.ExtContext, acct string, cents int) error {
	return backoff.Retry(func() error {
		sqlx.MustExecContext(ctx, q, "UPDATE accounts SET credit = credit + $1 WHERE id = $2", cents, acct) // want `UPDATE accounts SET credit = credit \.\.\. is retried by backoff.Retry after every error`
		return nil
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// Negative twin: the absolute value, by id.
func setCredit(ctx context.Context, q sqlx.ExtContext, acct string, cents int) error {
	return backoff.Retry(func() error {
		_, err := q.ExecContext(ctx, "UPDATE accounts SET credit = $1 WHERE id = $2", cents, acct)
		return err
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// Positive: the statement is rebound for the driver's placeholders; its
// text is still the constant.
func like(ctx context.Context, db *sqlx.DB, post int64) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, db.Rebind("UPDATE posts SET likes = likes + 1 WHERE id = ?"), post) // want `UPDATE posts SET likes = likes \.\.\. is retried by retry.Do after every error`
		return err
	}, retry.Context(ctx))
}

// Negative twin: a like is a row keyed by (post, user); a second insert
// is ignored.
func likeOnce(ctx context.Context, db *sqlx.DB, post, user int64) error {
	q := db.Rebind("INSERT INTO likes (post, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING")
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, q, post, user)
		return err
	}, retry.Context(ctx))
}

// runTransfer runs the transfer procedure in a transaction of its own.
func runTransfer(ctx context.Context, db *sqlx.DB, from, to string, cents int) error {
	tx := db.MustBeginTx(ctx, nil)
	if _, err := tx.ExecContext(ctx, "CALL transfer($1, $2, $3)", from, to, cents); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Positive: the transaction is retried whole, but after a timeout, which
// may come after the commit.
func transfer(ctx context.Context, db *sqlx.DB, from, to string, cents int) error {
	var err error
	for i := 0; i < 3; i++ {
		err = runTransfer(ctx, db, from, to, cents) // want `CALL transfer \(through runTransfer\) is retried by retry loop after a timeout`
		var ne net.Error
		if !errors.As(err, &ne) || !ne.Timeout() {
			return err
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
	}
	return err
}

// Negative twin: the same loop goes round only when the connection was
// refused: the call never reached the server.
func transferRefused(ctx context.Context, db *sqlx.DB, from, to string, cents int) error {
	var err error
	for i := 0; i < 3; i++ {
		err = runTransfer(ctx, db, from, to, cents)
		if !errors.Is(err, syscall.ECONNREFUSED) {
			return err
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
	}
	return err
}

// isBadConn: database/sql hands the driver's ErrBadConn back only when
// the statement was not sent.
func isBadConn(err error) bool {
	return errors.Is(err, driver.ErrBadConn)
}

// Negative twin: the named insert is retried only on ErrBadConn.
func saveOrderBadConn(ctx context.Context, db *sqlx.DB, o Order) error {
	return retry.Do(func() error {
		_, err := sqlx.NamedExecContext(ctx, db, "INSERT INTO orders (id, amount) VALUES (:id, :amount)", o)
		return err
	}, retry.RetryIf(isBadConn), retry.Context(ctx))
}

// Positive (W3): a slice bound to the named insert is one multi-row
// INSERT, retried whole.
func saveOrders(ctx context.Context, db *sqlx.DB, orders []Order) error {
	return retry.Do(func() error {
		_, err := db.NamedExecContext(ctx, "INSERT INTO orders (id, amount) VALUES (:id, :amount)", orders) // want `INSERT INTO orders with a slice of rows is retried whole by retry.Do after every error`
		return err
	}, retry.Context(ctx))
}

// Negative twin: the multi-row insert skips the rows stored before.
func saveOrdersOnce(ctx context.Context, db *sqlx.DB, orders []Order) error {
	return retry.Do(func() error {
		_, err := db.NamedExecContext(ctx, "INSERT INTO orders (id, amount) VALUES (:id, :amount) ON CONFLICT (id) DO NOTHING", orders)
		return err
	}, retry.Context(ctx))
}

// Negative twin: the statement text is built at run time: nothing is
// known about it.
func dynamic(ctx context.Context, db *sqlx.DB, table string, o Order) error {
	return retry.Do(func() error {
		_, err := db.NamedExecContext(ctx, "INSERT INTO "+table+" (id, amount) VALUES (:id, :amount)", o)
		return err
	}, retry.Context(ctx))
}

// Negative twin: the retry is marked deliberate: the table is an append
// log whose reader deduplicates by id.
func deliberate(ctx context.Context, db *sqlx.DB, o Order) error {
	return retry.Do(func() error {
		//reslint:ignore ambiguouswrite the reader deduplicates events by id
		_, err := db.NamedExecContext(ctx, "INSERT INTO order_log (id, amount) VALUES (:id, :amount)", o)
		return err
	}, retry.Context(ctx))
}
