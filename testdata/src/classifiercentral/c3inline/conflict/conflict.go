package conflict // want package:`places conflict.go:25`

// A retry loop whose switch goes round on a conflict.

import (
	"context"
	"errors"
	"net/http"
	"time"
)

type apiError struct{ StatusCode int }

func (e *apiError) Error() string { return http.StatusText(e.StatusCode) }

func put(ctx context.Context, send func(context.Context) error) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		err = send(ctx)
		var ae *apiError
		if !errors.As(err, &ae) {
			return err
		}
		switch ae.StatusCode {
		case http.StatusConflict, http.StatusServiceUnavailable:
			time.Sleep(time.Second)
			continue // want `this retry loop goes round on HTTP 409`
		}
		return err
	}
	return err
}
