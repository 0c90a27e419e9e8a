// Package nodb imports no database library: its look-alike of a
// statement API is not judged, and the analyzer returns at once.
package nodb

import (
	"context"

	"github.com/avast/retry-go/v4"
)

type DB struct{}

func (DB) ExecContext(ctx context.Context, q string, args ...any) (int, error) { return 0, nil }

func insert(ctx context.Context, db DB) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, "INSERT INTO t (a) VALUES (1)")
		return err
	})
}
