// Package types is a reslint test stub of github.com/go-pg/pg/v10@v10.11.0: signatures match the real API.
package types

import "github.com/go-pg/pg/v10/internal/pool"

type ColumnInfo = pool.ColumnInfo

type Reader = pool.Reader
