// Package shapes holds well-typed code in shapes the recognisers meet
// rarely: generics, method values and expressions, closures through
// interfaces, goto, labeled loops, select {}, range-over-func loops and
// deeply nested closures.
package shapes

import (
	"bytes"
	"context"
	"errors"
	"iter"
	"net/http"
	"time"

	"github.com/google/uuid"
)

// --- generics

type Retrier[T any] struct{ attempts int }

func (r Retrier[T]) Do(ctx context.Context, f func(context.Context) (T, error)) (T, error) {
	var zero T
	var err error
	for i := 0; i < r.attempts; i++ {
		var v T
		if v, err = f(ctx); err == nil {
			return v, nil
		}
		if !Classify[error](err) {
			return zero, err
		}
		time.Sleep(time.Duration(i) * time.Millisecond)
	}
	return zero, err
}

func Classify[E error](err E) bool {
	var target E
	return !errors.As(err, &target)
}

func Generic[K comparable, V any](ctx context.Context, m map[K]V, send func(K, V) error) error {
	for k, v := range m {
		for range 3 {
			if send(k, v) == nil {
				break
			}
		}
	}
	return nil
}

// --- method values and expressions

type Client struct{ hc *http.Client }

func (c *Client) Post(ctx context.Context, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://x", bytes.NewReader(body))
	if err != nil {
		return err
	}
	_, err = c.hc.Do(req)
	return err
}

func MethodValues(ctx context.Context, c *Client, body []byte) error {
	post := c.Post
	expr := (*Client).Post
	var err error
	for i := 0; i < 3; i++ {
		if i%2 == 0 {
			err = post(ctx, body)
		} else {
			err = expr(c, ctx, body)
		}
		if err == nil {
			return nil
		}
	}
	return err
}

// --- closures through interfaces

type Op interface{ Run(context.Context) error }

type OpFunc func(context.Context) error

func (f OpFunc) Run(ctx context.Context) error { return f(ctx) }

func Through(ctx context.Context, op Op) error {
	var err error
	for range 3 {
		if err = op.Run(ctx); err == nil || ctx.Err() != nil {
			return err
		}
	}
	return err
}

func UseThrough(ctx context.Context) error {
	return Through(ctx, OpFunc(func(ctx context.Context) error {
		key := uuid.NewString()
		_ = key
		return nil
	}))
}

// --- goto and labeled loops

func Goto(ctx context.Context, call func() error) error {
	attempt := 0
again:
	err := call()
	if err != nil && attempt < 3 {
		attempt++
		t := time.NewTimer(time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		goto again
	}
	return err
}

func Labeled(ctx context.Context, calls []func() error) error {
outer:
	for i := 0; i < 3; i++ {
	inner:
		for _, c := range calls {
			switch err := c(); {
			case err == nil:
				continue inner
			case errors.Is(err, context.Canceled):
				break outer
			default:
				tk := time.NewTicker(time.Millisecond)
				for range tk.C {
					tk.Stop()
					continue outer
				}
			}
		}
		return nil
	}
	return ctx.Err()
}

// --- select {}

func Forever(ctx context.Context, call func() error) {
	go func() {
		for {
			if call() == nil {
				break
			}
		}
	}()
	select {}
}

// --- range-over-func

func Attempts(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

func RangeFunc(ctx context.Context, call func(int) error) error {
	var err error
	for i := range Attempts(3) {
		if err = call(i); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		defer func() { _ = i }()
	}
	for k, v := range func(yield func(string, int) bool) { yield("a", 1) } {
		_, _ = k, v
	}
	return err
}

// --- deeply nested closures

func Nested(ctx context.Context) func() func() func() func() error {
	return func() func() func() func() error {
		return func() func() func() error {
			return func() func() error {
				return func() error {
					var err error
					for range 3 {
						err = func() error {
							return func() error {
								return func() error {
									t := time.NewTimer(time.Second)
									<-t.C
									return ctx.Err()
								}()
							}()
						}()
					}
					return err
				}
			}
		}
	}
}
