// Package classes holds retry loops for LoopRetrySet: which error
// classes does each go round on, and does any other error end it?
package classes

import (
	"context"
	"errors"
	"net"
	"strings"
	"time"
)

var (
	errBusy     = errors.New("busy")
	errNotFound = errors.New("not found")
)

// codeError is a code of a coordinator: its values are sentinels of a
// concrete type.
type codeError struct{ code int }

func (e *codeError) Error() string { return "code" }

var errConcurrent = &codeError{51}

type httpError struct {
	StatusCode int
}

func (e *httpError) Error() string { return "http" }

type tempError struct{}

func (tempError) Error() string { return "temp" }

func call(ctx context.Context) error { return nil }

func sentinels(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `narrow: sentinel:classify/classes.errBusy sentinel:classify/classes.errConcurrent`
		if err = call(ctx); err == nil {
			return nil
		}
		if !errors.Is(err, errBusy) && !errors.Is(err, errConcurrent) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

func gotoLoop(ctx context.Context) error {
	tries := 0
retry: // want `narrow: sentinel:classify/classes.errNotFound`
	err := call(ctx)
	tries++
	if err != nil && tries < 5 {
		switch {
		case errors.Is(err, errNotFound):
			time.Sleep(time.Second)
			goto retry
		}
	}
	return err
}

func status404(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `narrow: status:404`
		if err = call(ctx); err == nil {
			return nil
		}
		he, ok := err.(*httpError)
		if !ok || he.StatusCode != 404 {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

func concreteType(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `narrow: type:classify/classes.tempError`
		err = call(ctx)
		var te tempError
		if !errors.As(err, &te) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Not narrow: every error goes round.
func everyError(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `broad`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Not narrow: every status but 400.
func everyStatusBut400(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `broad`
		if err = call(ctx); err == nil {
			return nil
		}
		he, ok := err.(*httpError)
		if !ok || he.StatusCode == 400 {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Not narrow: a range of statuses is no list of classes.
func serverErrors(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `broad`
		if err = call(ctx); err == nil {
			return nil
		}
		he, ok := err.(*httpError)
		if !ok || he.StatusCode < 500 {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Not narrow: the errors of an interface (net timeouts) and a message
// are classes the evaluator does not enumerate.
func timeouts(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `broad`
		err = call(ctx)
		var ne net.Error
		if !errors.As(err, &ne) || !ne.Timeout() {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

func byMessage(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `broad`
		err = call(ctx)
		if err == nil || !strings.Contains(err.Error(), "try again") {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Not narrow: besides errBusy, it goes round on a 503 that came with no
// error.
func onResult(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `broad`
		var status int
		status, err = fetch(ctx)
		if err == nil && status != 503 {
			return nil
		}
		if err != nil && !errors.Is(err, errBusy) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

func fetch(ctx context.Context) (int, error) { return 200, nil }
