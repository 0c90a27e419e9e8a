// Package control is well typed and holds one finding per analyzer: the
// robustness test checks that the suite still reports it next to
// packages that do not type-check.
package control

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/google/uuid"
)

func charge(ctx context.Context, hc *http.Client, body []byte) error {
	var err error
	for range 3 {
		key := uuid.NewString()
		req, rerr := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if rerr != nil {
			return rerr
		}
		req.Header.Set("Idempotency-Key", key)
		resp, derr := hc.Do(req)
		if derr == nil {
			resp.Body.Close()
			return nil
		}
		err = derr
		time.Sleep(time.Second)
	}
	return err
}

func isRetryable(err error) bool {
	if errors.Is(err, errPermanent) {
		return false
	}
	return true
}

var errPermanent = errors.New("permanent")

func wait(c chan int) {
	t := time.NewTimer(time.Second)
	select {
	case <-c:
	case <-t.C:
	}
}
