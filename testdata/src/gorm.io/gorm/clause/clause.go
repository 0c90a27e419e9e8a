// Package clause is a reslint test stub of gorm.io/gorm@v1.31.2: signatures match the real API.
package clause

// Expression expression interface
type Expression interface {
	Build(builder Builder)
}

// Writer write writer
type Writer interface {
	WriteByte(byte) error
	WriteString(string) (int, error)
}

// Builder builder interface
type Builder interface {
	Writer
	WriteQuoted(field interface{})
	AddVar(Writer, ...interface{})
	AddError(error) error
}

// Column quote with name
type Column struct {
	Table string
	Name  string
	Alias string
	Raw   bool
}

// Table quote with name
type Table struct {
	Name  string
	Alias string
	Raw   bool
}

// Expr raw expression
type Expr struct {
	SQL                string
	Vars               []interface{}
	WithoutParentheses bool
}

// Build build raw expression
func (expr Expr) Build(builder Builder) {}

// Where where clause
type Where struct {
	Exprs []Expression
}

// Name where clause name
func (where Where) Name() string { return "WHERE" }

// Build build where clause
func (where Where) Build(builder Builder) {}

type Set []Assignment

type Assignment struct {
	Column Column
	Value  interface{}
}

func (set Set) Name() string { return "SET" }

func (set Set) Build(builder Builder) {}

func (set Set) Assignments() []Assignment { return []Assignment(set) }

func Assignments(values map[string]interface{}) Set { return nil }

func AssignmentColumns(values []string) Set { return nil }

type OnConflict struct {
	Columns      []Column
	Where        Where
	TargetWhere  Where
	OnConstraint string
	DoNothing    bool
	DoUpdates    Set
	UpdateAll    bool
}

func (OnConflict) Name() string { return "ON CONFLICT" }

// Build build onConflict clause
func (onConflict OnConflict) Build(builder Builder) {}

type Insert struct {
	Table    Table
	Modifier string
}

// Name insert clause name
func (insert Insert) Name() string { return "INSERT" }

// Build build insert clause
func (insert Insert) Build(builder Builder) {}

// Returning returning clause
type Returning struct {
	Columns []Column
}

// Name where clause name
func (returning Returning) Name() string { return "RETURNING" }

// Build build where clause
func (returning Returning) Build(builder Builder) {}
