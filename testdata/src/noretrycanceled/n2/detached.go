package n2

import (
	"context"
	"time"
)

type auditLog struct{}

func (a *auditLog) write(ctx context.Context, rec string) error { return nil }

// Negative: the record must be written even when the request that made it
// goes away; the loop runs on context.WithoutCancel(ctx), on purpose, and
// its waits need not end with ctx either.
func (a *auditLog) Record(ctx context.Context, rec string) error {
	bg := context.WithoutCancel(ctx)
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		actx, cancel := context.WithTimeout(bg, 2*time.Second)
		err = a.write(actx, rec)
		cancel()
		if err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	return err
}

// Negative: the same detach inline.
func (a *auditLog) RecordInline(ctx context.Context, rec string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = a.write(context.WithoutCancel(ctx), rec); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Positive twin: each attempt has a timeout of the caller's ctx, so the
// caller's cancellation matters and the sleep ignores it.
func (a *auditLog) RecordBound(ctx context.Context, rec string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
		err = a.write(actx, rec)
		cancel()
		if err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond) // want `time.Sleep in a retry loop cannot be interrupted`
	}
	return err
}
