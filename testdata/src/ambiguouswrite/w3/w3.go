// Package w3 holds W3 fixtures: many rows retried as a whole after an
// error that may follow a partial or complete effect, and their twins.
package w3

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"github.com/go-pg/pg/v10"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	goretry "github.com/sethvargo/go-retry"
	"github.com/uptrace/bun"
)

type Event struct {
	ID   string
	Kind string
}

func isSerializationFailure(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "40001"
}

func isBadConn(err error) bool { return errors.Is(err, driver.ErrBadConn) }

// Positive: one autocommit INSERT per row, the loop retried whole.
func ingest(ctx context.Context, db *sql.DB, events []Event) error {
	return retry.Do(func() error {
		for _, e := range events {
			if _, err := db.ExecContext(ctx, "INSERT INTO events (id, kind) VALUES ($1, $2)", e.ID, e.Kind); err != nil { // want `INSERT INTO events runs once per row, each in its own transaction, and retry.Do retries the whole loop after every error`
				return err
			}
		}
		return nil
	}, retry.Context(ctx))
}

// Negative twin: each row carries its key and skips a duplicate.
func ingestKeyed(ctx context.Context, db *sql.DB, events []Event) error {
	return retry.Do(func() error {
		for _, e := range events {
			if _, err := db.ExecContext(ctx, "INSERT INTO events (id, kind) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", e.ID, e.Kind); err != nil {
				return err
			}
		}
		return nil
	}, retry.Context(ctx))
}

// Positive: the loop in a function of the package.
func insertAll(ctx context.Context, db *sql.DB, events []Event) error {
	for _, e := range events {
		if _, err := db.ExecContext(ctx, "INSERT INTO events (id, kind) VALUES ($1, $2)", e.ID, e.Kind); err != nil {
			return err
		}
	}
	return nil
}

func ingestVia(ctx context.Context, db *sql.DB, events []Event) error {
	return retry.Do(func() error {
		return insertAll(ctx, db, events) // want `INSERT INTO events \(through insertAll\) runs once per row`
	}, retry.Context(ctx))
}

// Positive: even an error raised before sending, on a later row, comes
// after the earlier rows were committed.
func ingestBadConn(ctx context.Context, db *sql.DB, events []Event) error {
	return retry.Do(func() error {
		for _, e := range events {
			if _, err := db.ExecContext(ctx, "INSERT INTO events (id, kind) VALUES ($1, $2)", e.ID, e.Kind); err != nil { // want `retries the whole loop after an error on a later row`
				return err
			}
		}
		return nil
	}, retry.RetryIf(isBadConn), retry.Context(ctx))
}

// Negative twin: a multi-row INSERT is one statement: retried only on a
// bad connection raised before sending, nothing was applied.
func ingestOneStatementBadConn(ctx context.Context, db *sql.DB) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, "INSERT INTO events (id, kind) VALUES ('a', 'x'), ('b', 'y')")
		return err
	}, retry.RetryIf(isBadConn), retry.Context(ctx))
}

// Positive: a constant multi-row INSERT retried on every error.
func seed(ctx context.Context, db *sql.DB) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, "INSERT INTO plans (name) VALUES ('free'), ('pro'), ('team')") // want `INSERT INTO plans with 3 rows is retried whole by retry.Do after every error`
		return err
	}, retry.Context(ctx))
}

// Negative twin: the same rows, skipping those present.
func seedOnce(ctx context.Context, db *sql.DB) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, "INSERT INTO plans (name) VALUES ('free'), ('pro'), ('team') ON CONFLICT (name) DO NOTHING")
		return err
	}, retry.Context(ctx))
}

// Positive: COPY retried on every error.
func bulkLoad(ctx context.Context, pool *pgxpool.Pool, rows [][]any) error {
	return retry.Do(func() error {
		_, err := pool.CopyFrom(ctx, pgx.Identifier{"events"}, []string{"id", "kind"}, pgx.CopyFromRows(rows)) // want `CopyFrom is retried whole by retry.Do after every error`
		return err
	}, retry.Context(ctx))
}

// Negative twin: COPY retried only when pgconn guarantees nothing was
// sent.
func bulkLoadSafe(ctx context.Context, pool *pgxpool.Pool, rows [][]any) error {
	return retry.Do(func() error {
		_, err := pool.CopyFrom(ctx, pgx.Identifier{"events"}, []string{"id", "kind"}, pgx.CopyFromRows(rows))
		return err
	}, retry.RetryIf(pgconn.SafeToRetry), retry.Context(ctx))
}

// Negative twin: COPY into a temporary table, merged with conflict
// handling, in one transaction per attempt.
func bulkLoadMerge(ctx context.Context, pool *pgxpool.Pool, rows [][]any) error {
	return retry.Do(func() error {
		return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, "CREATE TEMP TABLE staging (LIKE events) ON COMMIT DROP"); err != nil {
				return err
			}
			if _, err := tx.CopyFrom(ctx, pgx.Identifier{"staging"}, []string{"id", "kind"}, pgx.CopyFromRows(rows)); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, "INSERT INTO events SELECT * FROM staging ON CONFLICT (id) DO NOTHING")
			return err
		})
	}, retry.Context(ctx))
}

// Negative twin: COPY in its own statement, retried on a conflict only.
func bulkLoadConflict(ctx context.Context, pool *pgxpool.Pool, rows [][]any) error {
	return retry.Do(func() error {
		_, err := pool.CopyFrom(ctx, pgx.Identifier{"events"}, []string{"id", "kind"}, pgx.CopyFromRows(rows))
		return err
	}, retry.RetryIf(isSerializationFailure), retry.Context(ctx))
}

// Positive: COPY in a transaction per attempt, retried on every error: a
// commit that timed out may have stored every row.
func bulkLoadTx(ctx context.Context, conn *pgx.Conn, rows [][]any) error {
	return backoff.Retry(func() error {
		tx, err := conn.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"events"}, []string{"id", "kind"}, pgx.CopyFromRows(rows)); err != nil { // want `CopyFrom is retried whole by backoff.Retry after every error`
			return err
		}
		return tx.Commit(ctx)
	}, backoff.NewExponentialBackOff())
}

// Positive: a pgx batch of inserts.
func sendBatch(ctx context.Context, pool *pgxpool.Pool, events []Event) error {
	b := &pgx.Batch{}
	for _, e := range events {
		b.Queue("INSERT INTO events (id, kind) VALUES ($1, $2)", e.ID, e.Kind)
	}
	return retry.Do(func() error {
		return pool.SendBatch(ctx, b).Close() // want `the batch holds INSERT INTO events and is retried whole by retry.Do after every error`
	}, retry.Context(ctx))
}

// Negative twin: a batch of upserts.
func sendBatchKeyed(ctx context.Context, pool *pgxpool.Pool, events []Event) error {
	b := &pgx.Batch{}
	for _, e := range events {
		b.Queue("INSERT INTO events (id, kind) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET kind = EXCLUDED.kind", e.ID, e.Kind)
	}
	return retry.Do(func() error {
		return pool.SendBatch(ctx, b).Close()
	}, retry.Context(ctx))
}

// Negative twin: statements queued from elsewhere: not judged.
func sendBatchDynamic(ctx context.Context, pool *pgxpool.Pool, stmts []string) error {
	b := &pgx.Batch{}
	for _, s := range stmts {
		b.Queue(s)
	}
	return retry.Do(func() error {
		return pool.SendBatch(ctx, b).Close()
	}, retry.Context(ctx))
}

// Positive: a go-pg slice insert.
func saveEvents(ctx context.Context, db *pg.DB, events []Event) error {
	return retry.Do(func() error {
		_, err := db.Model(&events).Insert() // want `INSERT of \[\]Event is retried whole by retry.Do after every error`
		return err
	}, retry.Context(ctx))
}

// Negative twin: the slice insert skips existing ids.
func saveEventsOnce(ctx context.Context, db *pg.DB, events []Event) error {
	return retry.Do(func() error {
		_, err := db.Model(&events).OnConflict("(id) DO NOTHING").Insert()
		return err
	}, retry.Context(ctx))
}

// Positive: a bun slice insert.
func saveEventsBun(ctx context.Context, db *bun.DB, events []Event) error {
	return retry.Do(func() error {
		_, err := db.NewInsert().Model(&events).Exec(ctx) // want `INSERT of \[\]Event is retried whole by retry.Do after every error`
		return err
	}, retry.Context(ctx))
}

// Negative twin: bun, skipping duplicates.
func saveEventsBunOnce(ctx context.Context, db *bun.DB, events []Event) error {
	return retry.Do(func() error {
		_, err := db.NewInsert().Model(&events).On("CONFLICT (id) DO NOTHING").Exec(ctx)
		return err
	}, retry.Context(ctx))
}

// Positive: go-retry, every error marked, one insert per row.
func ingestPgx(ctx context.Context, pool *pgxpool.Pool, events []Event) error {
	return goretry.Do(ctx, goretry.NewConstant(time.Second), func(ctx context.Context) error {
		for _, e := range events {
			if _, err := pool.Exec(ctx, "INSERT INTO events (id, kind) VALUES ($1, $2)", e.ID, e.Kind); err != nil { // want `INSERT INTO events runs once per row`
				return goretry.RetryableError(err)
			}
		}
		return nil
	})
}

// Positive: relative updates, one per row.
func award(ctx context.Context, db *sql.DB, users []string) error {
	return backoff.Retry(func() error {
		for _, u := range users {
			if _, err := db.ExecContext(ctx, "UPDATE users SET points = points + 10 WHERE id = $1", u); err != nil { // want `UPDATE users SET points = points \.\.\. runs once per row`
				return err
			}
		}
		return nil
	}, backoff.NewExponentialBackOff())
}

// Negative twin: deletes by key, one per row.
func purge(ctx context.Context, db *sql.DB, ids []string) error {
	return backoff.Retry(func() error {
		for _, id := range ids {
			if _, err := db.ExecContext(ctx, "DELETE FROM events WHERE id = $1", id); err != nil {
				return err
			}
		}
		return nil
	}, backoff.NewExponentialBackOff())
}

// Negative twin: the rows in one transaction per attempt, retried on
// conflicts only: an aborted transaction stored nothing.
func ingestTx(ctx context.Context, db *sql.DB, events []Event) error {
	return retry.Do(func() error {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		for _, e := range events {
			if _, err := tx.ExecContext(ctx, "INSERT INTO events (id, kind) VALUES ($1, $2)", e.ID, e.Kind); err != nil {
				return err
			}
		}
		return tx.Commit()
	}, retry.RetryIf(isSerializationFailure), retry.Context(ctx))
}

// Negative twin: no retry at all.
func ingestOnce(ctx context.Context, db *sql.DB, events []Event) error {
	for _, e := range events {
		if _, err := db.ExecContext(ctx, "INSERT INTO events (id, kind) VALUES ($1, $2)", e.ID, e.Kind); err != nil {
			return err
		}
	}
	return nil
}

// Negative twin: the caller marks the retry deliberate.
func ingestDeliberate(ctx context.Context, db *sql.DB, events []Event) error {
	return retry.Do(func() error {
		for _, e := range events {
			//reslint:ignore ambiguouswrite events are deduplicated by the consumer on id
			if _, err := db.ExecContext(ctx, "INSERT INTO events (id, kind) VALUES ($1, $2)", e.ID, e.Kind); err != nil {
				return err
			}
		}
		return nil
	}, retry.Context(ctx))
}

// Negative twin: MySQL, one upsert of the proposed values per row.
func ingestMySQL(ctx context.Context, db *sql.DB, events []Event) error {
	return retry.Do(func() error {
		for _, e := range events {
			if _, err := db.ExecContext(ctx, "INSERT INTO events (id, kind) VALUES (?, ?) ON DUPLICATE KEY UPDATE kind = VALUES(kind)", e.ID, e.Kind); err != nil {
				return err
			}
		}
		return nil
	}, retry.Context(ctx))
}
