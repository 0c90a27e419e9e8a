// Package broken does not type-check: undefined names, a switch on an
// undefined status, a classifier with a missing result. The analyzer must
// skip what it cannot type, not crash.
package broken

import (
	"errors"
	"net/http"
	"syscall"
	"time"
)

//reslint:classifier
func shouldRetry(err error) bool {
	if errors.Is(err, syscall.ECONNRESET) {
		return true
	}
	switch undefinedStatus(err) {
	case http.StatusNotFound, 503:
		return true
	}
	return
}

func loop(c *http.Client) error {
	for attempt := 0; ; attempt++ {
		resp, err := c.Get(missingURL)
		if err == nil {
			return nil
		}
		if resp.StatusCode == http.StatusServiceUnavailable || errors.Is(err, syscall.Undefined) {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
}

func isRetryable(err error) bool {
	return err.(*undefinedType).StatusCode >= 500
}
