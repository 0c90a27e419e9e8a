// Package w1gorm holds W1 (and W2, W3) fixtures on gorm: Create with and
// without conflict clauses, updates with gorm.Expr relative values,
// raw statements, and transactions begun outside the retry.
package w1gorm

import (
	"context"
	"errors"
	"syscall"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Order struct {
	ID     string `gorm:"primaryKey"`
	Amount int
}

type Product struct {
	gorm.Model
	Stock   int
	Price   int
	Version int
}

// Positive: a create retried on every error.
func saveOrder(ctx context.Context, db *gorm.DB, o *Order) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Create(o).Error // want `INSERT of Order is retried by retry.Do after every error`
	}, retry.Context(ctx))
}

// Negative twin: an upsert on the order's key, as gorm spells it.
func saveOrderUpsert(ctx context.Context, db *gorm.DB, o *Order) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "id"}},
			DoUpdates: clause.AssignmentColumns([]string{"amount"}),
		}).Create(o).Error
	}, retry.Context(ctx))
}

// Negative twin: duplicates skipped, the clause built once outside.
func saveOrderOnce(ctx context.Context, db *gorm.DB, o *Order) error {
	q := db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true})
	return retry.Do(func() error {
		return q.Create(o).Error
	}, retry.Context(ctx))
}

// Negative twin: MySQL's INSERT IGNORE through the insert clause's
// modifier.
func saveOrderIgnore(ctx context.Context, db *gorm.DB, o *Order) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Clauses(clause.Insert{Modifier: "IGNORE"}).Create(o).Error
	}, retry.Context(ctx))
}

// Negative twin: with TranslateError on, a duplicate key means an
// earlier attempt stored the order.
func saveOrderDedup(ctx context.Context, db *gorm.DB, o *Order) error {
	return retry.Do(func() error {
		err := db.WithContext(ctx).Create(o).Error
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return nil
		}
		return err
	}, retry.Context(ctx))
}

// Negative twin: Save updates the row by its primary key and upserts it
// when the update matched none: repeating it is safe.
func storeOrder(ctx context.Context, db *gorm.DB, o *Order) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Save(o).Error
	}, retry.Context(ctx))
}

// Positive: a stock decrement with gorm.Expr, retried on every error.
func reserve(ctx context.Context, db *gorm.DB, id uint, n int) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Model(&Product{}).Where("id = ?", id).Update("stock", gorm.Expr("stock - ?", n)).Error // want `UPDATE of Product SET stock = stock \.\.\. is retried by retry.Do after every error`
	}, retry.Context(ctx))
}

// Negative twin: the new stock is computed by the caller and set by id.
func setStock(ctx context.Context, db *gorm.DB, id uint, stock int) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Model(&Product{}).Where("id = ?", id).Update("stock", stock).Error
	}, retry.Context(ctx))
}

// Negative twin: the decrement is guarded by the version it read; a
// second run matches no row.
func reserveVersioned(ctx context.Context, db *gorm.DB, id uint, n, version int) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Model(&Product{}).Where("id = ? AND version = ?", id, version).
			Updates(map[string]interface{}{"stock": gorm.Expr("stock - ?", n), "version": gorm.Expr("version + 1")}).Error
	}, retry.Context(ctx))
}

// Positive: UpdateColumns with a map holding a relative expression.
func restock(ctx context.Context, db *gorm.DB, id uint, n int) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Table("products").Where("id = ?", id).UpdateColumns(map[string]interface{}{ // want `UPDATE products SET stock = stock \.\.\. is retried by retry.Do after every error`
			"stock":      gorm.Expr("stock + ?", n),
			"updated_at": time.Now(),
		}).Error
	}, retry.Context(ctx))
}

// Negative twin: a struct's values are absolute.
func reprice(ctx context.Context, db *gorm.DB, id uint, price int) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Model(&Product{}).Where("id = ?", id).Updates(Product{Price: price}).Error
	}, retry.Context(ctx))
}

// Positive: raw SQL through Exec.
func bump(ctx context.Context, db *gorm.DB, key string) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Exec("UPDATE counters SET n = n + 1 WHERE k = ?", key).Error // want `UPDATE counters SET n = n \.\.\. is retried by retry.Do after every error`
	}, retry.Context(ctx))
}

// Negative twin: retried only on errors pgconn knows were raised before
// anything was sent.
func bumpSafe(ctx context.Context, db *gorm.DB, key string) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Exec("UPDATE counters SET n = n + 1 WHERE k = ?", key).Error
	}, retry.RetryIf(pgconn.SafeToRetry), retry.Context(ctx))
}

// Negative twin: retried only on a refused connection.
func saveOrderRefused(ctx context.Context, db *gorm.DB, o *Order) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Create(o).Error
	}, retry.RetryIf(func(err error) bool { return errors.Is(err, syscall.ECONNREFUSED) }), retry.Context(ctx))
}

// Negative twin: deleting by id is the same however often it runs.
func cancel(ctx context.Context, db *gorm.DB, id string) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Delete(&Order{}, "id = ?", id).Error
	}, retry.Context(ctx))
}

// Negative twin: FirstOrCreate finds the row an earlier attempt stored.
func ensureOrder(ctx context.Context, db *gorm.DB, o *Order) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Where(Order{ID: o.ID}).FirstOrCreate(o).Error
	}, retry.Context(ctx))
}

// Positive (W3): a slice of orders inserted in batches, retried whole.
func importOrders(ctx context.Context, db *gorm.DB, orders []Order) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).CreateInBatches(orders, 100).Error // want `INSERT of \[\]Order is retried whole by retry.Do after every error`
	}, retry.Context(ctx))
}

// Negative twin: the batches skip the rows stored before.
func importOrdersOnce(ctx context.Context, db *gorm.DB, orders []Order) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).CreateInBatches(orders, 100).Error
	}, retry.Context(ctx))
}

// Positive: the whole transaction is retried, but after every error,
// which may come after the commit.
func placeOrder(ctx context.Context, db *gorm.DB, o *Order, productID uint) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if err := tx.Create(o).Error; err != nil { // want `INSERT of Order is retried by retry.Do after every error`
				return err
			}
			return tx.Model(&Product{}).Where("id = ?", productID).Update("stock", gorm.Expr("stock - 1")).Error // want `UPDATE of Product SET stock = stock \.\.\. is retried by retry.Do after every error`
		})
	}, retry.Context(ctx))
}

// Positive (W2): a statement of a transaction begun outside the retry,
// sent again after a serialization failure.
func moveStock(ctx context.Context, db *gorm.DB, id uint, shelf string) error {
	tx := db.WithContext(ctx).Begin()
	err := retry.Do(func() error {
		return tx.Exec("UPDATE products SET shelf = ? WHERE id = ?", shelf, id).Error // want `UPDATE products runs on tx, begun outside this retry`
	}, retry.RetryIf(isSerialization), retry.Context(ctx))
	if err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit().Error
}

// Negative twin: the transaction is begun, run and committed in each
// attempt.
func moveStockWhole(ctx context.Context, db *gorm.DB, id uint, shelf string) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			return tx.Exec("UPDATE products SET shelf = ? WHERE id = ?", shelf, id).Error
		})
	}, retry.RetryIf(isSerialization), retry.Context(ctx))
}

// isSerialization: the server aborted the transaction for a conflict.
func isSerialization(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "40001"
}

// Positive (W2): inside the transaction gorm runs, a statement is
// retried on a serialization failure: the transaction is already
// aborted.
func shelveInTx(ctx context.Context, db *gorm.DB, id uint, shelf string) error {
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return retry.Do(func() error {
			return tx.Exec("UPDATE products SET shelf = ? WHERE id = ?", shelf, id).Error // want `UPDATE products runs on tx, begun outside this retry`
		}, retry.RetryIf(isSerialization), retry.Context(ctx))
	})
}

// Positive (W2): a read is no better: after a serialization failure
// every statement on the aborted transaction fails until it is rolled
// back. (The twin is moveStockWhole: the retry around Transaction.)
func readInTx(ctx context.Context, db *gorm.DB, id uint) error {
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var p Product
		return retry.Do(func() error {
			return tx.Raw("SELECT * FROM products WHERE id = ?", id).Scan(&p).Error // want `the Raw statement runs on tx, begun outside this retry, and retry.Do sends it again after SQLSTATE 40001: the server aborted the whole transaction, so every retry fails until the transaction is rolled back`
		}, retry.RetryIf(isSerialization), retry.Context(ctx))
	})
}

// Positive (W3): a slice created in one multi-row INSERT, retried whole.
func saveOrders(ctx context.Context, db *gorm.DB, orders []Order) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Create(&orders).Error // want `INSERT of \[\]Order is retried whole by retry.Do after every error`
	}, retry.Context(ctx))
}

// Negative twin: a session with a handle whose clauses are unknown here
// (an interface value): not judged.
func saveOrdersWith(ctx context.Context, db *gorm.DB, orders []Order, c clause.Expression) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Clauses(c).Create(&orders).Error
	}, retry.Context(ctx))
}
