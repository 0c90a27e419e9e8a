// Package polls holds status polls — loops that stop at the first error
// and wait between successful reads — beside retry loops that wait the
// same way after a failure.
package polls

import (
	"context"
	"errors"
	"time"
)

type job struct{ Done bool }

type client struct{}

func (c *client) status(ctx context.Context, id string) (job, error) { return job{}, nil }
func (c *client) submit(ctx context.Context, id string) error        { return nil }
func (c *client) checkReady(ctx context.Context, id string) error    { return nil }
func (c *client) isHealthy(ctx context.Context) (bool, error)        { return true, nil }
func (c *client) describeState(ctx context.Context, id string) (string, error) {
	return "", nil
}

var errGaveUp = errors.New("gave up")

// --- negatives: polls ------------------------------------------------------

// waitDone reads the job's status every two seconds until it is done; the
// first failed read ends it.
func (c *client) waitDone(ctx context.Context, id string) error {
	for attempt := 0; attempt < 30; attempt++ {
		st, err := c.status(ctx, id)
		if err != nil {
			return err
		}
		if st.Done {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return errGaveUp
}

// The same with the read in the if's init and a context-aware wait.
func (c *client) waitReady(ctx context.Context, id string) error {
	for retries := 0; retries < 10; retries++ {
		if err := c.checkReady(ctx, id); err != nil {
			break
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil
}

// A readiness probe bounded by a number of tries; an error ends it.
func (c *client) awaitHealthy(ctx context.Context, maxTries int) (bool, error) {
	var healthy bool
	var err error
	for try := 0; try < maxTries; try++ {
		healthy, err = c.isHealthy(ctx)
		if err != nil {
			break
		}
		if healthy {
			return true, nil
		}
		time.Sleep(500 * time.Millisecond)
	}
	return healthy, err
}

// A describe call polled until the state settles.
func (c *client) waitState(ctx context.Context, id string) (string, error) {
	for attempt := 1; ; attempt++ {
		state, err := c.describeState(ctx, id)
		if err != nil {
			return "", err
		}
		if state != "pending" {
			return state, nil
		}
		if attempt%10 == 0 {
			println("still pending after", attempt, "reads")
		}
		time.Sleep(time.Second)
	}
}

// --- positives: a failure goes round after the same constant wait ----------

func (c *client) submitRetry(ctx context.Context, id string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = c.submit(ctx, id); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2 * time.Second): // want `constant`
		}
	}
	return err
}

// The read's error is logged and the poll goes on: failures are retried.
func (c *client) waitLogged(ctx context.Context, id string) error {
	for attempt := 0; attempt < 30; attempt++ {
		st, err := c.status(ctx, id)
		if err != nil {
			println(err.Error())
			time.Sleep(2 * time.Second) // want `constant`
			continue
		}
		if st.Done {
			return nil
		}
		time.Sleep(2 * time.Second) // want `constant`
	}
	return errGaveUp
}
