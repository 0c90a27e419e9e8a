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
	Sqlx: {
		"DB": {"MustExec": {0}, "MustExecContext": {1}, "NamedExec": {0}, "NamedExecContext": {1}},
		"Tx": {"MustExec": {0}, "MustExecContext": {1}, "NamedExec": {0}, "NamedExecContext": {1}},
	},
	Gorm: {"DB": {"Exec": {0}}},
}

var (
	sqlMethods = map[string]StmtMethod{
		"Exec": {0}, "ExecContext": {1}, "Query": {0}, "QueryContext": {1},
		"QueryRow": {0}, "QueryRowContext": {1},
	}
	pgxMethods  = map[string]StmtMethod{"Exec": {1}, "Query": {1}, "QueryRow": {1}}
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
var SQLBeginMethods = []string{"Begin", "BeginTx", "BeginContext", "Beginx", "BeginTxx", "MustBegin"}

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
// gives its rows (a slice means many rows), and Conflict are the methods
// that make it an upsert or skip duplicates.
type ORMInsert struct {
	Type     string
	Exec     string
	Model    string
	Conflict []string
}

// ORMInserts are the insert builders, by import path.
var ORMInserts = map[string]ORMInsert{
	GoPgOrmV10: {Type: "Query", Exec: "Insert", Model: "Model", Conflict: []string{"OnConflict"}},
	Bun:        {Type: "InsertQuery", Exec: "Exec", Model: "Model", Conflict: []string{"On", "Ignore", "Replace"}},
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
