package t1

import (
	"context"
	"time"
)

// This file has no //go:build line and the fixture package no go.mod: its
// Go version is unknown, which counts as before go1.23 (the go command
// builds such code with go1.16-era GODEBUG defaults).

func sleepNoDeferUnknown(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d) // want `timer t is not stopped before the return at line 16`
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func sleepCtxUnknown(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
