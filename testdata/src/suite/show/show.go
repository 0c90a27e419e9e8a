package show

import (
	"time"

	"github.com/cenkalti/backoff/v4"
)

func call() error { return nil }

func f() error {
	var err error
	for i := 0; i < 3; i++ { // want "retry scope: retry loop \\(retry loop; evidence: waits, failure-goes-round\\)"
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func counted(maxAttempts int) error {
	var err error
	for attempt := 0; attempt < maxAttempts; attempt++ { // want "retry scope: retry loop \\(retry loop; evidence: attempt-counter, failure-goes-round\\)"
		if err = call(); err == nil {
			return nil
		}
	}
	return err
}

func library() error {
	return backoff.Retry(func() error { // want "retry scope: retry closure \\(backoff.Retry; evidence: known-library\\)"
		return call()
	}, backoff.NewExponentialBackOff())
}

func gotoLoop() error {
	tries := 0
retry: // want "retry scope: retry loop \\(goto; evidence: attempt-counter, waits, failure-goes-round, goto\\)"
	err := call()
	if err != nil && tries < 3 {
		tries++
		time.Sleep(time.Second)
		goto retry
	}
	return err
}
