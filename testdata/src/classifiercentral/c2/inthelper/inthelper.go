package inthelper // want package:`places inthelper.go:14 inthelper.go:19`

// The status list lives in a helper that takes the int code; the
// transport errors are judged in another function. Two places decide.

import (
	"errors"
	"net/http"
	"syscall"
	"time"
)

func isTransient(err error) bool {
	return errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNREFUSED)
}

func retryableStatus(code int) bool {
	switch code {
	case http.StatusTooManyRequests, http.StatusBadGateway, http.StatusServiceUnavailable: // want `error classification is scattered over 2 functions \(inthelper.go:14\)`
		return true
	}
	return false
}

func get(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			if attempt < 3 && isTransient(err) {
				time.Sleep(time.Second)
				continue
			}
			return nil, err
		}
		if attempt < 3 && retryableStatus(resp.StatusCode) {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
}

// Not a retry decision: a metrics label, and a batch size.
func statusClass(code int) string {
	if code == http.StatusTooManyRequests {
		return "throttled"
	}
	return "other"
}

func flushAt(n int) bool { return n == 500 }
