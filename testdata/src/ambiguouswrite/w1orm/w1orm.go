// Package w1orm holds W1 fixtures on go-pg, bun and MySQL through
// database/sql.
package w1orm

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/go-pg/pg/v10"
	"github.com/go-sql-driver/mysql"
	"github.com/uptrace/bun"
)

type Order struct {
	ID     int64
	Amount int
}

// Positive: a go-pg model insert retried on every error.
func saveOrder(ctx context.Context, db *pg.DB, o *Order) error {
	return retry.Do(func() error {
		_, err := db.Model(o).Insert() // want `INSERT of Order is retried by retry.Do after every error`
		return err
	}, retry.Context(ctx))
}

// Negative twin: the insert skips an existing id.
func saveOrderOnce(ctx context.Context, db *pg.DB, o *Order) error {
	return retry.Do(func() error {
		_, err := db.Model(o).OnConflict("(id) DO NOTHING").Insert()
		return err
	}, retry.Context(ctx))
}

// Positive: go-pg raw SQL.
func addPoints(ctx context.Context, db *pg.DB, user int64, n int) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, "UPDATE users SET points = points + ? WHERE id = ?", n, user) // want `UPDATE users SET points = points \.\.\. is retried by retry.Do after every error`
		return err
	}, retry.Context(ctx))
}

// Negative twin: go-pg absolute update.
func setPoints(ctx context.Context, db *pg.DB, user int64, n int) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, "UPDATE users SET points = ? WHERE id = ?", n, user)
		return err
	}, retry.Context(ctx))
}

// Positive: a bun insert builder.
func saveBun(ctx context.Context, db *bun.DB, o *Order) error {
	return retry.Do(func() error {
		_, err := db.NewInsert().Model(o).Exec(ctx) // want `INSERT of Order is retried by retry.Do after every error`
		return err
	}, retry.Context(ctx))
}

// Negative twins: bun upsert and insert-ignore.
func saveBunUpsert(ctx context.Context, db *bun.DB, o *Order) error {
	return retry.Do(func() error {
		_, err := db.NewInsert().Model(o).On("CONFLICT (id) DO UPDATE").Set("amount = EXCLUDED.amount").Exec(ctx)
		return err
	}, retry.Context(ctx))
}

func saveBunIgnore(ctx context.Context, db *bun.DB, o *Order) error {
	q := db.NewInsert().Model(o).Ignore()
	return retry.Do(func() error {
		_, err := q.Exec(ctx)
		return err
	}, retry.Context(ctx))
}

// isInvalidConn: the MySQL driver lost the connection mid-statement.
func isInvalidConn(err error) bool {
	return errors.Is(err, mysql.ErrInvalidConn)
}

// Positive: MySQL counter retried when the connection broke, which may
// be after the server applied it.
func like(ctx context.Context, db *sql.DB, post int64) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, "INSERT INTO likes (post, n) VALUES (?, 1) ON DUPLICATE KEY UPDATE n = n + 1", post) // want `INSERT INTO likes \.\.\. ON DUPLICATE KEY UPDATE n = n \.\.\. is retried by retry.Do after mysql.ErrInvalidConn`
		return err
	}, retry.RetryIf(isInvalidConn), retry.Context(ctx))
}

// Negative twins: MySQL insert-ignore and upsert of the proposed value.
func follow(ctx context.Context, db *sql.DB, a, b int64) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, "INSERT IGNORE INTO follows (a, b) VALUES (?, ?)", a, b)
		return err
	}, retry.Context(ctx))
}

func setName(ctx context.Context, db *sql.DB, id int64, name string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, "INSERT INTO names (id, name) VALUES (?, ?) ON DUPLICATE KEY UPDATE name = VALUES(name)", id, name)
		return err
	}, retry.Context(ctx))
}

// isDeadlock: MySQL chose this transaction as the deadlock victim and
// rolled it back.
func isDeadlock(err error) bool {
	var me *mysql.MySQLError
	return errors.As(err, &me) && me.Number == 1213
}

// Negative twin: an autocommit statement retried on deadlock only: the
// victim was rolled back.
func likeOnDeadlock(ctx context.Context, db *sql.DB, post int64) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, "UPDATE posts SET likes = likes + 1 WHERE id = ?", post)
		return err
	}, retry.RetryIf(isDeadlock), retry.Context(ctx), retry.Delay(10*time.Millisecond))
}

// Negative twin: MySQL's duplicate entry means an earlier attempt stored
// the like.
func likeOnce(ctx context.Context, db *sql.DB, post, user int64) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, "INSERT INTO likes (post, user) VALUES (?, ?)", post, user)
		var me *mysql.MySQLError
		if errors.As(err, &me) && me.Number == 1062 {
			return nil
		}
		return err
	}, retry.Context(ctx))
}

type Counter struct {
	ID      int64
	N       int
	Version int
}

// Positive: a go-pg update builder whose Set adds to the column.
func incr(ctx context.Context, db *pg.DB, id int64, by int) error {
	return retry.Do(func() error {
		_, err := db.Model(&Counter{}).Set("n = n + ?", by).Where("id = ?", id).Update() // want `UPDATE of Counter SET n = n \.\.\. is retried by retry.Do after every error`
		return err
	}, retry.Context(ctx))
}

// Negative twin: the model's values written by primary key.
func store(ctx context.Context, db *pg.DB, c *Counter) error {
	return retry.Do(func() error {
		_, err := db.Model(c).WherePK().Update()
		return err
	}, retry.Context(ctx))
}

// Negative twin: go-pg Set of an absolute value.
func reset(ctx context.Context, db *pg.DB, id int64) error {
	return retry.Do(func() error {
		_, err := db.Model(&Counter{}).Set("n = ?", 0).Where("id = ?", id).Update()
		return err
	}, retry.Context(ctx))
}

// Negative twin: the increment is guarded by the version read before; a
// second run matches no row.
func incrVersioned(ctx context.Context, db *pg.DB, c *Counter, by int) error {
	return retry.Do(func() error {
		_, err := db.Model(c).Set("n = n + ?", by).Set("version = version + 1").Where("id = ?", c.ID).Where("version = ?", c.Version).Update()
		return err
	}, retry.Context(ctx))
}

// Positive: a bun update builder whose Set subtracts from the column.
func spend(ctx context.Context, db *bun.DB, id int64, by int) error {
	return retry.Do(func() error {
		_, err := db.NewUpdate().Model((*Counter)(nil)).Set("n = n - ?", by).Where("id = ?", id).Exec(ctx) // want `UPDATE of Counter SET n = n \.\.\. is retried by retry.Do after every error`
		return err
	}, retry.Context(ctx))
}

// Negative twin: bun Set of an absolute value, by primary key.
func rename(ctx context.Context, db *bun.DB, c *Counter) error {
	return retry.Do(func() error {
		_, err := db.NewUpdate().Model(c).Set("n = ?", c.N).WherePK().Exec(ctx)
		return err
	}, retry.Context(ctx))
}

// Negative twin: the Set text is built at run time.
func spendColumn(ctx context.Context, db *bun.DB, id int64, set string, by int) error {
	return retry.Do(func() error {
		_, err := db.NewUpdate().Model((*Counter)(nil)).Set(set, by).Where("id = ?", id).Exec(ctx)
		return err
	}, retry.Context(ctx))
}
