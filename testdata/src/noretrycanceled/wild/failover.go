package wild

import (
	"context"
	"errors"
	"time"
)

// Failover over endpoints: each call is handed the context; a cancelled
// context fails every remaining call at once.
func failover(ctx context.Context, endpoints []string, call func(context.Context, string) error) error {
	var errs []error
	for _, ep := range endpoints {
		err := call(ctx, ep)
		if err == nil {
			return nil
		}
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// A third-party style wait that takes the context and returns nothing.
type clock interface {
	SleepContext(ctx context.Context, d time.Duration)
}

func thirdPartyWait(ctx context.Context, clk clock, op func(context.Context) error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
		clk.SleepContext(ctx, time.Second)
	}
	return err
}

// A wait through a function value handed the context.
func funcWait(ctx context.Context, wait func(context.Context, int) error, op func(context.Context) error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
		if werr := wait(ctx, i); werr != nil {
			return werr
		}
	}
	return err
}
