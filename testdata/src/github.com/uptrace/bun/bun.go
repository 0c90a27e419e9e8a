// Package bun is a reslint test stub of github.com/uptrace/bun@v1.3.0: signatures match the real API.
package bun

import (
	"context"
	"database/sql"
)

// noCopyState holds the wrapped *sql.DB (other state omitted).
type noCopyState struct {
	*sql.DB
}

type DB struct {
	*noCopyState
}

func (db *DB) NewSelect() *SelectQuery { return nil }

func (db *DB) NewInsert() *InsertQuery { return nil }

func (db *DB) NewUpdate() *UpdateQuery { return nil }

func (db *DB) Exec(query string, args ...any) (sql.Result, error) { return nil, nil }

func (db *DB) ExecContext(
	ctx context.Context, query string, args ...any,
) (sql.Result, error) {
	return nil, nil
}

func (db *DB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row { return nil }

func (db *DB) RunInTx(
	ctx context.Context, opts *sql.TxOptions, fn func(ctx context.Context, tx Tx) error,
) error {
	return nil
}

func (db *DB) Begin() (Tx, error) { return Tx{}, nil }

func (db *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error) { return Tx{}, nil }

type Tx struct {
	ctx context.Context
	db  *DB
	// name is the name of a savepoint
	name string
	*sql.Tx
}

func (tx Tx) Commit() error { return nil }

func (tx Tx) Rollback() error { return nil }

func (tx Tx) Exec(query string, args ...any) (sql.Result, error) { return nil, nil }

func (tx Tx) ExecContext(
	ctx context.Context, query string, args ...any,
) (sql.Result, error) {
	return nil, nil
}

func (tx Tx) NewInsert() *InsertQuery { return nil }

func (tx Tx) NewUpdate() *UpdateQuery { return nil }

// SelectQuery builds a SELECT (state omitted).
type SelectQuery struct{}

func (q *SelectQuery) Model(model any) *SelectQuery { return q }

func (q *SelectQuery) Where(query string, args ...any) *SelectQuery { return q }

func (q *SelectQuery) Scan(ctx context.Context, dest ...any) error { return nil }

// InsertQuery builds an INSERT (state omitted).
type InsertQuery struct{}

func (q *InsertQuery) Model(model any) *InsertQuery { return q }

func (q *InsertQuery) Returning(query string, args ...any) *InsertQuery { return q }

func (q *InsertQuery) Ignore() *InsertQuery { return q }

func (q *InsertQuery) Replace() *InsertQuery { return q }

func (q *InsertQuery) On(s string, args ...any) *InsertQuery { return q }

func (q *InsertQuery) Set(query string, args ...any) *InsertQuery { return q }

func (q *InsertQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) { return nil, nil }

// UpdateQuery builds an UPDATE (state omitted).
type UpdateQuery struct{}

func (q *UpdateQuery) Model(model any) *UpdateQuery { return q }

func (q *UpdateQuery) Set(query string, args ...any) *UpdateQuery { return q }

func (q *UpdateQuery) WherePK(cols ...string) *UpdateQuery { return q }

func (q *UpdateQuery) Where(query string, args ...any) *UpdateQuery { return q }

func (q *UpdateQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) { return nil, nil }
