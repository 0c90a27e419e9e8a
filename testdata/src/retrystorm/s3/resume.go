package s3

import (
	"errors"
	"time"
)

// A reconnect loop that gives up only on an error the server marks
// permanent, read out with errors.As: every other error retries forever.
// Its twins leave on a closed flag, or count their attempts.

type connError struct{ Permanent bool }

func (e connError) Error() string { return "conn" }

type streamClient struct{ closed bool }

func (c *streamClient) Resume() error { return nil }

func (c *streamClient) resume() error {
	delay := time.Second
	for { // want `retry loop has no attempt limit, deadline, context or stop channel`
		err := c.Resume()
		if err == nil {
			break
		}
		var ce connError
		if errors.As(err, &ce) && ce.Permanent {
			return err
		}
		time.Sleep(delay)
	}
	return nil
}

func (c *streamClient) resumeUntilClosed() error {
	for {
		err := c.Resume()
		if err == nil {
			break
		}
		var ce connError
		if errors.As(err, &ce) && ce.Permanent {
			return err
		}
		if c.closed {
			return errors.New("closed")
		}
		time.Sleep(time.Second)
	}
	return nil
}

func (c *streamClient) resumeCounted() error {
	for tries := 0; tries < 5; tries++ {
		err := c.Resume()
		if err == nil {
			return nil
		}
		var ce connError
		if errors.As(err, &ce) && ce.Permanent {
			return err
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}
