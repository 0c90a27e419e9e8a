package n2

import (
	"context"
	"log"
	"time"
)

// etcdClient hands out the context its owner cancels on Close.
type etcdClient interface {
	Ctx() context.Context
	Get(ctx context.Context, key string) (string, error)
}

// The attempts run under a child of cli.Ctx(): once the client is closed
// every Get fails at once and the loop sleeps on forever.
func load(cli etcdClient, key string) string { // want load:"sleeps"
	for {
		ctx, cancel := context.WithTimeout(cli.Ctx(), time.Second)
		v, err := cli.Get(ctx, key)
		cancel()
		if err == nil {
			return v
		}
		log.Printf("get %s: %v", key, err)
		time.Sleep(time.Second) // want `time.Sleep in a retry loop cannot be interrupted: after the caller cancels cli.Ctx\(\) the loop still sleeps out its backoff`
	}
}

// The accessor's context handed straight to the attempt.
func loadDirect(cli etcdClient, key string) (string, error) { // want loadDirect:"sleeps"
	var err error
	for i := 0; i < 5; i++ {
		var v string
		if v, err = cli.Get(cli.Ctx(), key); err == nil {
			return v, nil
		}
		time.Sleep(time.Duration(i) * time.Second) // want `after the caller cancels cli.Ctx\(\)`
	}
	return "", err
}

// Negative twins.

// The wait selects on the accessor's Done().
func loadSelect(cli etcdClient, key string) (string, error) {
	for {
		ctx, cancel := context.WithTimeout(cli.Ctx(), time.Second)
		v, err := cli.Get(ctx, key)
		cancel()
		if err == nil {
			return v, nil
		}
		t := time.NewTimer(time.Second)
		select {
		case <-cli.Ctx().Done():
			t.Stop()
			return "", cli.Ctx().Err()
		case <-t.C:
		}
	}
}

type leaseSession interface {
	Ctx() context.Context
	Restart() error
}

// The accessor only tags the log line: the attempt does not run under
// it, and the loop has no context of its own.
func keepAlive(s leaseSession) { // want keepAlive:"sleeps"
	for {
		err := s.Restart()
		if err == nil {
			return
		}
		log.Println(s.Ctx(), err)
		time.Sleep(time.Second)
	}
}
