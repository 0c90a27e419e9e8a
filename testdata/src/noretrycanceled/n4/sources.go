package n4

import (
	"context"
	"errors"
	"net/http"
	"time"
)

type worker struct {
	ctx     context.Context
	timeout time.Duration
}

// The parent is the worker's own context field.
func (w *worker) fieldParent(op func(context.Context) error) error {
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(w.ctx, w.timeout)
		err := op(actx)
		cancel()
		if err == nil {
			return nil
		}
		if deadlineHit(err) { // want `the attempt's error is classified before w.ctx.Err\(\) is checked`
			continue
		}
		return err
	}
	return nil
}

// The parent is the request's context.
func requestParent(w http.ResponseWriter, r *http.Request, op func(context.Context) error) {
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(r.Context(), time.Second)
		err := op(actx)
		cancel()
		if err == nil {
			return
		}
		if deadlineHit(err) { // want `the attempt's error is classified before r.Context\(\).Err\(\) is checked`
			continue
		}
		return
	}
}

// Negative twins: the parent is checked first.
func (w *worker) fieldChecked(op func(context.Context) error) error {
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(w.ctx, w.timeout)
		err := op(actx)
		cancel()
		if err == nil {
			return nil
		}
		if w.ctx.Err() != nil {
			return w.ctx.Err()
		}
		if deadlineHit(err) {
			continue
		}
		return err
	}
	return nil
}

func requestChecked(w http.ResponseWriter, r *http.Request, op func(context.Context) error) {
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(r.Context(), time.Second)
		err := op(actx)
		cancel()
		if err == nil {
			return
		}
		if r.Context().Err() != nil {
			return
		}
		if deadlineHit(err) {
			continue
		}
		return
	}
}

func deadlineHit(err error) bool { return errors.Is(err, context.DeadlineExceeded) }
