// Package sqlx is a reslint test stub of github.com/jmoiron/sqlx@v1.4.0: signatures match the real API.
package sqlx

import (
	"context"
	"database/sql"
)

// Queryer is an interface used by Get and Select
type Queryer interface {
	Query(query string, args ...interface{}) (*sql.Rows, error)
	Queryx(query string, args ...interface{}) (*Rows, error)
	QueryRowx(query string, args ...interface{}) *Row
}

// Execer is an interface used by MustExec and LoadFile
type Execer interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
}

// Binder is an interface for something which can bind queries (Tx, DB)
type binder interface {
	DriverName() string
	Rebind(string) string
	BindNamed(string, interface{}) (string, []interface{}, error)
}

// Ext is a union interface which can bind, query, and exec, used by
// NamedQuery and NamedExec.
type Ext interface {
	binder
	Queryer
	Execer
}

// QueryerContext is an interface used by GetContext and SelectContext
type QueryerContext interface {
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
	QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error)
	QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row
}

// ExecerContext is an interface used by MustExecContext and LoadFileContext
type ExecerContext interface {
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
}

// ExtContext is a union interface which can bind, query, and exec, with Context
// used by NamedQueryContext and NamedExecContext.
type ExtContext interface {
	binder
	QueryerContext
	ExecerContext
}

// Row is a reimplementation of sql.Row (its state omitted).
type Row struct {
	err  error
	rows *sql.Rows
}

// DB is a wrapper around sql.DB (the mapper omitted).
type DB struct {
	*sql.DB
	driverName string
	unsafe     bool
}

// Conn is a wrapper around sql.Conn (the mapper omitted).
type Conn struct {
	*sql.Conn
	driverName string
	unsafe     bool
}

// Tx is an sqlx wrapper around sql.Tx (the mapper omitted).
type Tx struct {
	*sql.Tx
	driverName string
	unsafe     bool
}

// Rows is a wrapper around sql.Rows (its caches omitted).
type Rows struct {
	*sql.Rows
	unsafe bool
}

func (r *Row) Scan(dest ...interface{}) error { return nil }

func (r *Row) Columns() ([]string, error) { return nil, nil }

func (r *Row) ColumnTypes() ([]*sql.ColumnType, error) { return nil, nil }

func (r *Row) Err() error { return nil }

func NewDb(db *sql.DB, driverName string) *DB { return nil }

func (db *DB) DriverName() string { return "" }

func Open(driverName, dataSourceName string) (*DB, error) { return nil, nil }

func (db *DB) Rebind(query string) string { return "" }

func (db *DB) Unsafe() *DB { return nil }

func (db *DB) BindNamed(query string, arg interface{}) (string, []interface{}, error) {
	return "", nil, nil
}

func (db *DB) NamedQuery(query string, arg interface{}) (*Rows, error) { return nil, nil }

func (db *DB) NamedExec(query string, arg interface{}) (sql.Result, error) { return nil, nil }

func (db *DB) Select(dest interface{}, query string, args ...interface{}) error { return nil }

func (db *DB) Get(dest interface{}, query string, args ...interface{}) error { return nil }

func (db *DB) MustBegin() *Tx { return nil }

func (db *DB) Beginx() (*Tx, error) { return nil, nil }

func (db *DB) Queryx(query string, args ...interface{}) (*Rows, error) { return nil, nil }

func (db *DB) QueryRowx(query string, args ...interface{}) *Row { return nil }

func (db *DB) MustExec(query string, args ...interface{}) sql.Result { return nil }

func (tx *Tx) DriverName() string { return "" }

func (tx *Tx) Rebind(query string) string { return "" }

func (tx *Tx) Unsafe() *Tx { return nil }

func (tx *Tx) BindNamed(query string, arg interface{}) (string, []interface{}, error) {
	return "", nil, nil
}

func (tx *Tx) NamedQuery(query string, arg interface{}) (*Rows, error) { return nil, nil }

func (tx *Tx) NamedExec(query string, arg interface{}) (sql.Result, error) { return nil, nil }

func (tx *Tx) Select(dest interface{}, query string, args ...interface{}) error { return nil }

func (tx *Tx) Queryx(query string, args ...interface{}) (*Rows, error) { return nil, nil }

func (tx *Tx) QueryRowx(query string, args ...interface{}) *Row { return nil }

func (tx *Tx) Get(dest interface{}, query string, args ...interface{}) error { return nil }

func (tx *Tx) MustExec(query string, args ...interface{}) sql.Result { return nil }

func (r *Rows) SliceScan() ([]interface{}, error) { return nil, nil }

func (r *Rows) MapScan(dest map[string]interface{}) error { return nil }

func (r *Rows) StructScan(dest interface{}) error { return nil }

func Connect(driverName, dataSourceName string) (*DB, error) { return nil, nil }

func Select(q Queryer, dest interface{}, query string, args ...interface{}) error { return nil }

func Get(q Queryer, dest interface{}, query string, args ...interface{}) error { return nil }

func MustExec(e Execer, query string, args ...interface{}) sql.Result { return nil }

func (r *Row) SliceScan() ([]interface{}, error) { return nil, nil }

func (r *Row) MapScan(dest map[string]interface{}) error { return nil }

func (r *Row) StructScan(dest interface{}) error { return nil }

func ConnectContext(ctx context.Context, driverName, dataSourceName string) (*DB, error) {
	return nil, nil
}

func SelectContext(ctx context.Context, q QueryerContext, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func GetContext(ctx context.Context, q QueryerContext, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func MustExecContext(ctx context.Context, e ExecerContext, query string, args ...interface{}) sql.Result {
	return nil
}

func (db *DB) NamedQueryContext(ctx context.Context, query string, arg interface{}) (*Rows, error) {
	return nil, nil
}

func (db *DB) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}

func (db *DB) SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (db *DB) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (db *DB) QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error) {
	return nil, nil
}

func (db *DB) QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row {
	return nil
}

func (db *DB) MustBeginTx(ctx context.Context, opts *sql.TxOptions) *Tx { return nil }

func (db *DB) MustExecContext(ctx context.Context, query string, args ...interface{}) sql.Result {
	return nil
}

func (db *DB) BeginTxx(ctx context.Context, opts *sql.TxOptions) (*Tx, error) { return nil, nil }

func (db *DB) Connx(ctx context.Context) (*Conn, error) { return nil, nil }

func (c *Conn) BeginTxx(ctx context.Context, opts *sql.TxOptions) (*Tx, error) { return nil, nil }

func (c *Conn) SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (c *Conn) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (c *Conn) QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error) {
	return nil, nil
}

func (c *Conn) QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row {
	return nil
}

func (c *Conn) Rebind(query string) string { return "" }

func (tx *Tx) MustExecContext(ctx context.Context, query string, args ...interface{}) sql.Result {
	return nil
}

func (tx *Tx) QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error) {
	return nil, nil
}

func (tx *Tx) SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (tx *Tx) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (tx *Tx) QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row {
	return nil
}

func (tx *Tx) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}

func Named(query string, arg interface{}) (string, []interface{}, error) { return "", nil, nil }

func NamedQuery(e Ext, query string, arg interface{}) (*Rows, error) { return nil, nil }

func NamedExec(e Ext, query string, arg interface{}) (sql.Result, error) { return nil, nil }

func NamedQueryContext(ctx context.Context, e ExtContext, query string, arg interface{}) (*Rows, error) {
	return nil, nil
}

func NamedExecContext(ctx context.Context, e ExtContext, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}

func BindType(driverName string) int { return 0 }

func Rebind(bindType int, query string) string { return "" }

func In(query string, args ...interface{}) (string, []interface{}, error) { return "", nil, nil }
