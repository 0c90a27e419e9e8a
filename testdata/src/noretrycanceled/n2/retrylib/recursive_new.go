package retrylib

import "time"

// Again retries op on every error by calling itself, sleeping blindly
// between attempts (the well-known snippet).
func Again(attempts int, sleep time.Duration, op func() error) error { // want Again:"sleeps\\(1\\) blind"
	if err := op(); err != nil {
		if attempts--; attempts > 0 {
			time.Sleep(sleep)
			return Again(attempts, 2*sleep, op)
		}
		return err
	}
	return nil
}

// AgainUnless stops on ErrPermanent: an operation can end it.
func AgainUnless(attempts int, sleep time.Duration, op func() error) error { // want AgainUnless:"sleeps\\(1\\) blind"
	if err := op(); err != nil && err != ErrPermanent {
		if attempts--; attempts > 0 {
			time.Sleep(sleep)
			return AgainUnless(attempts, 2*sleep, op)
		}
		return err
	}
	return nil
}
