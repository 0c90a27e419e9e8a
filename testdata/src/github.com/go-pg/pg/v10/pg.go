// Package pg is a reslint test stub of github.com/go-pg/pg/v10@v10.11.0: signatures match the real API.
package pg

import (
	"context"

	"github.com/go-pg/pg/v10/orm"
)

type Result = orm.Result

type Query = orm.Query

// Options contains database connection options (a subset here).
type Options struct {
	Network  string
	Addr     string
	User     string
	Password string
	Database string
}

// Error represents an error returned by PostgreSQL server.
type Error interface {
	error
	Field(field byte) string
	IntegrityViolation() bool
}

type baseDB struct{}

// DB is a database handle representing a pool of zero or more
// underlying connections.
type DB struct {
	*baseDB
	ctx context.Context
}

// Connect connects to a database using provided options.
func Connect(opt *Options) *DB { return nil }

func (db *baseDB) Exec(query interface{}, params ...interface{}) (res Result, err error) { return nil, nil }

func (db *baseDB) ExecContext(c context.Context, query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}

func (db *baseDB) ExecOne(query interface{}, params ...interface{}) (Result, error) { return nil, nil }

func (db *baseDB) Query(model, query interface{}, params ...interface{}) (res Result, err error) {
	return nil, nil
}

func (db *baseDB) QueryContext(c context.Context, model, query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}

func (db *baseDB) Model(model ...interface{}) *Query { return nil }

func (db *baseDB) ModelContext(c context.Context, model ...interface{}) *Query { return nil }

func (db *baseDB) Begin() (*Tx, error) { return nil, nil }

func (db *baseDB) BeginContext(ctx context.Context) (*Tx, error) { return nil, nil }

func (db *baseDB) RunInTransaction(ctx context.Context, fn func(*Tx) error) error { return nil }

// Tx is an in-progress database transaction.
type Tx struct {
	db  *baseDB
	ctx context.Context
}

func (tx *Tx) Exec(query interface{}, params ...interface{}) (Result, error) { return nil, nil }

func (tx *Tx) ExecContext(c context.Context, query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}

func (tx *Tx) Query(model interface{}, query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}

func (tx *Tx) Model(model ...interface{}) *Query { return nil }

func (tx *Tx) ModelContext(c context.Context, model ...interface{}) *Query { return nil }

func (tx *Tx) Commit() error { return nil }

func (tx *Tx) CommitContext(ctx context.Context) error { return nil }

func (tx *Tx) Rollback() error { return nil }

func (tx *Tx) RollbackContext(ctx context.Context) error { return nil }
