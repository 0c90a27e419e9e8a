package s2

import (
	"context"
	"time"

	"retrystorm/s2dep"
)

// Positive: each upload is retried three times around a client whose
// requests retry three times unless its caller lowers the count.
func uploadWithRetries(ctx context.Context, st *s2dep.Store) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) runs st.Put \(retry loop at storeopts.go:\d+\) \(3 attempts\) in each attempt: 3 x 3 = 9 calls per request`
		if err = st.Put(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// mirror copies objects, retrying each copy maxTries times (four unless
// configured otherwise).
type mirror struct{ maxTries int }

func newMirror() *mirror { return &mirror{maxTries: 4} }

func (m *mirror) copyOne(ctx context.Context) error {
	var err error
	for i := 0; i < m.maxTries; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Positive: a worker retries a copy that retries by default.
func copyWorker(ctx context.Context, m *mirror, jobs <-chan int) {
	for range jobs {
		rt := 3
		for { // want `retry loop \(its attempts\) runs m.copyOne \(retry loop at defaults.go:\d+\) \(4 attempts\) in each attempt: the attempts multiply`
			err := m.copyOne(ctx)
			if err != nil {
				rt--
				if rt == 0 {
					break
				}
				time.Sleep(10 * time.Millisecond)
				continue
			}
			break
		}
	}
}

// Negative: the inner client's retry count comes from its caller.
func readWithRetries(ctx context.Context, v *s2dep.Vault) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = v.Read(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative: the inner client makes one attempt by default.
func writeWithRetries(ctx context.Context, l *s2dep.Ledger) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = l.Write(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative: the inner client's default is set in one place and turned
// off in another: its count is not one constant.
func pushWithRetries(ctx context.Context, q *s2dep.Queue) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = q.WithoutRetries().Push(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negative: the outer loop takes the next job after a failure; only the
// copy retries.
func copyAll(ctx context.Context, m *mirror, jobs []int) int {
	failed := 0
	for range jobs {
		if err := m.copyOne(ctx); err != nil {
			failed++
		}
	}
	return failed
}

// Negative: the inner client's retries are turned off in one place (set
// before its default in the source) and on in another.
func getWithRetries(ctx context.Context, b *s2dep.Bucket) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = b.NoRetry().Get(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
