// Package orm is a reslint test stub of github.com/go-pg/pg/v10@v10.11.0: signatures match the real API.
package orm

import (
	"context"

	"github.com/go-pg/pg/v10/types"
)

// Result summarizes an executed SQL command.
type Result interface {
	Model() Model

	// RowsAffected returns the number of rows affected by SELECT, INSERT, UPDATE,
	// or DELETE queries.
	RowsAffected() int

	// RowsReturned returns the number of rows returned by the query.
	RowsReturned() int
}

type ColumnScanner interface {
	ScanColumn(col types.ColumnInfo, rd types.Reader, n int) error
}

type HooklessModel interface {
	Init() error
	NextColumnScanner() ColumnScanner
	AddColumnScanner(ColumnScanner) error
}

type Model interface {
	HooklessModel

	AfterScanHook
	AfterSelectHook

	BeforeInsertHook
	AfterInsertHook

	BeforeUpdateHook
	AfterUpdateHook

	BeforeDeleteHook
	AfterDeleteHook
}

type AfterScanHook interface {
	AfterScan(context.Context) error
}

type AfterSelectHook interface {
	AfterSelect(context.Context) error
}

type BeforeInsertHook interface {
	BeforeInsert(context.Context) (context.Context, error)
}

type AfterInsertHook interface {
	AfterInsert(context.Context) error
}

type BeforeUpdateHook interface {
	BeforeUpdate(context.Context) (context.Context, error)
}

type AfterUpdateHook interface {
	AfterUpdate(context.Context) error
}

type BeforeDeleteHook interface {
	BeforeDelete(context.Context) (context.Context, error)
}

type AfterDeleteHook interface {
	AfterDelete(context.Context) error
}

// Query is a query builder (its state is opaque here).
type Query struct {
	ctx context.Context
}

func (q *Query) Set(set string, params ...interface{}) *Query { return q }

func (q *Query) Where(condition string, params ...interface{}) *Query { return q }

func (q *Query) WherePK() *Query { return q }

func (q *Query) OnConflict(s string, params ...interface{}) *Query { return q }

func (q *Query) Returning(s string, params ...interface{}) *Query { return q }

func (q *Query) Insert(values ...interface{}) (Result, error) { return nil, nil }

func (q *Query) Update(scan ...interface{}) (Result, error) { return nil, nil }

func (q *Query) Delete(values ...interface{}) (Result, error) { return nil, nil }

func (q *Query) Select(values ...interface{}) error { return nil }
