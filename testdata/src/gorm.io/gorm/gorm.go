// Package gorm is a reslint test stub of gorm.io/gorm@v1.31.2: signatures match the real API.
package gorm

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"gorm.io/gorm/clause"
)

// DB GORM DB definition (the embedded *Config and the Statement omitted)
type DB struct {
	Error        error
	RowsAffected int64
}

// ErrDuplicatedKey occurs when there is a unique key constraint violation
var ErrDuplicatedKey = errors.New("duplicated key not allowed")

// DeletedAt is gorm's soft-delete column type.
type DeletedAt sql.NullTime

// Model a basic GoLang struct which includes the following fields: ID, CreatedAt, UpdatedAt, DeletedAt
type Model struct {
	ID        uint `gorm:"primarykey"`
	CreatedAt time.Time
	UpdatedAt time.Time
	DeletedAt DeletedAt `gorm:"index"`
}

// Expr returns clause.Expr, which can be used to pass SQL expression as params
func Expr(expr string, args ...interface{}) clause.Expr {
	return clause.Expr{SQL: expr, Vars: args}
}

func (db *DB) WithContext(ctx context.Context) *DB { return db }

func (db *DB) Model(value interface{}) (tx *DB) { return db }

func (db *DB) Clauses(conds ...clause.Expression) (tx *DB) { return db }

func (db *DB) Table(name string, args ...interface{}) (tx *DB) { return db }

func (db *DB) Select(query interface{}, args ...interface{}) (tx *DB) { return db }

func (db *DB) Omit(columns ...string) (tx *DB) { return db }

func (db *DB) Where(query interface{}, args ...interface{}) (tx *DB) { return db }

func (db *DB) Not(query interface{}, args ...interface{}) (tx *DB) { return db }

func (db *DB) Or(query interface{}, args ...interface{}) (tx *DB) { return db }

func (db *DB) Raw(sql string, values ...interface{}) (tx *DB) { return db }

func (db *DB) Create(value interface{}) (tx *DB) { return db }

func (db *DB) CreateInBatches(value interface{}, batchSize int) (tx *DB) { return db }

func (db *DB) Save(value interface{}) (tx *DB) { return db }

func (db *DB) First(dest interface{}, conds ...interface{}) (tx *DB) { return db }

func (db *DB) Find(dest interface{}, conds ...interface{}) (tx *DB) { return db }

func (db *DB) FirstOrCreate(dest interface{}, conds ...interface{}) (tx *DB) { return db }

func (db *DB) Update(column string, value interface{}) (tx *DB) { return db }

func (db *DB) Updates(values interface{}) (tx *DB) { return db }

func (db *DB) UpdateColumn(column string, value interface{}) (tx *DB) { return db }

func (db *DB) UpdateColumns(values interface{}) (tx *DB) { return db }

func (db *DB) Delete(value interface{}, conds ...interface{}) (tx *DB) { return db }

func (db *DB) Row() *sql.Row { return nil }

func (db *DB) Rows() (*sql.Rows, error) { return nil, nil }

func (db *DB) Scan(dest interface{}) (tx *DB) { return db }

func (db *DB) Transaction(fc func(tx *DB) error, opts ...*sql.TxOptions) (err error) { return fc(db) }

func (db *DB) Begin(opts ...*sql.TxOptions) *DB { return db }

func (db *DB) Commit() *DB { return db }

func (db *DB) Rollback() *DB { return db }

func (db *DB) Exec(sql string, values ...interface{}) (tx *DB) { return db }
