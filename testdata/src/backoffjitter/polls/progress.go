package polls

import (
	"context"
	"errors"
	"io"
	"math"
	"time"
)

// Polls whose read runs in the select case after the pacing wait, and a
// reader that goes round only while the log has no new data: all leave on
// the first error. Twins go round on a failure.

func growing(minimum, maximum float64, iter int) time.Duration {
	d := math.Pow(2, float64(iter)/5) * minimum
	if d > maximum {
		d = maximum
	}
	return time.Duration(d) * time.Millisecond
}

type logReader struct {
	ctx   context.Context
	reads int
}

func (r *logReader) read(p []byte) (int, error) { return 0, io.ErrNoProgress }

// Read waits for the next chunk of a log that is still being written.
func (r *logReader) Read(p []byte) (int, error) {
	for r.reads = 1; ; r.reads++ {
		select {
		case <-r.ctx.Done():
			return 0, r.ctx.Err()
		case <-time.After(growing(500, 2000, r.reads)):
			if n, err := r.read(p); !errors.Is(err, io.ErrNoProgress) {
				return n, err
			}
		}
	}
}

var errTimeout = errors.New("timeout")

// readRetry goes round on a timeout: a failure, retried.
func (r *logReader) readRetry(p []byte) (int, error) {
	for r.reads = 1; r.reads < 10; r.reads++ {
		select {
		case <-r.ctx.Done():
			return 0, r.ctx.Err()
		case <-time.After(growing(500, 2000, r.reads)): // want `no random part`
			if n, err := r.read(p); !errors.Is(err, errTimeout) {
				return n, err
			}
		}
	}
	return 0, errTimeout
}

// awaitStatus hands each status change to the caller until a terminal one;
// a failed read ends it.
func awaitStatus(ctx context.Context, reader func(context.Context) (string, error), done string) <-chan string {
	out := make(chan string)
	go func() {
		defer close(out)
		reads := 0
		for {
			select {
			case <-ctx.Done():
				return
			case <-time.After(growing(500, 2000, reads)):
				status, err := reader(ctx)
				if err != nil {
					return
				}
				out <- status
				if status == done {
					return
				}
			}
			reads++
		}
	}()
	return out
}

// awaitRetry reads again after the wait whether the read failed or not.
func (c *client) awaitRetry(ctx context.Context, id, done string) error {
	for reads := 0; reads < 20; reads++ {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(growing(500, 2000, reads)): // want `no random part`
			if status, err := c.describeState(ctx, id); err == nil && status == done {
				return nil
			}
		}
	}
	return errGaveUp
}
