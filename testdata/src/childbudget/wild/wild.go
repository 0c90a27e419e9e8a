// Package wild spells the rules' shapes the ways real code does: aliased
// imports, generics, method values, closures in variables.
package wild

import (
	stdctx "context"
	"net/http"
	tm "time"
)

const second = tm.Second

type Store[T any] struct{}

// Get sets 5s on its context, whatever T is.
func (s *Store[T]) Get(ctx stdctx.Context, id string) (T, error) { // want Get:"sets 5s on ctx"
	var zero T
	ctx, cancel := stdctx.WithTimeout(ctx, 5*second)
	defer cancel()
	return zero, ctx.Err()
}

func do[T any](ctx stdctx.Context, v T) error { return ctx.Err() }

// Positives.

func aliased(ctx stdctx.Context) error { // want aliased:"sets 1s on ctx"
	ctx, cancel := stdctx.WithTimeout(ctx, 1*second)
	defer cancel()
	c2, cancel2 := stdctx.WithTimeout(ctx, 2*tm.Second) // want `timeout 2s exceeds the 1s left`
	defer cancel2()
	return do(c2, 1)
}

func generic(ctx stdctx.Context, s *Store[int]) error { // want generic:"sets 2s on ctx"
	ctx, cancel := stdctx.WithTimeout(ctx, 2*second)
	defer cancel()
	_, err := s.Get(ctx, "id") // want `wild.Store.Get sets a 5s timeout, but its context has at most 2s left`
	return err
}

func detachedGeneric(ctx stdctx.Context) error {
	return do(stdctx.TODO(), "x") // want `context.TODO\(\) passed to wild.do`
}

// Negatives.

// A method value is a func value: its facts are not followed.
func methodValue(ctx stdctx.Context, s *Store[int]) error { // want methodValue:"sets 2s on ctx"
	ctx, cancel := stdctx.WithTimeout(ctx, 2*second)
	defer cancel()
	get := s.Get
	_, err := get(ctx, "id")
	return err
}

// A closure in a variable runs when someone calls it: maybe after the
// request, so Background in it is left alone.
func closureVar(ctx stdctx.Context, jobs chan<- func()) {
	job := func() { _ = do(stdctx.Background(), 1) }
	jobs <- job
}

// A closure in a variable that takes its own context is judged on its own.
func closureWithCtx(ctx stdctx.Context) func(stdctx.Context) error {
	f := func(c stdctx.Context) error { return do(c, 1) }
	return f
}

// A handler behind http.TimeoutHandler and also registered directly: on
// the direct route its budget is unknown.
func handler(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := stdctx.WithTimeout(r.Context(), 5*second)
	defer cancel()
	_ = do(ctx, 1)
}

var h = http.TimeoutHandler(http.HandlerFunc(handler), 3*second, "timeout")

func init() { http.HandleFunc("/direct", handler) }
