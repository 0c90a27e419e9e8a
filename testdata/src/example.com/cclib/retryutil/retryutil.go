// Package retryutil is a library of another module with its own
// classifier: its checks never combine with its importers'.
package retryutil

import (
	"errors"
	"syscall"
)

// IsTransient reports whether err is a transient connection fault.
func IsTransient(err error) bool {
	return errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ETIMEDOUT)
}
