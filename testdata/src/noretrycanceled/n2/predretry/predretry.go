// Package predretry retries an operation while a predicate says its error
// is worth another attempt, on top of a condition-polling helper.
package predretry

import (
	"fmt"

	"noretrycanceled/n2/condwait"
)

// Predicate says whether an error is worth another attempt.
type Predicate func(error) (retry bool)

// Retry runs f until p says its error is not worth retrying.
func Retry(f func() error, p Predicate, backoff condwait.Backoff) (err error) { // want Retry:"sleeps"
	if f == nil {
		return fmt.Errorf("nil f passed to retry")
	}
	condition := func() (bool, error) {
		err = f()
		if p(err) {
			return false, nil
		}
		return true, err
	}
	condwait.ExponentialBackoff(backoff, condition)
	return
}
