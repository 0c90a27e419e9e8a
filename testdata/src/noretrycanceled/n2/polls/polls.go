// Package polls holds status polls (an error ends them; they wait between
// successful reads) beside retry loops of the same shape.
package polls

import (
	"context"
	"time"
)

type job struct{ Done bool }

type client struct{}

func (c *client) getJob(ctx context.Context, id string) (job, error) { return job{}, nil }
func (c *client) isReady(ctx context.Context) (bool, error)          { return false, nil }
func (c *client) send(ctx context.Context, id string) error          { return nil }

// --- negatives: polls --------------------------------------------------------

// A cancelled read fails and ends the poll.
func (c *client) waitJob(ctx context.Context, id string) error {
	for attempt := 0; attempt < 60; attempt++ {
		j, err := c.getJob(ctx, id)
		if err != nil {
			return err
		}
		if j.Done {
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}

func (c *client) waitReady(ctx context.Context, maxAttempts int) error {
	for i := 0; i < maxAttempts; i++ {
		ok, err := c.isReady(ctx)
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return nil
}

// --- positives: a failure goes round after a blind sleep --------------------

func (c *client) sendRetry(ctx context.Context, id string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = c.send(ctx, id); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `time.Sleep in a retry loop cannot be interrupted`
	}
	return err
}

// A failed read goes round too: not a poll.
func (c *client) waitJobRetrying(ctx context.Context, id string) error {
	for attempt := 0; attempt < 60; attempt++ {
		j, err := c.getJob(ctx, id)
		if err == nil && j.Done {
			return nil
		}
		time.Sleep(time.Second) // want `time.Sleep in a retry loop cannot be interrupted`
	}
	return nil
}
