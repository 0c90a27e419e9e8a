// Package spin holds retry loops that select on ctx.Done() and a backoff
// timer, with a Done case that leaves and with one that does not.
package spin

import (
	"context"
	"errors"
	"log"
	"time"
)

type client struct{ closed bool }

func (c *client) call(ctx context.Context) error { return nil }

func (c *client) markClosed() { c.closed = true }

// --- positives: the Done case does not leave -------------------------------

// logs and goes round: the next rounds take the Done case at once.
func (c *client) logs(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 10; attempt++ {
		if err = c.call(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done(): // want `case <-ctx.Done\(\) does not leave the loop`
			log.Printf("retry %d: context done: %v", attempt, ctx.Err())
		case <-time.After(time.Duration(attempt+1) * time.Second):
		}
	}
	return err
}

// leaves only when the deadline passed: a cancellation spins.
func (c *client) deadlineOnly(ctx context.Context) error {
	t := time.NewTimer(time.Second)
	defer t.Stop()
	for {
		err := c.call(ctx)
		if err == nil {
			return nil
		}
		t.Reset(time.Second)
		select {
		case <-ctx.Done(): // want `case <-ctx.Done\(\) does not leave the loop`
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return ctx.Err()
			}
		case <-t.C:
		}
	}
}

// break leaves the select, not the loop.
func (c *client) breaks(ctx context.Context) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = c.call(ctx); err == nil {
			break
		}
		select {
		case <-ctx.Done(): // want `case <-ctx.Done\(\) does not leave the loop`
			break
		case <-time.After(time.Second):
		}
	}
	return err
}

// --- negatives: the Done case leaves, or may ------------------------------

func (c *client) returns(ctx context.Context) error { // want returns:"honors\\(0\\)"
	for attempt := 0; ; attempt++ {
		err := c.call(ctx)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return errors.Join(err, ctx.Err())
		case <-time.After(time.Duration(attempt+1) * time.Second):
		}
	}
}

func (c *client) labeled(ctx context.Context) error { // want labeled:"honors\\(0\\)"
	var err error
retry:
	for attempt := 0; attempt < 5; attempt++ {
		if err = c.call(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			log.Print("giving up")
			break retry
		case <-time.After(time.Second):
		}
	}
	return err
}

// The case records the error; the code after the select leaves on it.
func (c *client) recorded(ctx context.Context) error {
	for attempt := 0; attempt < 5; attempt++ {
		err := c.call(ctx)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			err = ctx.Err()
		case <-time.After(time.Second):
			err = nil
		}
		if err != nil {
			return err
		}
	}
	return errors.New("out of attempts")
}

// The loop condition consults the context.
func (c *client) condition(ctx context.Context) error {
	var err error
	for attempt := 0; ctx.Err() == nil && attempt < 5; attempt++ {
		if err = c.call(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			log.Print("context done")
		case <-time.After(time.Second):
		}
	}
	return err
}

// A method of the client changes the state the loop tests.
func (c *client) viaMethod(ctx context.Context) error {
	var err error
	for attempt := 0; !c.closed && attempt < 5; attempt++ {
		if err = c.call(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			c.markClosed()
		case <-time.After(time.Second):
		}
	}
	return err
}

// Leaves on any context error, the deadline tested first for a message.
func (c *client) bothErrors(ctx context.Context) error { // want bothErrors:"honors\\(0\\)"
	for {
		err := c.call(ctx)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return errors.New("timed out")
			}
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// --- the Done case falls out of the select into the loop -------------------

// falls out into a break after the select, which leaves the loop: the
// ticker case goes round with continue.
func (c *client) fallsToBreak(ctx context.Context) error {
	var err error
	tk := time.NewTicker(time.Second)
	defer tk.Stop()
	for {
		select {
		case <-tk.C:
			if err = c.call(ctx); err != nil {
				if ctx.Err() == nil {
					panic(err) // call fails only when ctx is cancelled
				}
			}
			continue
		case <-ctx.Done():
		}
		break
	}
	return err
}

// the code after the select only logs: the Done case still goes round.
func (c *client) fallsToLog(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 10; attempt++ {
		if err = c.call(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done(): // want `case <-ctx.Done\(\) does not leave the loop`
			log.Printf("context done: %v", ctx.Err())
			continue
		case <-time.After(time.Second):
		}
		log.Printf("retrying")
	}
	return err
}
