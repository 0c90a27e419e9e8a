package knowledge

// Database libraries: where a statement is sent, what begins a
// transaction, what sends many rows at once, and which errors say what
// about a statement's fate. The ambiguouswrite analyzer reads these
// tables; a new library is rows here.

// Import paths of database libraries. Paths with a /vN suffix are listed
// as written; the tables below key on them exactly.
const (
	DatabaseSQL = "database/sql"
	SQLDriver   = "database/sql/driver"
	PgxV4       = "github.com/jackc/pgx/v4"
	PgxV5       = "github.com/jackc/pgx/v5"
	PgxpoolV4   = "github.com/jackc/pgx/v4/pgxpool"
	PgxpoolV5   = "github.com/jackc/pgx/v5/pgxpool"
	PgconnV5    = "github.com/jackc/pgx/v5/pgconn"
	Pgconn      = "github.com/jackc/pgconn" // pgx v4's
	GoPgV10     = "github.com/go-pg/pg/v10"
	GoPgOrmV10  = "github.com/go-pg/pg/v10/orm"
	Bun         = "github.com/uptrace/bun"
	Sqlx        = "github.com/jmoiron/sqlx"
	Gorm        = "gorm.io/gorm"
	GormClause  = "gorm.io/gorm/clause"
	MySQL       = "github.com/go-sql-driver/mysql"
	PQ          = "github.com/lib/pq"
)

// DBLibraries are the import paths whose presence among a package's
// imports makes it worth looking for database writes.
var DBLibraries = []string{
	DatabaseSQL, PgxV4, PgxV5, PgxpoolV4, PgxpoolV5, GoPgV10, GoPgOrmV10, Bun, Sqlx, Gorm,
}

// A StmtMethod is a method that sends one SQL statement: Query is the
// index of the statement text among its arguments.
type StmtMethod struct {
	Query int
}

// SQLStatements maps import path → receiver type name → method name →
// the statement argument. Methods promoted from an embedded *sql.DB or
// *sql.Tx (sqlx, bun) are database/sql's and need no row of their own.
var SQLStatements = map[string]map[string]map[string]StmtMethod{
	DatabaseSQL: {
		"DB":   sqlMethods,
		"Tx":   sqlMethods,
		"Conn": {"ExecContext": {1}, "QueryContext": {1}, "QueryRowContext": {1}},
	},
	PgxV4:     {"Conn": pgxMethods, "Tx": pgxMethods},
	PgxV5:     {"Conn": pgxMethods, "Tx": pgxMethods},
	PgxpoolV4: {"Pool": pgxMethods, "Conn": pgxMethods, "Tx": pgxMethods},
	PgxpoolV5: {"Pool": pgxMethods, "Conn": pgxMethods, "Tx": pgxMethods},
	GoPgV10: {
		"baseDB": goPgMethods, "Tx": goPgMethods, "Conn": goPgMethods,
	},
	Bun: {
		"DB":   {"Exec": {0}, "ExecContext": {1}, "QueryContext": {1}, "QueryRowContext": {1}},
		"Tx":   {"Exec": {0}, "ExecContext": {1}, "QueryContext": {1}, "QueryRowContext": {1}},
		"Conn": {"ExecContext": {1}, "QueryContext": {1}, "QueryRowContext": {1}},
	},
	// sqlx's DB, Tx and Conn embed database/sql's; the methods below
	// are its own. Get and Select run statements too: an INSERT ...
	// RETURNING id read with GetContext is a write. The interfaces are
	// what code written against sqlx takes as its executor.
	Sqlx: {
		"DB":             sqlxMethods,
		"Tx":             sqlxMethods,
		"Conn":           {"GetContext": {2}, "SelectContext": {2}, "QueryxContext": {1}, "QueryRowxContext": {1}},
		"Execer":         {"Exec": {0}},
		"ExecerContext":  {"ExecContext": {1}},
		"Queryer":        {"Query": {0}, "Queryx": {0}, "QueryRowx": {0}},
		"QueryerContext": {"QueryContext": {1}, "QueryxContext": {1}, "QueryRowxContext": {1}},
	},
	// gorm's Raw builds a statement that Scan, Row or Rows send.
	Gorm: {"DB": {"Exec": {0}, "Raw": {0}}},
}

// A StmtFunc is a package-level function that sends one SQL statement
// on the executor at argument Exec.
type StmtFunc struct {
	Exec, Query int
}

// SQLStatementFuncs maps import path → function → its arguments.
var SQLStatementFuncs = map[string]map[string]StmtFunc{
	Sqlx: {
		"MustExec": {0, 1}, "MustExecContext": {1, 2}, "NamedExec": {0, 1}, "NamedExecContext": {1, 2},
		"NamedQuery": {0, 1}, "NamedQueryContext": {1, 2},
		"Get": {0, 2}, "GetContext": {1, 3}, "Select": {0, 2}, "SelectContext": {1, 3},
	},
}

// SQLNamedBinds are the statement methods and functions whose one
// argument after the text binds named parameters from a struct or map,
// or, given a slice, expands the VALUES tuple into one per element (a
// multi-row insert): path → name.
var SQLNamedBinds = map[string][]string{
	Sqlx: {"NamedExec", "NamedExecContext"},
}

// SQLTextPreserving are functions and methods that return their
// statement argument (at index Query) with only its placeholders
// rewritten: sqlx's Rebind. Path → receiver type ("" for a function) →
// name.
var SQLTextPreserving = map[string]map[string]map[string]StmtMethod{
	Sqlx: {
		"":     {"Rebind": {1}},
		"DB":   {"Rebind": {0}},
		"Tx":   {"Rebind": {0}},
		"Conn": {"Rebind": {0}},
	},
}

var (
	sqlMethods = map[string]StmtMethod{
		"Exec": {0}, "ExecContext": {1}, "Query": {0}, "QueryContext": {1},
		"QueryRow": {0}, "QueryRowContext": {1},
	}
	pgxMethods  = map[string]StmtMethod{"Exec": {1}, "Query": {1}, "QueryRow": {1}}
	sqlxMethods = map[string]StmtMethod{
		"MustExec": {0}, "MustExecContext": {1}, "NamedExec": {0}, "NamedExecContext": {1},
		"NamedQuery": {0}, "NamedQueryContext": {1},
		"Queryx": {0}, "QueryxContext": {1}, "QueryRowx": {0}, "QueryRowxContext": {1},
		"Get": {1}, "GetContext": {2}, "Select": {1}, "SelectContext": {2},
	}
	goPgMethods = map[string]StmtMethod{
		"Exec": {0}, "ExecContext": {1}, "ExecOne": {0}, "ExecOneContext": {1},
		"Query": {1}, "QueryContext": {2}, "QueryOne": {1}, "QueryOneContext": {2},
	}
)

// SQLTxTypes are the transaction types, by import path: a statement sent
// on one of them belongs to a transaction someone began.
var SQLTxTypes = map[string][]string{
	DatabaseSQL: {"Tx"},
	PgxV4:       {"Tx"},
	PgxV5:       {"Tx"},
	PgxpoolV4:   {"Tx"},
	PgxpoolV5:   {"Tx"},
	GoPgV10:     {"Tx"},
	Bun:         {"Tx"},
	Sqlx:        {"Tx"},
}

// SQLBeginMethods begin a transaction (on any of the libraries' handles).
var SQLBeginMethods = []string{"Begin", "BeginTx", "BeginContext", "Beginx", "BeginTxx", "MustBegin", "MustBeginTx"}

// SQLReadMethods read rows without a statement argument of their own:
// go-pg's and bun's select builders. A statement method whose text is a
// SELECT is a read too.
var SQLReadMethods = map[string]map[string][]string{
	GoPgOrmV10: {"Query": {"Select", "SelectAndCount"}},
	Bun:        {"SelectQuery": {"Scan", "Exec", "Count"}},
}

// CopyFromMethods send many rows with one COPY (pgx), by import path and
// receiver type.
var CopyFromMethods = map[string]map[string][]string{
	PgxV4:     {"Conn": {"CopyFrom"}, "Tx": {"CopyFrom"}},
	PgxV5:     {"Conn": {"CopyFrom"}, "Tx": {"CopyFrom"}},
	PgxpoolV4: {"Pool": {"CopyFrom"}, "Conn": {"CopyFrom"}, "Tx": {"CopyFrom"}},
	PgxpoolV5: {"Pool": {"CopyFrom"}, "Conn": {"CopyFrom"}, "Tx": {"CopyFrom"}},
}

// A BatchAPI queues statements (Queue, statement at argument Query) into a
// batch value and sends it (Send methods, the batch at argument Batch).
type BatchAPI struct {
	Type  string // the batch type
	Queue string
	Query int
	Send  []string
	Batch int
}

// SQLBatches are the batch APIs, by the import path of the sender.
var SQLBatches = map[string]BatchAPI{
	PgxV4: {Type: "Batch", Queue: "Queue", Query: 0, Send: []string{"SendBatch"}, Batch: 1},
	PgxV5: {Type: "Batch", Queue: "Queue", Query: 0, Send: []string{"SendBatch"}, Batch: 1},
	// The pools send pgx's batches.
	PgxpoolV4: {Type: "Batch", Queue: "Queue", Query: 0, Send: []string{"SendBatch"}, Batch: 1},
	PgxpoolV5: {Type: "Batch", Queue: "Queue", Query: 0, Send: []string{"SendBatch"}, Batch: 1},
}

// An ORMInsert is an insert builder: Exec runs it (on type Type), Model
// gives its rows (a slice means many rows), or, with RowsArg, Exec's own
// first argument does; Conflict are the methods that make it an upsert
// or skip duplicates, and ConflictClauses the clause types (of package
// ClausePath) that do so when handed to the Clauses method. Batched are
// Exec methods that insert a slice in several statements.
type ORMInsert struct {
	Type            string
	Exec            []string
	Model           string
	RowsArg         bool
	Conflict        []string
	Clauses         string
	ClausePath      string
	ConflictClauses []string
	// IgnoreClause is a clause type whose Modifier field, a constant
	// naming IGNORE, makes the insert an INSERT IGNORE.
	IgnoreClause string
	Batched      []string
}

// ORMInserts are the insert builders, by import path.
//
// gorm's Create inserts its argument (a slice in one multi-row
// statement, CreateInBatches in one statement per batch); Save is not
// here: it updates a row whose primary key is set and upserts when the
// update matched none, so it repeats safely, and inserts a new row only
// for a zero key, which cannot be seen where Save is called. FirstOrCreate
// reads before it creates and finds the row an earlier attempt stored.
var ORMInserts = map[string]ORMInsert{
	GoPgOrmV10: {Type: "Query", Exec: []string{"Insert"}, Model: "Model", Conflict: []string{"OnConflict"}},
	Bun:        {Type: "InsertQuery", Exec: []string{"Exec"}, Model: "Model", Conflict: []string{"On", "Ignore", "Replace"}},
	Gorm: {
		Type: "DB", Exec: []string{"Create", "CreateInBatches"}, RowsArg: true,
		Clauses: "Clauses", ClausePath: GormClause, ConflictClauses: []string{"OnConflict"}, IgnoreClause: "Insert",
		Batched: []string{"CreateInBatches"},
	},
}

// An ORMUpdate is an update builder's terminal method: it sets the
// column named by argument Column to argument Value, or, with Column
// -1, the columns of the map or struct at Value; with Set, the
// assignments are the texts of the chain's ORMSet calls (go-pg's and
// bun's Set("n = n + ?", 1)), and a chain with none updates the model's
// columns to its values.
type ORMUpdate struct {
	Column, Value int
	Set           bool
}

// ORMUpdates are the update methods, by import path and receiver type;
// ORMWhere the methods that add a condition (text first); ORMTable the
// method naming the table and ORMModel the one giving the model.
// ORMExprFuncs build an SQL expression from their text (argument 0) that
// an update assigns to a column: gorm.Expr("stock - ?", n) makes an
// update relative.
var (
	ORMUpdates = map[string]map[string]map[string]ORMUpdate{
		Gorm: {"DB": {
			"Update": {0, 1, false}, "UpdateColumn": {0, 1, false}, "Updates": {-1, 0, false}, "UpdateColumns": {-1, 0, false},
		}},
		GoPgOrmV10: {"Query": {"Update": {-1, -1, true}}},
		Bun:        {"UpdateQuery": {"Exec": {-1, -1, true}}},
	}
	ORMWhere     = map[string][]string{Gorm: {"Where", "Not", "Or"}, GoPgOrmV10: {"Where", "WhereOr"}, Bun: {"Where", "WhereOr"}}
	ORMTable     = map[string]string{Gorm: "Table", GoPgOrmV10: "Table", Bun: "Table"}
	ORMModel     = map[string]string{Gorm: "Model", GoPgOrmV10: "Model", Bun: "Model"}
	ORMSet       = map[string]string{GoPgOrmV10: "Set", Bun: "Set"}
	ORMExprFuncs = map[string][]string{Gorm: {"Expr"}}
	// ORMExprTypes are composite types whose SQL field is such an
	// expression (clause.Expr{SQL: "n + ?"}).
	ORMExprTypes = map[string][]string{GormClause: {"Expr"}}
)

// SQLTxCallbacks are methods that run a function in a transaction they
// begin and commit: the function's first parameter is that transaction
// (gorm's Transaction; pgx's and bun's have transaction types of their
// own). Path → receiver type → methods.
var SQLTxCallbacks = map[string]map[string][]string{
	Gorm: {"DB": {"Transaction"}},
}

// Errors and what they say about a statement that failed with them.
var (
	// SQLNotSentErrors are sentinels that prove the statement never
	// reached the server: database/sql retries them itself.
	SQLNotSentErrors = map[string][]string{SQLDriver: {"ErrBadConn"}}
	// SQLNotSentFuncs answer true only for an error raised before
	// anything was sent (pgconn.SafeToRetry).
	SQLNotSentFuncs = map[string][]string{PgconnV5: {"SafeToRetry"}, Pgconn: {"SafeToRetry"}}
	// SQLNotSentTypes are errors of a connection that was never made.
	SQLNotSentTypes = map[string][]string{PgconnV5: {"ConnectError"}, Pgconn: {"ConnectError"}}
	// SQLAmbiguousErrors are sentinels of a connection that broke while a
	// statement may have been under way.
	SQLAmbiguousErrors = map[string][]string{MySQL: {"ErrInvalidConn"}, "io": {"ErrUnexpectedEOF"}}
	// SQLAmbiguousFuncs answer true for a timeout, which may come after
	// the statement was applied.
	SQLAmbiguousFuncs = map[string][]string{PgconnV5: {"Timeout"}, Pgconn: {"Timeout"}, "os": {"IsTimeout"}}
	// AmbiguousSignals are labels of classify's retry signals for
	// failures that can come after a statement was sent: a reset or broken
	// connection, a timeout, a truncated answer.
	AmbiguousSignals = []string{
		"ECONNRESET", "EPIPE", "ETIMEDOUT", "io.ErrUnexpectedEOF",
		"net.Error Timeout()", "net.Error Temporary()", "*net.OpError", "net.OpError", "*net.Error", "net.Error",
	}
	// ConflictSQLStates are the SQLSTATEs of a transaction the server
	// aborted for a conflict: serialization failure, deadlock (CockroachDB
	// reports its restarts as 40001).
	ConflictSQLStates = []string{"40001", "40P01"}
	// ConflictSignals are classify's labels for them.
	ConflictSignals = []string{"SQLSTATE 40001", "SQLSTATE 40P01", "SQLSTATE class 40"}
	// MySQLConflictNumbers are MySQL's deadlock (1213) and lock wait
	// timeout (1205) error numbers (MySQLError.Number).
	MySQLConflictNumbers = []int64{1205, 1213}
	// UniqueViolationSignals are classify's labels for a duplicate key
	// (SQLSTATE 23505, the integrity class 23), and MySQLDuplicateNumbers
	// MySQL's ER_DUP_ENTRY: an insert whose retry takes one of them for
	// success is deduplicated by the key.
	UniqueViolationSignals = []string{"SQLSTATE 23505", "SQLSTATE class 23"}
	MySQLDuplicateNumbers  = []int64{1062}
	// SQLDuplicateErrors are sentinels of a duplicate key (gorm's, with
	// TranslateError on).
	SQLDuplicateErrors = map[string][]string{Gorm: {"ErrDuplicatedKey"}}
)

// Returned says which errors an operation returns to a retry helper make
// it go round again.
type Returned int

const (
	// ReturnedAll: every error, except those wrapped by one of
	// PermanentMarkers; a classifier handed to the call narrows it.
	ReturnedAll Returned = iota + 1
	// ReturnedMarked: only errors wrapped by one of RetryableMarkers.
	ReturnedMarked
	// ReturnedClassified: the errors its classifier argument accepts.
	ReturnedClassified
	// ReturnedOther: errors of another kind than a database's
	// (client-go's RetryOnConflict retries Kubernetes conflicts).
	ReturnedOther
)

// HelperReturned maps retry helpers of known libraries (import path with
// no /vN suffix → function) to what they go round on. Helpers missing
// here (wait's conditions, failsafe-go's executors, whose policy is built
// elsewhere) are not judged.
var HelperReturned = map[string]map[string]Returned{
	"github.com/cenkalti/backoff": {
		"Retry": ReturnedAll, "RetryNotify": ReturnedAll, "RetryNotifyWithTimer": ReturnedAll,
		"RetryWithData": ReturnedAll, "RetryNotifyWithData": ReturnedAll, "RetryNotifyWithTimerAndData": ReturnedAll,
	},
	RetryGo:       {"Do": ReturnedAll, "DoWithData": ReturnedAll},
	GoRetry:       {"Do": ReturnedMarked, "DoValue": ReturnedMarked, "Constant": ReturnedMarked, "Exponential": ReturnedMarked, "Fibonacci": ReturnedMarked},
	ClientGoRetry: {"OnError": ReturnedClassified, "RetryOnConflict": ReturnedOther},
}

// PermanentMarkers wrap an error so that the helper stops; RetryableMarkers
// wrap one so that it goes round (import path with no /vN → functions).
var (
	PermanentMarkers = map[string][]string{"github.com/cenkalti/backoff": {"Permanent"}, RetryGo: {"Unrecoverable"}}
	RetryableMarkers = map[string][]string{GoRetry: {"RetryableError"}}
)
