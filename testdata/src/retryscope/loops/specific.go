package loops

import (
	"errors"
	"log"
	"time"
)

// Retry loops that go round on one kind of failure only: the test of
// that kind waits and goes round, any other error leaves, and success
// leaves right after.

var (
	errBusy    = errors.New("busy")
	errTimeout = errors.New("timeout")
)

func handle(int) {}

// The kind tested first, the other errors in an else branch.
func closeWhileBusy() error { // want closeWhileBusy:"sleeps"
	for { // want "retry loop, attempt call"
		err := call()
		if errors.Is(err, errBusy) {
			time.Sleep(100 * time.Millisecond)
			continue
		} else if err != nil {
			return err
		}
		break
	}
	return nil
}

// The same with two tests in a row, success returning.
func lockWhileBusy() error { // want lockWhileBusy:"sleeps"
	for { // want "retry loop, attempt call"
		err := call()
		if err == errBusy {
			log.Print("locked, waiting")
			time.Sleep(time.Second)
			continue
		}
		if err != nil {
			return err
		}
		return nil
	}
}

// Twin: a consumer that waits out an empty queue and handles each item:
// success goes on to the next item, it never leaves on success.
func consumeBacklog() error { // want consumeBacklog:"sleeps"
	for {
		v, err := get()
		if errors.Is(err, errEmpty) {
			time.Sleep(time.Second)
			continue
		} else if err != nil {
			return err
		}
		handle(v)
	}
}

// Twin: the kind is skipped without a wait (the loop reads the next
// one), which is no backoff between attempts.
func skipTimeouts() (int, error) {
	for {
		v, err := get()
		if errors.Is(err, errTimeout) {
			continue
		} else if err != nil {
			return 0, err
		}
		return v, nil
	}
}

// Twin: the kind waits and then leaves; nothing is attempted again.
func waitThenFail() error { // want waitThenFail:"sleeps"
	for {
		err := call()
		if errors.Is(err, errBusy) {
			time.Sleep(time.Second)
			return err
		} else if err != nil {
			return err
		}
		handle(0)
	}
}
