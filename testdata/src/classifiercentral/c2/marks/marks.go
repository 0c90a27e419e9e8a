package marks // want package:`places marks.go:34 marks.go:47`

// Transfer helpers store their verdict in the file's metadata, and one
// loop reads it and retries: each status list that sets the verdict is a
// classification of its own.

import (
	"net/http"
	"time"
)

type resultStatus int

const (
	uploaded resultStatus = iota
	needRetry
	notFoundFile
	renewToken
)

type fileMeta struct {
	resStatus resultStatus
	retryable bool
}

type client struct{ hc *http.Client }

// upload marks a retry on its own status list.
func (c *client) upload(req *http.Request, meta *fileMeta) error {
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	if resp.StatusCode == 429 || resp.StatusCode == 500 || resp.StatusCode == 503 {
		meta.resStatus = needRetry
	}
	return nil
}

// download marks a retry on a second copy of the list.
func (c *client) download(req *http.Request, meta *fileMeta) error {
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	switch resp.StatusCode {
	case 408, 429, 503: // want `error classification is scattered over 2 functions \(marks.go:34\)`
		meta.resStatus = needRetry
	case 404:
		meta.resStatus = notFoundFile
	}
	return nil
}

// Negative: a status that marks no retry, and one that only names a log
// level.
func (c *client) stat(req *http.Request, meta *fileMeta) (string, error) {
	resp, err := c.hc.Do(req)
	if err != nil {
		return "", err
	}
	if resp.StatusCode == 401 {
		meta.resStatus = renewToken
	}
	level := "info"
	if resp.StatusCode == 503 {
		level = "warn"
	}
	return level, nil
}

// transfer retries the upload; the verdict the helpers stored picks the
// failures it goes round on.
func (c *client) transfer(req *http.Request, meta *fileMeta) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = c.upload(req, meta); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}
