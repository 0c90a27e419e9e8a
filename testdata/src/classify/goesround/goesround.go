// Package goesround holds retry loops for GoesRoundWith: does the loop go
// round again when its attempt fails with a network timeout (the caller's
// context alive) or with SQLSTATE 40001?
package goesround

import (
	"context"
	"errors"
	"net"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

func call(ctx context.Context) error { return nil }

func catchAll(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `timeout=True 40001=True`
		err = call(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A timeout is not the caller's deadline: a loop that checks ctx.Err()
// still goes round on it.
func catchAllCtx(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `timeout=True 40001=True`
		err = call(ctx)
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(time.Second)
	}
	return err
}

func timeoutsOnly(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `timeout=True 40001=False`
		err = call(ctx)
		if err == nil {
			return nil
		}
		var ne net.Error
		if !errors.As(err, &ne) || !ne.Timeout() {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

func conflictsOnly(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `timeout=False 40001=True`
		err = call(ctx)
		if err == nil {
			return nil
		}
		var pe *pgconn.PgError
		if !errors.As(err, &pe) || pe.Code != "40001" {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// The wait in select on the caller's context and a timer: while the
// caller waits, only the timer's case is left, so the loop goes round.
func selectWait(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `timeout=True 40001=True`
		err = call(ctx)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second << attempt):
		}
	}
	return err
}

// Two cases besides the caller's: a shutdown may be taken instead of the
// timer, so whether it goes round is not certain.
func selectWaitOrQuit(ctx context.Context, quit chan struct{}) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `timeout=Unknown 40001=Unknown`
		err = call(ctx)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-quit:
			return err
		case <-time.After(time.Second << attempt):
		}
	}
	return err
}
