//go:build go1.22

// Package noreturn holds T1 fixtures on calls that never return: a path
// that ends in one does not reach the return, so a timer need not be
// stopped on it. This file is compiled for go1.22, before the Go 1.23
// timer change.
package noreturn

import (
	"context"
	"fmt"
	"os"
	"time"

	"timerstop/noreturn/abort"
)

// ---- negatives: the cancelled path never returns ----

// A helper of this package that always exits, through another one.
func awaitStart(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	select {
	case <-ctx.Done():
		exitWith(ctx.Err())
	case <-t.C:
	}
}

func exitWith(err error) { fail(2, err.Error()) }

func fail(code int, msg string) {
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(code)
}

type server struct{ name string }

// A method of this package that always exits.
func (s *server) awaitReady(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	select {
	case <-ctx.Done():
		s.shutdown(ctx.Err())
	case <-t.C:
	}
}

func (s *server) shutdown(err error) {
	fmt.Fprintf(os.Stderr, "%s: %v\n", s.name, err)
	os.Exit(1)
}

// A helper that exits on every path but loops until then.
func awaitOrRetryExit(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	select {
	case <-ctx.Done():
		retryThenExit(3)
	case <-t.C:
	}
}

func retryThenExit(n int) {
	for i := 0; i < n; i++ {
		fmt.Fprintln(os.Stderr, "still waiting")
	}
	panic("gave up")
}

// ---- positives ----

// A helper of this package named like a fatal logger, which returns:
// the package's own functions are judged by their bodies, not their names.
type logger struct{}

func (logger) Fatal(msg string) { fmt.Fprintln(os.Stderr, msg) }

func awaitLogged(ctx context.Context, d time.Duration, log logger) {
	t := time.NewTimer(d) // want `timer t is not stopped before the function ends`
	select {
	case <-ctx.Done():
		log.Fatal("cancelled")
	case <-t.C:
	}
}

// A helper of another package that never returns is not known as such:
// the path through it is taken to return (a named limitation).
func awaitAbort(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d) // want `timer t is not stopped before the function ends`
	select {
	case <-ctx.Done():
		abort.Process(ctx.Err())
	case <-t.C:
	}
}
