package s3

import (
	"errors"
	"time"
)

// A backoffer keeps its own budget: Backoff sleeps, and fails once the
// total sleep passes maxSleep. A loop that leaves when it fails is
// bounded by that budget.

type backoffer struct {
	total, maxSleep time.Duration
}

var errBudget = errors.New("backoff budget spent")

func (b *backoffer) Backoff(kind string, err error) error {
	d := 100 * time.Millisecond
	if b.total+d > b.maxSleep {
		return errors.Join(errBudget, err)
	}
	b.total += d
	time.Sleep(d)
	return nil
}

// Sleep waits and cannot fail.
func (b *backoffer) Sleep(kind string) {
	time.Sleep(100 * time.Millisecond)
}

func timestamp() (uint64, error) { return 0, nil }

// --- negatives ---------------------------------------------------------

func timestampWithRetry(bo *backoffer) (uint64, error) {
	for {
		ts, err := timestamp()
		if err == nil {
			return ts, nil
		}
		err = bo.Backoff("pd", err)
		if err != nil {
			return 0, err
		}
	}
}

func splitWithRetry(bo *backoffer) error {
	for {
		err := connect()
		if err == nil {
			return nil
		}
		if err := bo.Backoff("region", err); err != nil {
			return err
		}
	}
}

func scanWithRetry(bo *backoffer) error {
	for {
		err := connect()
		if err == nil {
			return nil
		}
		if bo.Backoff("scan", err) != nil {
			return err
		}
	}
}

// --- positives ---------------------------------------------------------

// The wait cannot fail: only success ends the loop.
func timestampForever(bo *backoffer) uint64 {
	for { // want `retry loop has no attempt limit, deadline, context or stop channel`
		ts, err := timestamp()
		if err == nil {
			return ts
		}
		bo.Sleep("pd")
	}
}

// The backoff's error is dropped: the test is on the attempt's error.
func splitForever(bo *backoffer) {
	for { // want `retry loop has no attempt limit, deadline, context or stop channel`
		err := connect()
		if err == nil {
			return
		}
		_ = bo.Backoff("region", err)
	}
}

// Negative: the wait is in the failure branch, the test after it.
func scatteredWithRetry(bo *backoffer) (bool, error) {
	for {
		err := connect()
		if err != nil {
			err = bo.Backoff("region", err)
		} else {
			return true, nil
		}
		if err != nil {
			return true, err
		}
	}
}
