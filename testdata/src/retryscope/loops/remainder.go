package loops

import (
	"context"
	"time"
)

// Retries of the remainder: the attempt sends a set, its error is split
// into the items to send again, and the loop leaves when none is left,
// backing off between rounds. The look-alike drains a queue at a fixed
// rate: its batch comes from a fetch, not from a failure.

type Backoff struct{ cur time.Duration }

// Pause returns the next wait.
func (b *Backoff) Pause() time.Duration { b.cur *= 2; return b.cur }

type status struct{ code int }

func ackIDs(ctx context.Context, ids []string) error { return nil }

func metadata(err error) (*status, map[string]string) { return nil, nil }

func split(st *status, ids []string, md map[string]string) (done, toRetry []string) {
	return nil, ids
}

func retryAcks(ctx context.Context, ids []string) {
	bo := &Backoff{cur: 100 * time.Millisecond}
	for { // want "retry loop, attempt ackIDs \\[.*result-value"
		if ctx.Err() != nil {
			return
		}
		err := ackIDs(ctx, ids)
		st, md := metadata(err)
		_, toRetry := split(st, ids, md)
		if len(toRetry) == 0 {
			return
		}
		time.Sleep(bo.Pause())
		ids = toRetry
	}
}

func fetch(ctx context.Context) ([]string, error) { return nil, nil }

// Twin: a queue drained at a fixed rate; what it handles comes from the
// fetch, and an empty batch ends it.
func drainAcks(ctx context.Context) error {
	for {
		batch, err := fetch(ctx)
		if err != nil {
			return err
		}
		if len(batch) == 0 {
			return nil
		}
		_ = ackIDs(ctx, batch)
		time.Sleep(time.Second)
	}
}

type copyResp struct{ code int }

func copyOnce(ctx context.Context) (*copyResp, error) { return nil, nil }

func checkRetriable(base string, resp *copyResp, err error, last bool) (string, bool) {
	return base, err != nil
}

// A verdict that comes with a value of its own, tested positively: the
// verdict waits and goes round, anything else leaves.
func doRetry(ctx context.Context, count int, pause time.Duration) (err error) {
	base := "a"
	var retriable bool
	for nr := 0; nr < count; nr++ { // want "retry loop, attempt copyOnce \\[.*verdict"
		var resp *copyResp
		resp, err = copyOnce(ctx)
		base, retriable = checkRetriable(base, resp, err, nr >= count-2)
		if retriable {
			if pause > 0 {
				time.Sleep(pause)
			}
			continue
		}
		break
	}
	_ = base
	return err
}

// Twin: a flag that goes round without waiting and without leaving after
// it walks a list (the next item), no retry.
func walkAll(ctx context.Context, items []string) {
	for i := 0; i < len(items); i++ {
		_, err := copyOnce(ctx)
		_, skip := checkRetriable(items[i], nil, err, false)
		if skip {
			continue
		}
		_ = items[i]
	}
}

type file struct{}

func (file) Close() error { return nil }

func open(name string) (file, error) { return file{}, nil }

func put(ctx context.Context, f file) error { return nil }

// Failures counted against a bound, whatever the counter is called: a
// retry loop with no wait.
func putFromFile(ctx context.Context, name string) (err error) {
	nr := 0
	for nr < 3 { // want "retry loop, attempt put \\[attempt-counter, failure-goes-round\\]"
		fd, e := open(name)
		if e != nil {
			return e
		}
		err = put(ctx, fd)
		if err != nil {
			nr++
			fd.Close()
			continue
		}
		fd.Close()
		break
	}
	return err
}

// Twins: a counter that counts every pass (the next item), and one the
// success path counts too.
func putEach(ctx context.Context, name string) {
	n := 0
	for n < 3 {
		fd, _ := open(name)
		if err := put(ctx, fd); err != nil {
			fd.Close()
		}
		n++
	}
	done := 0
	for done < 3 {
		fd, _ := open(name)
		if err := put(ctx, fd); err != nil {
			done++
			continue
		}
		done++
	}
}
