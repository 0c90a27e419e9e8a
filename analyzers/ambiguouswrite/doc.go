// Package ambiguouswrite defines an Analyzer that reports database writes
// repeated after an error that does not say whether they were applied.
//
// # Analyzer ambiguouswrite
//
// ambiguouswrite: report database writes retried when repeating them is not safe: after an error that may follow their success, on an aborted transaction, or whole after a partial effect
//
// An error says whether another attempt may help; the operation says
// whether another attempt is safe. Failures fall in three classes:
//
//   - transient: the statement never reached the server (connection
//     refused, DNS failure, pool exhausted, driver.ErrBadConn before
//     sending, what pgconn.SafeToRetry accepts). Retrying is always safe.
//   - ambiguous: the statement was sent and the answer was lost (a
//     timeout, a reset or broken connection, io.ErrUnexpectedEOF,
//     mysql.ErrInvalidConn, a commit whose reply never came). It may
//     have been applied. Retrying is safe only when the write is
//     idempotent.
//   - deterministic: the server refused it (a constraint, a syntax
//     error). Retrying repeats the refusal.
//
// A serialization failure or deadlock (SQLSTATE 40001, 40P01, MySQL
// 1213/1205) is a fourth case: the server aborted the whole transaction
// and applied none of it, so rerunning the whole transaction is safe and
// rerunning one statement of it is not.
//
// The analyzer reads the retry scopes of the package (closures of retry
// helpers, retry loops; see the retryscope pass), the writes their
// attempts send through database/sql, pgx (Conn, Tx, pgxpool), go-pg,
// bun, sqlx or gorm, directly or through functions of the package, and
// what the scope goes round on: every error, a classifier handed to the
// helper (evaluated for a network timeout and for SQLSTATE 40001), the
// tests of the branches that go round, go-retry's RetryableError and
// backoff's Permanent markers in the operation.
//
// W1: a non-idempotent write retried after an ambiguous error.
//
//	retry.Do(func() error {
//		_, err := db.ExecContext(ctx, "INSERT INTO orders (id, amount) VALUES ($1, $2)", id, amount) // reported
//		return err
//	})
//
// Fixed, the insert carries its key and skips a duplicate:
//
//	_, err := db.ExecContext(ctx, "INSERT INTO orders (id, amount) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", id, amount)
//
// or the retry accepts only errors raised before sending
// (retry.RetryIf(pgconn.SafeToRetry)). Not idempotent: an INSERT with no
// ON CONFLICT, ON DUPLICATE KEY, INSERT IGNORE or WHERE NOT EXISTS; an
// UPDATE (or an upsert's update) that computes a column from its old
// value (SET n = n + $1, tags = array_append(tags, $1)) unless its WHERE
// clause compares that column (a version check the second run fails);
// CALL and EXEC of a stored procedure; an ORM insert builder (go-pg's
// Model(...).Insert(), bun's NewInsert().Model(...).Exec, gorm's Create)
// with no OnConflict/On/Ignore/Replace or, for gorm, no
// Clauses(clause.OnConflict{...}) or clause.Insert{Modifier: "IGNORE"}.
//
// sqlx's statements are read like database/sql's, including GetContext
// and Select (an INSERT ... RETURNING id read into a variable is a
// write), the package-level functions that take an executor
// (sqlx.NamedExecContext(ctx, db, ...)), and texts passed through Rebind.
// gorm's Exec and Raw are read as statements; its updates (Update,
// UpdateColumn, Updates, UpdateColumns) are read as the UPDATE they send:
// a value built by gorm.Expr from the column itself (gorm.Expr("stock -
// ?", n)) is a relative change, unless a constant Where condition of the
// chain compares that column (a version). go-pg's and bun's update
// builders are read the same way from their Set texts
// (db.Model(&c).Set("n = n + ?", 1).Where("id = ?", id).Update()); a
// builder with no Set writes the model's values. gorm's Save is not reported: it
// updates the row by its primary key and upserts when the update matched
// none, which repeats safely; it inserts a new row only for a zero key,
// which cannot be seen where Save is called. FirstOrCreate finds the row
// an earlier attempt created, and Delete is idempotent. A gorm
// transaction is a *gorm.DB: one begun by Begin, or handed to the
// function Transaction runs.
//
// W2: a conflict retry that repeats instead of re-reading.
//
// A statement sent on a transaction begun outside the retry (a *sql.Tx,
// pgx.Tx, *pg.Tx or bun.Tx declared before it, or handed in) and sent
// again after a serialization failure, a deadlock, or every error:
//
//	tx, _ := db.BeginTx(ctx, nil)
//	retry.Do(func() error {
//		_, err := tx.ExecContext(ctx, "UPDATE items SET shelf = $1 WHERE id = $2", shelf, id) // reported
//		return err
//	}, retry.RetryIf(isSerializationFailure))
//
// The transaction is already aborted: the retry fails with "current
// transaction is aborted", or, on MySQL, where a deadlock rolls the
// transaction back, runs the rest of it outside any transaction. Fixed:
// a function that begins, runs and commits the transaction, retried as a
// whole (retry.Do(func() error { return pgx.BeginFunc(ctx, pool, fn) })).
// Where the retried function is a func() error literal and the
// transaction begun outside is only committed or rolled back there, the
// suggested fix gives the literal a transaction of its own, begun, run
// and committed in each attempt (the outer one is left empty).
// A retry that rolls back to a savepoint first (ROLLBACK TO SAVEPOINT, the
// CockroachDB client protocol) reruns the transaction and is not
// reported.
//
// And an optimistic-concurrency UPDATE ... WHERE version = $n that
// matched no row and is sent again, in the same attempt loop, with the
// same arguments and nothing read in between: the row has moved on and
// the retry can never match. Read the row (and its version) again in each
// attempt.
//
// W3: a batch retried whole after a partial effect.
//
// Rows written one autocommit statement at a time in a loop inside the
// attempt, and retried as a whole after any error: the rows written
// before the failure are written again. And a multi-row INSERT, a COPY
// (pgx CopyFrom), a pgx batch of non-idempotent statements or an ORM
// insert of a slice retried whole after an ambiguous error, which may
// come after every row was stored:
//
//	retry.Do(func() error {
//		for _, e := range events {
//			if _, err := db.ExecContext(ctx, "INSERT INTO events (id, kind) VALUES ($1, $2)", e.ID, e.Kind); err != nil { // reported
//				return err
//			}
//		}
//		return nil
//	})
//
// Fixed: give each row an idempotent key (ON CONFLICT (id) DO NOTHING),
// or write the rows in one transaction, or COPY into a temporary table and
// insert from it with ON CONFLICT.
//
// Deliberately not reported:
//
//   - statements whose text is not a constant (or a concatenation of
//     constants, or a local assigned one) visible in the package:
//     nothing is known about them;
//   - idempotent statements: upserts, absolute updates, DELETE,
//     TRUNCATE, INSERT ... WHERE NOT EXISTS, version-guarded updates;
//   - inserts whose attempt takes a duplicate key for success (a branch
//     on SQLSTATE 23505, class 23 or MySQL error 1062 that returns nil or
//     leaves the loop): the key deduplicates them;
//   - writes that record the attempt itself (an argument is an error
//     value or the retry loop's counter): an attempt log or a failure
//     record is meant to get one row per attempt;
//   - retries that go round only on errors that prove the statement was
//     not applied: driver.ErrBadConn (database/sql's own retry of it is
//     in the standard library and is not analyzed), pgconn.SafeToRetry,
//     a refused connection; and retries of a whole transaction (or of a
//     statement that is its own transaction) on conflicts only;
//   - retries whose classifier cannot be read (declared in another
//     package, a func value), helpers whose policy is built elsewhere
//     (failsafe-go executors, wait conditions), and permanent-error
//     markers under conditions that cannot be read;
//   - retries the caller marks deliberate with //reslint:ignore
//     ambiguouswrite <reason> on the line of the write (or the line
//     above);
//   - anything in a package that imports no database library: the
//     analyzer returns before looking at the package. Writes in another
//     package (a repository type's method) are judged there only if that
//     package retries them.
package ambiguouswrite
