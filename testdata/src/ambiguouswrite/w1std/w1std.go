// Package w1std holds W1 fixtures on database/sql: non-idempotent writes
// retried after errors that may follow their success, and their correct
// twins.
package w1std

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"net"
	"syscall"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
)

const insertOrder = "INSERT INTO orders (id, customer, amount) VALUES ($1, $2, $3)"

// Positive: a plain INSERT retried by retry-go on every error.
func placeOrder(ctx context.Context, db *sql.DB, id string, amount int) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, insertOrder, id, "c", amount) // want `INSERT INTO orders is retried by retry.Do after every error, which may come after it was applied`
		return err
	}, retry.Context(ctx))
}

// Negative twin: the same insert made an upsert on the order id.
func placeOrderUpsert(ctx context.Context, db *sql.DB, id string, amount int) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, insertOrder+" ON CONFLICT (id) DO NOTHING", id, "c", amount)
		return err
	}, retry.Context(ctx))
}

// Positive: a relative balance change in a retry loop that goes round on
// every error.
func debit(ctx context.Context, db *sql.DB, acct string, cents int) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", cents, acct) // want `UPDATE accounts SET balance = balance \.\.\. is retried by retry loop after every error`
		if err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt) * 100 * time.Millisecond)
	}
	return err
}

// Negative twin: an absolute update is the same however often it runs.
func setBalance(ctx context.Context, db *sql.DB, acct string, cents int) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = db.ExecContext(ctx, "UPDATE accounts SET balance = $1 WHERE id = $2", cents, acct)
		if err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt) * 100 * time.Millisecond)
	}
	return err
}

// Negative twin: a delete by key.
func forget(ctx context.Context, db *sql.DB, id string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, "DELETE FROM sessions WHERE id = $1", id)
		return err
	})
}

// Negative twin: the insert carries its deduplication key and checks it.
func recordPayment(ctx context.Context, db *sql.DB, reqID string, cents int) error {
	const q = "INSERT INTO payments (request_id, amount) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM payments WHERE request_id = $1)"
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, q, reqID, cents)
		return err
	})
}

// Positive: a stored procedure retried by backoff on every error.
func transfer(ctx context.Context, db *sql.DB, from, to string, cents int) error {
	op := func() error {
		_, err := db.ExecContext(ctx, "CALL transfer($1, $2, $3)", from, to, cents) // want `CALL transfer is retried by backoff.Retry after every error`
		return err
	}
	return backoff.Retry(op, backoff.NewExponentialBackOff())
}

// isTimeout says whether err is a network timeout.
func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// Positive: a classifier that retries timeouts: a timeout after the
// insert was sent says nothing about whether it was applied.
func auditLog(ctx context.Context, db *sql.DB, msg string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, "INSERT INTO audit (msg) VALUES ($1)", msg) // want `INSERT INTO audit is retried by retry.Do after a timeout`
		return err
	}, retry.RetryIf(isTimeout))
}

// isBadConn says whether the connection was bad before anything was sent.
func isBadConn(err error) bool {
	return errors.Is(err, driver.ErrBadConn)
}

// Negative twin: only errors raised before sending are retried.
func auditLogSafe(ctx context.Context, db *sql.DB, msg string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, "INSERT INTO audit (msg) VALUES ($1)", msg)
		return err
	}, retry.RetryIf(isBadConn))
}

// Positive: a loop that goes round on a reset connection.
func bump(ctx context.Context, db *sql.DB, key string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		_, err = db.ExecContext(ctx, "UPDATE counters SET n = n + 1 WHERE k = $1", key) // want `UPDATE counters SET n = n \.\.\. is retried by retry loop after ECONNRESET`
		if err == nil {
			return nil
		}
		if !errors.Is(err, syscall.ECONNRESET) {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
	return err
}

// Negative twin: the loop goes round only on a refused connection, which
// never reached the server.
func bumpRefused(ctx context.Context, db *sql.DB, key string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		_, err = db.ExecContext(ctx, "UPDATE counters SET n = n + 1 WHERE k = $1", key)
		if err == nil {
			return nil
		}
		if !errors.Is(err, syscall.ECONNREFUSED) {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
	return err
}

// The database/sql shape: go round only on driver.ErrBadConn.
func execBadConn(ctx context.Context, db *sql.DB, msg string) error {
	var err error
	for attempt := 0; attempt < 2; attempt++ {
		_, err = db.ExecContext(ctx, "INSERT INTO audit (msg) VALUES ($1)", msg)
		if !errors.Is(err, driver.ErrBadConn) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	return err
}

// Negative twin: an ambiguous error made permanent; the rest is retried.
func auditLogPermanent(ctx context.Context, db *sql.DB, msg string) error {
	return backoff.Retry(func() error {
		_, err := db.ExecContext(ctx, "INSERT INTO audit (msg) VALUES ($1)", msg)
		if isTimeout(err) {
			return backoff.Permanent(err)
		}
		if errors.Is(err, syscall.ECONNREFUSED) {
			return err
		}
		if err != nil {
			return backoff.Permanent(err)
		}
		return nil
	}, backoff.NewExponentialBackOff())
}

// Positive: through a function of the package.
type store struct{ db *sql.DB }

func (s *store) insertEvent(ctx context.Context, kind string) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO events (kind) VALUES ($1)", kind)
	return err
}

func (s *store) emit(ctx context.Context, kind string) error {
	return retry.Do(func() error {
		return s.insertEvent(ctx, kind) // want `INSERT INTO events \(through insertEvent\) is retried by retry.Do after every error`
	})
}

// Negative twin: the statement text is not a constant: not judged.
func dynamic(ctx context.Context, db *sql.DB, q string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, q)
		return err
	})
}

// Negative twin: a read.
func load(ctx context.Context, db *sql.DB, id string) (int, error) {
	var n int
	err := retry.Do(func() error {
		return db.QueryRowContext(ctx, "SELECT n FROM counters WHERE k = $1", id).Scan(&n)
	})
	return n, err
}

// Negative twin: the caller marks the retry deliberate.
func deliberate(ctx context.Context, db *sql.DB, msg string) error {
	return retry.Do(func() error {
		//reslint:ignore ambiguouswrite audit rows are deduplicated downstream by (msg, minute)
		_, err := db.ExecContext(ctx, "INSERT INTO audit (msg) VALUES ($1)", msg)
		return err
	})
}

// Negative twin: one row per failed attempt is the point of a failure
// log.
func sendLogged(ctx context.Context, db *sql.DB, send func() error) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = send()
		if err == nil {
			return nil
		}
		if _, lerr := db.ExecContext(ctx, "INSERT INTO send_failures (attempt, reason) VALUES ($1, $2)", attempt, err.Error()); lerr != nil {
			return lerr
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return err
}

// Negative twin: an attempt log written before each attempt.
func sendTraced(ctx context.Context, db *sql.DB, id string, send func() error) error {
	return retry.Do(func() error {
		err := send()
		_, _ = db.ExecContext(ctx, "INSERT INTO attempts (id, failed) VALUES ($1, $2)", id, err)
		return err
	}, retry.Context(ctx))
}
