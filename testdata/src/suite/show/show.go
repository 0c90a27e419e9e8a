package show

import (
	"time"

	"github.com/cenkalti/backoff/v4"
)

func call() error { return nil }

func f() error {
	var err error
	for i := 0; i < 3; i++ { // want "retry scope: retry loop \\(evidence: waits, failure-goes-round\\)"
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func counted(maxAttempts int) error {
	var err error
	for attempt := 0; attempt < maxAttempts; attempt++ { // want "retry scope: retry loop \\(evidence: attempt-counter, failure-goes-round\\)"
		if err = call(); err == nil {
			return nil
		}
	}
	return err
}

func library() error {
	return backoff.Retry(func() error { // want "retry scope: retry closure \\(backoff.Retry; evidence: known-library\\)"
		return call()
	}, backoff.NewExponentialBackOff())
}

func gotoLoop() error {
	tries := 0
retry: // want "retry scope: retry loop \\(goto; evidence: attempt-counter, waits, failure-goes-round, goto\\)"
	err := call()
	if err != nil && tries < 3 {
		tries++
		time.Sleep(time.Second)
		goto retry
	}
	return err
}

type client struct{ max int }

func (c *client) send() error { return nil }

func (c *client) do(attempt int) error { // want "retry scope: retry by recursion \\(show.client.do; evidence: attempt-counter, waits, failure-goes-round, recursion\\)"
	err := c.send()
	if err != nil && attempt < c.max {
		time.Sleep(time.Second)
		return c.do(attempt + 1)
	}
	return err
}

func (c *client) session() {
	for {
		if err := c.send(); err != nil {
			return
		}
	}
}

func (c *client) reconnect(closing chan struct{}) {
	for { // want "retry scope: restart loop \\(evidence: waits, restart\\)"
		c.session()
		select {
		case <-closing:
			return
		case <-time.After(time.Second):
		}
	}
}

func worker(jobs chan int, run func(int) error) {
	for job := range jobs { // want "retry scope: retry by re-queue \\(re-queue loop; evidence: failure-goes-round, requeue\\)"
		if err := run(job); err != nil {
			jobs <- job
		}
	}
}
