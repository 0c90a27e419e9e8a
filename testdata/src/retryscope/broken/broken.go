// Package broken does not type-check: the new scope shapes over
// undefined names must not make the recogniser panic.
package broken

import "time"

func (c *Client) do(req *Request, attempt int) error {
	_, err := c.send(req)
	if err != nil && attempt < c.max {
		time.Sleep(undefinedBackoff(attempt))
		return c.do(req, attempt+1)
	}
	return err
}

func restart(closing chan struct{}) {
	for {
		session()
		select {
		case <-closing:
			return
		case <-undefinedChan:
		case <-time.After(time.Second):
		}
	}
}

func session() {
	for {
		if _, err := undefinedRead(); err != nil {
			return
		}
		select {
		case <-missing.Done():
			return
		}
	}
}

func worker() {
	for job := range undefinedJobs {
		if err := run(job); err != nil {
			undefinedJobs <- job
		}
	}
	for {
		errc := make(chan error, 1)
		go func() { errc <- undefinedCall() }()
		err := <-errc
		if err == nil {
			return
		}
		time.Sleep(time.Second)
	}
	for attempt := 0; ; attempt++ {
		retry, checkErr := undefinedCheck(undefinedErr)
		lastAttempt := attempt > undefinedMax
		if lastAttempt || !retry {
			break
		}
		_ = checkErr
	}
}

func run(j int) error { return nil }
