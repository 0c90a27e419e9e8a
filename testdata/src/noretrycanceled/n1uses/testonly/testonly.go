package testonly

import "errors"

var errBad = errors.New("bad")

// IsRetryable is asked only by this package's tests: how the code asks it
// is out of sight, so it is not judged.
func IsRetryable(err error) bool {
	return !errors.Is(err, errBad)
}
