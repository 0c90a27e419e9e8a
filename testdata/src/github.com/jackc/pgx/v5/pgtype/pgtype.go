// Package pgtype is a reslint test stub of github.com/jackc/pgx/v5@v5.12.0: signatures match the real API.
package pgtype

// Map is the connection's type map (opaque here).
type Map struct{}
