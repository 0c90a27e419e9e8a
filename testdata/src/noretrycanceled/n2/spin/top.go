package spin

import (
	"context"
	"time"
)

// --- the Done case falls out, and the loop checks the context at its top

// Negative twin: the next round leaves at the check on top of the loop
// (a retry library's shape): no spin.
func (c *client) checksAtTop(ctx context.Context) error {
	for {
		if err := context.Cause(ctx); err != nil {
			return err
		}
		err := c.call(ctx)
		if err == nil {
			return nil
		}
		t := time.NewTimer(time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
		case <-t.C:
		}
	}
}

// Negative twin: ctx.Err() at the top of the loop.
func (c *client) errAtTop(ctx context.Context) error {
	for attempt := 0; attempt < 10; attempt++ {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err := c.call(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
	return nil
}

// Positive: the check at the top only logs; the loop spins.
func (c *client) logsAtTop(ctx context.Context) error {
	for attempt := 0; attempt < 10; attempt++ {
		if err := context.Cause(ctx); err != nil {
			c.markClosed()
		}
		if err := c.call(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done(): // want `case <-ctx.Done\(\) does not leave the loop`
		case <-time.After(time.Second):
		}
	}
	return nil
}
