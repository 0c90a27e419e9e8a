// Package w2 holds W2 fixtures: conflict retries that repeat a statement
// of an aborted transaction, optimistic updates resent unchanged, and
// their correct twins.
package w2

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"github.com/go-pg/pg/v10"
	"github.com/go-sql-driver/mysql"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/uptrace/bun"
)

// isSerializationFailure says whether the server aborted the transaction
// for a conflict.
func isSerializationFailure(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

// isDeadlock: MySQL rolled the transaction back as a deadlock victim.
func isDeadlock(err error) bool {
	var me *mysql.MySQLError
	return errors.As(err, &me) && me.Number == 1213
}

var errConflict = errors.New("conflict")

// Positive: the statement is repeated on the transaction the conflict
// aborted.
func move(ctx context.Context, db *sql.DB, id, shelf string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	err = retry.Do(func() error {
		_, err := tx.ExecContext(ctx, "UPDATE items SET shelf = $1 WHERE id = $2", shelf, id) // want `UPDATE items runs on tx, begun outside this retry, and retry.Do sends it again after SQLSTATE 40001`
		return err
	}, retry.RetryIf(isSerializationFailure), retry.Context(ctx))
	if err != nil {
		return err
	}
	return tx.Commit()
}

// Negative twin: the retried function begins, runs and commits the
// transaction.
func moveWhole(ctx context.Context, db *sql.DB, id, shelf string) error {
	return retry.Do(func() error {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		if _, err := tx.ExecContext(ctx, "UPDATE items SET shelf = $1 WHERE id = $2", shelf, id); err != nil {
			return err
		}
		return tx.Commit()
	}, retry.RetryIf(isSerializationFailure), retry.Context(ctx))
}

// Positive: a pgx loop on a transaction handed in.
func reserve(ctx context.Context, tx pgx.Tx, seat string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = tx.Exec(ctx, "UPDATE seats SET taken = true WHERE id = $1", seat) // want `UPDATE seats runs on tx, begun outside this retry, and retry loop sends it again after SQLSTATE 40001`
		if err == nil {
			return nil
		}
		if !isSerializationFailure(err) {
			return err
		}
		time.Sleep(20 * time.Millisecond)
	}
	return err
}

// Negative twin: the loop begins a new transaction in every attempt.
func reserveWhole(ctx context.Context, pool *pgxpool.Pool, seat string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, "UPDATE seats SET taken = true WHERE id = $1", seat)
			return err
		})
		if err == nil {
			return nil
		}
		if !isSerializationFailure(err) {
			return err
		}
		time.Sleep(20 * time.Millisecond)
	}
	return err
}

// Positive: every error, deadlocks included, on a transaction handed in.
func tag(ctx context.Context, tx *sql.Tx, id, label string) error {
	return backoff.Retry(func() error {
		_, err := tx.ExecContext(ctx, "UPDATE items SET label = $1 WHERE id = $2", label, id) // want `UPDATE items runs on tx, begun outside this retry, and backoff.Retry sends it again after every error`
		return err
	}, backoff.NewExponentialBackOff())
}

// Negative twin: the transaction is rewound to a savepoint before the
// statement is sent again (CockroachDB's client-side retry protocol).
func tagRewind(ctx context.Context, tx *sql.Tx, id, label string) error {
	if _, err := tx.ExecContext(ctx, "SAVEPOINT cockroach_restart"); err != nil {
		return err
	}
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		_, err = tx.ExecContext(ctx, "UPDATE items SET label = $1 WHERE id = $2", label, id)
		if err == nil {
			_, err = tx.ExecContext(ctx, "RELEASE SAVEPOINT cockroach_restart")
			return err
		}
		if !isSerializationFailure(err) {
			return err
		}
		if _, rerr := tx.ExecContext(ctx, "ROLLBACK TO SAVEPOINT cockroach_restart"); rerr != nil {
			return rerr
		}
		time.Sleep(10 * time.Millisecond)
	}
	return err
}

// Positive: go-pg, the retry inside the transaction function.
func renameInTx(ctx context.Context, db *pg.DB, id int64, name string) error {
	return db.RunInTransaction(ctx, func(tx *pg.Tx) error {
		return retry.Do(func() error {
			_, err := tx.ExecContext(ctx, "UPDATE users SET name = ? WHERE id = ?", name, id) // want `UPDATE users runs on tx, begun outside this retry, and retry.Do sends it again after SQLSTATE 40001`
			return err
		}, retry.RetryIf(isSerializationFailure), retry.Context(ctx))
	})
}

// Negative twin: go-pg, the retry around the transaction function.
func renameWhole(ctx context.Context, db *pg.DB, id int64, name string) error {
	return retry.Do(func() error {
		return db.RunInTransaction(ctx, func(tx *pg.Tx) error {
			_, err := tx.ExecContext(ctx, "UPDATE users SET name = ? WHERE id = ?", name, id)
			return err
		})
	}, retry.RetryIf(isSerializationFailure), retry.Context(ctx))
}

// Positive: bun, the retry inside RunInTx.
func archiveInTx(ctx context.Context, db *bun.DB, id int64) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		return retry.Do(func() error {
			_, err := tx.ExecContext(ctx, "UPDATE posts SET archived = true WHERE id = ?", id) // want `UPDATE posts runs on tx, begun outside this retry, and retry.Do sends it again after SQLSTATE 40001`
			return err
		}, retry.RetryIf(isSerializationFailure), retry.Context(ctx))
	})
}

// Negative twin: bun, RunInTx retried whole.
func archiveWhole(ctx context.Context, db *bun.DB, id int64) error {
	return retry.Do(func() error {
		return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			_, err := tx.ExecContext(ctx, "UPDATE posts SET archived = true WHERE id = ?", id)
			return err
		})
	}, retry.RetryIf(isSerializationFailure), retry.Context(ctx))
}

// Positive: MySQL deadlock victim, statement repeated on its rolled back
// transaction.
func stock(ctx context.Context, tx *sql.Tx, sku string, n int) error {
	return retry.Do(func() error {
		_, err := tx.ExecContext(ctx, "UPDATE stock SET qty = ? WHERE sku = ?", n, sku) // want `UPDATE stock runs on tx, begun outside this retry, and retry.Do sends it again after MySQL error 1213`
		return err
	}, retry.RetryIf(isDeadlock), retry.Context(ctx))
}

// Negative twin: the transaction handed in is retried only on a bad
// connection raised before sending: no conflict is involved.
func stockBadConn(ctx context.Context, tx *sql.Tx, sku string, n int) error {
	return retry.Do(func() error {
		_, err := tx.ExecContext(ctx, "UPDATE stock SET qty = ? WHERE sku = ?", n, sku)
		return err
	}, retry.RetryIf(func(err error) bool { return errors.Is(err, driver.ErrBadConn) }), retry.Context(ctx))
}

// Positive: through a function of the package that receives the
// transaction.
func applyDelta(ctx context.Context, tx *sql.Tx, id string, v int) error {
	_, err := tx.ExecContext(ctx, "UPDATE gauges SET v = $1 WHERE id = $2", v, id)
	return err
}

func setGauge(ctx context.Context, tx *sql.Tx, id string, v int) error {
	return retry.Do(func() error {
		return applyDelta(ctx, tx, id, v) // want `UPDATE gauges \(through applyDelta\) runs on tx, begun outside this retry, and retry.Do sends it again after SQLSTATE 40001`
	}, retry.RetryIf(isSerializationFailure), retry.Context(ctx))
}

// Negative twin: the function begins its own transaction.
func applyWhole(ctx context.Context, db *sql.DB, id string, v int) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := applyDelta(ctx, tx, id, v); err != nil {
		return err
	}
	return tx.Commit()
}

func setGaugeWhole(ctx context.Context, db *sql.DB, id string, v int) error {
	return retry.Do(func() error {
		return applyWhole(ctx, db, id, v)
	}, retry.RetryIf(isSerializationFailure), retry.Context(ctx))
}

// Positive: pgx CopyFrom on the aborted transaction.
func load(ctx context.Context, tx pgx.Tx, rows [][]any) error {
	return retry.Do(func() error {
		_, err := tx.CopyFrom(ctx, pgx.Identifier{"staging"}, []string{"a", "b"}, pgx.CopyFromRows(rows)) // want `CopyFrom runs on tx, begun outside this retry, and retry.Do sends it again after SQLSTATE 40001`
		return err
	}, retry.RetryIf(isSerializationFailure), retry.Context(ctx))
}

// Negative twin: the caller marks the retry deliberate.
func loadDeliberate(ctx context.Context, tx pgx.Tx, rows [][]any) error {
	return retry.Do(func() error {
		//reslint:ignore ambiguouswrite the staging table is unlogged and truncated by the caller on failure
		_, err := tx.CopyFrom(ctx, pgx.Identifier{"staging"}, []string{"a", "b"}, pgx.CopyFromRows(rows))
		return err
	}, retry.RetryIf(isSerializationFailure), retry.Context(ctx))
}

// Optimistic concurrency.

const updateDoc = "UPDATE docs SET body = $1, version = version + 1 WHERE id = $2 AND version = $3"

// Positive: resent with the version that no longer matches.
func saveDoc(ctx context.Context, db *sql.DB, id, body string, version int) error {
	for attempt := 0; attempt < 3; attempt++ {
		res, err := db.ExecContext(ctx, updateDoc, body, id, version) // want `UPDATE docs \.\.\. WHERE version = \.\.\. is sent again by retry loop with the same version after it matched no row`
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n == 0 {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		return nil
	}
	return errConflict
}

// Negative twin: the row is read again in each attempt.
func saveDocReread(ctx context.Context, db *sql.DB, id, body string) error {
	for attempt := 0; attempt < 3; attempt++ {
		var version int
		if err := db.QueryRowContext(ctx, "SELECT version FROM docs WHERE id = $1", id).Scan(&version); err != nil {
			return err
		}
		res, err := db.ExecContext(ctx, updateDoc, body, id, version)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n == 0 {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		return nil
	}
	return errConflict
}

// Positive: pgx, a closure that reports the conflict as an error the
// helper retries.
func saveDocPgx(ctx context.Context, pool *pgxpool.Pool, id, body string, version int) error {
	return retry.Do(func() error {
		tag, err := pool.Exec(ctx, updateDoc, body, id, version) // want `UPDATE docs \.\.\. WHERE version = \.\.\. is sent again by retry.Do with the same version`
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return errConflict
		}
		return nil
	}, retry.Context(ctx))
}

// Negative twin: the conflict stops the retry.
func saveDocPgxStop(ctx context.Context, pool *pgxpool.Pool, id, body string, version int) error {
	return retry.Do(func() error {
		tag, err := pool.Exec(ctx, updateDoc, body, id, version)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return retry.Unrecoverable(errConflict)
		}
		return nil
	}, retry.Context(ctx))
}

// Negative twin: the version is refreshed from the conflict before the
// next attempt.
func saveDocRefresh(ctx context.Context, pool *pgxpool.Pool, id, body string, version int, fresh func() int) error {
	return retry.Do(func() error {
		tag, err := pool.Exec(ctx, updateDoc, body, id, version)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			version = fresh()
			return errConflict
		}
		return nil
	}, retry.Context(ctx))
}

// Positive: go-pg.
func saveDocPg(ctx context.Context, db *pg.DB, id, body string, version int) error {
	return retry.Do(func() error {
		res, err := db.ExecContext(ctx, "UPDATE docs SET body = ?, version = ? WHERE id = ? AND version = ?", body, version+1, id, version) // want `UPDATE docs \.\.\. WHERE version = \.\.\. is sent again by retry.Do with the same version`
		if err != nil {
			return err
		}
		if res.RowsAffected() == 0 {
			return errConflict
		}
		return nil
	}, retry.Context(ctx))
}

// Negative twin: zero rows means the update was already applied.
func saveDocDone(ctx context.Context, db *pg.DB, id, body string, version int) error {
	return retry.Do(func() error {
		res, err := db.ExecContext(ctx, "UPDATE docs SET body = ?, version = ? WHERE id = ? AND version = ?", body, version+1, id, version)
		if err != nil {
			return err
		}
		if res.RowsAffected() == 0 {
			return nil
		}
		return nil
	}, retry.Context(ctx))
}

// Negative twin: no version guard: a plain absolute update that may find
// its row missing.
func touch(ctx context.Context, pool *pgxpool.Pool, id string) error {
	return retry.Do(func() error {
		tag, err := pool.Exec(ctx, "UPDATE docs SET seen = true WHERE id = $1", id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return errConflict
		}
		return nil
	}, retry.Context(ctx))
}

// isTimeout says whether err is a pgconn timeout.
func isTimeout(err error) bool { return pgconn.Timeout(err) }

// Negative twin: a transaction handed in, an idempotent statement
// retried on timeouts only: no conflict is retried.
func labelOnTimeout(ctx context.Context, tx *sql.Tx, id, label string) error {
	return retry.Do(func() error {
		_, err := tx.ExecContext(ctx, "UPDATE items SET label = $1 WHERE id = $2", label, id)
		return err
	}, retry.RetryIf(isTimeout), retry.Context(ctx))
}

// Negative twin: the loop rolls back and begins again in every attempt.
func relabel(ctx context.Context, db *sql.DB, id, label string) error {
	var tx *sql.Tx
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		tx, err = db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, "UPDATE items SET label = $1 WHERE id = $2", label, id)
		if err == nil {
			return tx.Commit()
		}
		tx.Rollback()
		if !isSerializationFailure(err) {
			return err
		}
		time.Sleep(10 * time.Millisecond)
	}
	return err
}

// Negative twin: each attempt calls a function that begins, runs and
// commits its own transaction; the statement is followed into it.
func labelAll(ctx context.Context, db *sql.DB, id, name string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = labelOnce(ctx, db, id, name); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt) * 100 * time.Millisecond)
	}
	return err
}

func labelOnce(ctx context.Context, db *sql.DB, id, name string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE items SET label = $1 WHERE id = $2", name, id); err != nil {
		return err
	}
	return tx.Commit()
}
