package pgconn

// CommandTag is the status text returned by PostgreSQL for a query.
type CommandTag struct {
	s string
}

// NewCommandTag makes a CommandTag from s.
func NewCommandTag(s string) CommandTag { return CommandTag{s: s} }

// RowsAffected returns the number of rows affected.
func (ct CommandTag) RowsAffected() int64 { return 0 }

func (ct CommandTag) String() string { return ct.s }

// Insert is true if the command tag starts with "INSERT".
func (ct CommandTag) Insert() bool { return false }

// Update is true if the command tag starts with "UPDATE".
func (ct CommandTag) Update() bool { return false }

// Delete is true if the command tag starts with "DELETE".
func (ct CommandTag) Delete() bool { return false }

// Select is true if the command tag starts with "SELECT".
func (ct CommandTag) Select() bool { return false }

type FieldDescription struct {
	Name                 string
	TableOID             uint32
	TableAttributeNumber uint16
	DataTypeOID          uint32
	DataTypeSize         int16
	TypeModifier         int32
	Format               int16
}

type StatementDescription struct {
	Name      string
	SQL       string
	ParamOIDs []uint32
	Fields    []FieldDescription
}

// ConnectError is the error returned when a connection attempt fails.
type ConnectError struct {
	err error
}

func (e *ConnectError) Error() string { return "failed to connect" }

func (e *ConnectError) Unwrap() error { return e.err }
