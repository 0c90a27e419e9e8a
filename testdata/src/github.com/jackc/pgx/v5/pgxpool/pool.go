// Package pgxpool is a reslint test stub of github.com/jackc/pgx/v5@v5.12.0: signatures match the real API.
package pgxpool

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Pool allows for connection reuse.
type Pool struct{}

// New creates a new Pool.
func New(ctx context.Context, connString string) (*Pool, error) { return nil, nil }

func (p *Pool) Close() {}

func (p *Pool) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}

func (p *Pool) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) { return nil, nil }

func (p *Pool) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row { return nil }

func (p *Pool) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults { return nil }

func (p *Pool) Begin(ctx context.Context) (pgx.Tx, error) { return nil, nil }

func (p *Pool) BeginTx(ctx context.Context, txOptions pgx.TxOptions) (pgx.Tx, error) { return nil, nil }

func (p *Pool) CopyFrom(ctx context.Context, tableName pgx.Identifier, columnNames []string, rowSrc pgx.CopyFromSource) (int64, error) {
	return 0, nil
}
