// Package loops holds hand-written retry loops and their look-alikes.
package loops

import (
	"context"
	"errors"
	"io"
	"time"
)

func call() error             { return nil }
func get() (int, error)       { return 0, nil }
func backoffFor(i int) time.Duration { return time.Duration(i) }
func sleepFor(d time.Duration) {}

func leaveOnNil() error { // want leaveOnNil:"sleeps"
	var err error
	for i := 0; i < 3; i++ { // want "retry loop"
		err = call()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func continueOnErr() (int, error) { // want continueOnErr:"sleeps"
	for { // want "retry loop"
		v, err := get()
		if err != nil {
			<-time.After(time.Second)
			continue
		}
		return v, nil
	}
}

func selectWait(ctx context.Context) error { // want selectWait:"honors\\(0\\)"
	var err error
	for range 5 { // want "retry loop"
		if err = call(); err == nil {
			break
		}
		t := time.NewTimer(time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}

func namedSleep() error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want "retry loop"
		if err = call(); err == nil || errors.Is(err, io.EOF) {
			return err
		}
		sleepFor(backoffFor(attempt))
	}
	return err
}

func condLoop() { // want condLoop:"sleeps"
	for err := call(); err != nil; err = call() { // want "retry loop"
		time.Sleep(time.Millisecond)
	}
}

// Negative: no wait between attempts.
func noWait() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = call(); err == nil {
			return nil
		}
	}
	return err
}

// Negative: a loop over a collection; it waits (rate limit) but stops at
// the first error.
func batch(items []int) error { // want batch:"sleeps"
	for range items {
		if err := call(); err != nil {
			return err
		}
		time.Sleep(time.Millisecond)
	}
	return nil
}

// Negative: a polling loop that waits, but leaves on error.
func poll(ctx context.Context) error { // want poll:"honors\\(0\\)"
	for {
		v, err := get()
		if err != nil {
			return err
		}
		if v > 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Negative: a reader loop.
func read(r io.Reader) error { // want read:"sleeps"
	buf := make([]byte, 10)
	for {
		_, err := r.Read(buf)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		time.Sleep(time.Millisecond)
	}
}

// Negative: backoffFor computes a duration; nothing waits.
func computeOnly() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = call(); err == nil {
			return nil
		}
		_ = backoffFor(i)
	}
	return err
}

// A retry loop inside a range over a collection, per item: only the inner
// loop is a retry loop.
func perItem(items []int) { // want perItem:"sleeps"
	for range items {
		for i := 0; i < 3; i++ { // want "retry loop"
			if err := call(); err == nil {
				break
			}
			time.Sleep(time.Second)
		}
	}
}

type tb interface{ Fatalf(string, ...any) }

// Negative: a test's polling loop that fails the test on error.
func testPoll(t tb) { // want testPoll:"sleeps"
	for {
		v, err := get()
		if err != nil {
			t.Fatalf("get: %v", err)
		}
		if v > 0 {
			return
		}
		time.Sleep(time.Millisecond)
	}
}
