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
	_ = helpers.Do(ctx, helpers.Policy{}, nil, func(ctx context.Context) error { // want "retry closure of helpers.Do"
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
	_ = helpers.Marked(func() error { return nil }, nil)    // want "retry closure of helpers.Marked"
	_ = helpers.Wrap(ctx, func(context.Context) error { return nil }) // want "retry closure of helpers.Wrap"
	helpers.Until(func() error { return nil })              // want "retry closure of helpers.Until"

	// Negatives: not retried.
	_ = helpers.Once(func() error { return nil })
	_ = helpers.ForEach(nil, func(string) error { return nil })
	helpers.Register(func() error { return nil })

	// A closure variable reassigned later is not followed (unsure).
	op2 := func(ctx context.Context) error { return nil }
	op2 = func(ctx context.Context) error { return nil }
	_ = helpers.Do(ctx, helpers.Policy{}, nil, op2)
	_ = time.Second
}
