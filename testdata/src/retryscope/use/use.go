// Package use calls retry helpers of another package: the helpers are
// recognised through facts.
package use

import (
	"context"
	"net/http"
	"time"

	"retryscope/helpers"
)

type client struct{ hc *http.Client }

func (c *client) send(ctx context.Context) error { // want "retry closure of helpers.Do"
	return nil
}

func named(ctx context.Context) error { // want "retry closure of helpers.Do"
	return nil
}

func calls(ctx context.Context, c *client) {
	_ = helpers.Do(ctx, helpers.Policy{}, nil, func(ctx context.Context) error { // want "retry closure of helpers.Do \\[inferred-helper\\]"
		return nil
	})
	op := func(ctx context.Context) error { // want "retry closure of helpers.Do"
		return nil
	}
	_ = helpers.Do(ctx, helpers.Policy{}, nil, op)
	_ = helpers.Do(ctx, helpers.Policy{}, nil, c.send)
	_ = helpers.Do(ctx, helpers.Policy{}, nil, named)
	_, _ = helpers.DoValue(ctx, 3, func(ctx context.Context) (int, error) { // want "retry closure of helpers.DoValue"
		return 1, nil
	})
	_, _ = helpers.DoValue[string](ctx, 3, func(ctx context.Context) (string, error) { // want "retry closure of helpers.DoValue"
		return "", nil
	})
	_ = helpers.Marked(func() error { return nil }, nil)    // want "retry closure of helpers.Marked \\[marked\\]"
	_ = helpers.Wrap(ctx, func(context.Context) error { return nil }) // want "retry closure of helpers.Wrap"
	helpers.Until(func() error { return nil })              // want "retry closure of helpers.Until"

	// Negatives: not retried.
	_ = helpers.Once(func() error { return nil })
	_ = helpers.ForEach(nil, func(string) error { return nil })
	helpers.Register(func() error { return nil })

	// A closure variable given a literal on each branch runs one of them.
	op2 := func(ctx context.Context) error { return nil } // want "retry closure of helpers.Do"
	if c != nil {
		op2 = func(ctx context.Context) error { return nil } // want "retry closure of helpers.Do"
	}
	_ = helpers.Do(ctx, helpers.Policy{}, nil, op2)

	// One that is also given something else is not followed (unsure).
	op3 := func(ctx context.Context) error { return nil }
	op3 = pick()
	_ = helpers.Do(ctx, helpers.Policy{}, nil, op3)

	// Operations built by a call run the literal the call returns.
	_ = helpers.Do(ctx, helpers.Policy{}, nil, makeOp("a"))
	_ = helpers.Do(ctx, helpers.Policy{}, nil, wrapOp(named))

	// A field configured with literals only.
	w := worker{do: func(ctx context.Context) error { return nil }} // want "retry closure of helpers.Do"
	_ = helpers.Do(ctx, helpers.Policy{}, nil, w.do)
	_ = helpers.Do(ctx, helpers.Policy{}, nil, w.other)
	_ = time.Second
}

func pick() func(context.Context) error { return named }

func makeOp(name string) func(context.Context) error {
	if name == "" {
		return func(ctx context.Context) error { return nil } // want "retry closure of helpers.Do"
	}
	return func(ctx context.Context) error { // want "retry closure of helpers.Do"
		_ = name
		return nil
	}
}

// wrapOp returns what it was given on one path: not followed.
func wrapOp(op func(context.Context) error) func(context.Context) error {
	if op != nil {
		return op
	}
	return func(ctx context.Context) error { return nil }
}

type worker struct {
	do    func(context.Context) error
	other func(context.Context) error
}

func newWorker(op func(context.Context) error) *worker {
	// other is also given a parameter: not followed.
	return &worker{other: op}
}
