package polls

import (
	"context"
	"errors"
	"time"
)

type partition struct{ ID int }

func (c *client) readPartitions(topic string) ([]partition, error) {
	return nil, nil
}

func isTemporary(err error) bool { return err != nil }

// sleep waits d or until ctx is done, and says which.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

func squared(attempt int, min time.Duration) time.Duration {
	return time.Duration(attempt*attempt) * min
}

// Positive: a read whose temporary failures go round is a retry, not a
// poll: its error test does not leave on every error.
func (c *client) statusPatiently(ctx context.Context, id string) (job, error) {
	for attempt := 0; attempt < 5; attempt++ {
		j, err := c.status(ctx, id)
		if err != nil {
			if isTemporary(err) {
				time.Sleep(time.Second) // want `constant`
				continue
			}
			return job{}, err
		}
		return j, nil
	}
	return job{}, errors.New("status: too many attempts")
}

// Positive: the same wait in an if condition, a write retried on any
// failure.
func (c *client) commitWithRetry(ctx context.Context, id string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if attempt != 0 {
			if !sleep(ctx, squared(attempt, 100*time.Millisecond)) { // want `no random part`
				return ctx.Err()
			}
		}
		if err = c.submit(ctx, id); err == nil {
			return nil
		}
	}
	return err
}

// Negative twin: a poll for the partition to appear; every read error
// leaves at once, the wait paces successful reads.
func (c *client) waitPartition(ctx context.Context, topic string, id int) (partition, error) {
	found, errs := make(chan partition, 1), make(chan error, 1)
	go func() {
		for attempt := 0; true; attempt++ {
			if attempt != 0 {
				if !sleep(ctx, squared(attempt, 100*time.Millisecond)) {
					errs <- ctx.Err()
					return
				}
			}
			ps, err := c.readPartitions(topic)
			if err != nil {
				errs <- err
				return
			}
			for _, p := range ps {
				if p.ID == id {
					found <- p
					return
				}
			}
		}
	}()
	select {
	case p := <-found:
		return p, nil
	case err := <-errs:
		return partition{}, err
	}
}

// Negative twin: the wait in the condition leaves the loop on every
// path (a last wait before giving up), so it is no wait between attempts.
func (c *client) submitThenGiveUp(ctx context.Context, id string) error {
	for attempt := 0; attempt < 5; attempt++ {
		if err := c.submit(ctx, id); err == nil {
			return nil
		}
		if attempt == 4 {
			if !sleep(ctx, time.Second) {
				return ctx.Err()
			}
			return nil
		}
	}
	return nil
}

// Negative twin: a status poll that tolerates a temporary read error by
// reading again at once; its wait after a successful read paces the poll.
func (c *client) waitDoneTolerant(ctx context.Context, id string) error {
	for attempt := 0; attempt < 60; attempt++ {
		j, err := c.status(ctx, id)
		if err != nil {
			if isTemporary(err) {
				continue
			}
			return err
		}
		if j.Done {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return errors.New("not done")
}
