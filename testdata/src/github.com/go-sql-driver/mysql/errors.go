// Package mysql is a reslint test stub of github.com/go-sql-driver/mysql@v1.10.2: signatures match the real API.
package mysql

import "errors"

// Various errors the driver might return.
var (
	ErrInvalidConn = errors.New("invalid connection")
	ErrMalformPkt  = errors.New("malformed packet")
	ErrBusyBuffer  = errors.New("busy buffer")
)

// MySQLError is an error type which represents a single MySQL error
type MySQLError struct {
	Number   uint16
	SQLState [5]byte
	Message  string
}

func (me *MySQLError) Error() string { return me.Message }

func (me *MySQLError) Is(err error) bool {
	if merr, ok := err.(*MySQLError); ok {
		return merr.Number == me.Number
	}
	return false
}
