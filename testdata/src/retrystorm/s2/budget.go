package s2

import (
	"errors"
	"time"
)

// A backoffer shared down the call chain: every layer waits on it, and it
// fails once the request's total sleep budget is spent. Nested loops that
// leave when it fails draw on one budget; their attempts do not multiply.

type backoffer struct {
	slept, budget time.Duration
}

var errBackoffBudget = errors.New("backoff budget spent")

func (b *backoffer) Backoff(kind string, err error) error {
	d := 50 * time.Millisecond
	if b.slept+d > b.budget {
		return errors.Join(errBackoffBudget, err)
	}
	b.slept += d
	time.Sleep(d)
	return nil
}

func locate(key string) (int, error) { return 0, nil }
func resolve(region int) error       { return nil }

// locateKey retries until the shared backoffer gives up.
func locateKey(bo *backoffer, key string) (int, error) {
	for {
		region, err := locate(key)
		if err == nil {
			return region, nil
		}
		if err := bo.Backoff("region-miss", err); err != nil {
			return 0, err
		}
	}
}

// Negative: the outer loop goes round when locateKey fails with "not
// found", and both spend one budget.
func resolveLock(bo *backoffer, key string) error {
	for {
		region, err := locateKey(bo, key)
		if err == nil {
			return resolve(region)
		}
		if !errors.Is(err, errNotFound) {
			return err
		}
		if err := bo.Backoff("not-found", err); err != nil {
			return err
		}
	}
}

var errNotFound = errors.New("not found")

// locateKeyThrice retries a constant three times, whatever the budget.
func locateKeyThrice(key string) (int, error) {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var region int
		if region, err = locate(key); err == nil {
			return region, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return 0, err
}

// Positive: a constant inner retry inside a constant outer one.
func resolveLockFixed(key string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ { // want `retry loop \(4 attempts\) runs locateKeyThrice \(retry loop at budget.go:\d+\) \(3 attempts\) in each attempt: 4 x 3 = 12 calls per request`
		var region int
		region, err = locateKeyThrice(key)
		if err == nil {
			return resolve(region)
		}
		if !errors.Is(err, errNotFound) {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}
