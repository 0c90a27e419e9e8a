// Package w2fix holds the W2 fix: the retried function gets its own
// transaction.
package w2fix

import (
	"context"
	"database/sql"
	"errors"

	"github.com/avast/retry-go/v4"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

func isSerializationFailure(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "40001"
}

// database/sql.
func move(ctx context.Context, db *sql.DB, id, shelf string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	err = retry.Do(func() error {
		_, err := tx.ExecContext(ctx, "UPDATE items SET shelf = $1 WHERE id = $2", shelf, id) // want `UPDATE items runs on tx, begun outside this retry`
		return err
	}, retry.RetryIf(isSerializationFailure), retry.Context(ctx))
	if err != nil {
		return err
	}
	return tx.Commit()
}

// pgx.
func reserve(ctx context.Context, conn *pgx.Conn, seat string) error {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := retry.Do(func() error {
		_, err := tx.Exec(ctx, "UPDATE seats SET taken = true WHERE id = $1", seat) // want `UPDATE seats runs on tx, begun outside this retry`
		return err
	}, retry.RetryIf(isSerializationFailure), retry.Context(ctx)); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// No fix: the outer transaction holds another statement, whose
// atomicity with the retried one a fix would break.
func moveTwo(ctx context.Context, db *sql.DB, id, shelf string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "DELETE FROM holds WHERE item = $1", id); err != nil {
		return err
	}
	err = retry.Do(func() error {
		_, err := tx.ExecContext(ctx, "UPDATE items SET shelf = $1 WHERE id = $2", shelf, id) // want `UPDATE items runs on tx, begun outside this retry`
		return err
	}, retry.RetryIf(isSerializationFailure), retry.Context(ctx))
	if err != nil {
		return err
	}
	return tx.Commit()
}
