package b3

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

type Policy struct {
	MaxAttempts int
	Base        time.Duration
	Cap         time.Duration
	PerAttempt  time.Duration
	Budget      time.Duration
}

type GRPCRetry struct {
	MaxTries      int
	PerTryTimeout time.Duration
	TotalTimeout  time.Duration
}

// Positives (b): policy literals.

var export = Policy{ // want `retry policy does not fit its budget: 3 attempts x 600ms \+ 600ms backoff \(200ms\+400ms\) = 2.4s > Budget 2s`
	MaxAttempts: 3,
	Base:        200 * time.Millisecond,
	Cap:         time.Second,
	PerAttempt:  600 * time.Millisecond,
	Budget:      2 * time.Second,
}

var capped = &Policy{ // want `5 attempts x 300ms \+ 550ms backoff \(50ms\+100ms\+200ms\+200ms\) = 2.05s > Budget 2s`
	MaxAttempts: 5,
	Base:        50 * time.Millisecond,
	Cap:         200 * time.Millisecond,
	PerAttempt:  300 * time.Millisecond,
	Budget:      2 * time.Second,
}

func perTooLong() GRPCRetry {
	return GRPCRetry{MaxTries: 3, PerTryTimeout: 5 * time.Second, TotalTimeout: 5 * time.Second} // want `retry policy's PerTryTimeout 5s is not below its TotalTimeout 5s`
}

var noBackoff = GRPCRetry{MaxTries: 4, PerTryTimeout: 600 * time.Millisecond, TotalTimeout: 2 * time.Second} // want `4 attempts x 600ms = 2.4s > TotalTimeout 2s`

// Negatives (b).

// The essay's policy: 4 x 400ms + (50+100+200)ms = 1.95s.
var quote = Policy{
	MaxAttempts: 4,
	Base:        50 * time.Millisecond,
	Cap:         time.Second,
	PerAttempt:  400 * time.Millisecond,
	Budget:      2 * time.Second,
}

// Capped at 200ms: 4 x 400ms + (50+100+200)ms = 1.95s.
var cappedFits = Policy{MaxAttempts: 4, Base: 50 * time.Millisecond, Cap: 200 * time.Millisecond, PerAttempt: 400 * time.Millisecond, Budget: 2 * time.Second}

// No budget: only the caller's context bounds the series.
var unbounded = Policy{MaxAttempts: 10, PerAttempt: time.Second}

// Not constant.
func fromConfig(n int, per time.Duration) Policy {
	return Policy{MaxAttempts: n, PerAttempt: per, Budget: 2 * time.Second}
}

// Defaults (zero attempts) are the library's business.
var defaults = Policy{PerAttempt: 3 * time.Second, Budget: 2 * time.Second}

// Not a retry policy: a struct without the attempt and per-attempt fields.
type Backoff struct {
	InitialInterval time.Duration
	MaxInterval     time.Duration
	MaxElapsedTime  time.Duration
}

var bo = Backoff{InitialInterval: time.Second, MaxInterval: time.Minute, MaxElapsedTime: time.Second}

func call(ctx context.Context) error { return ctx.Err() }

// Positives (a): retry loops.

func latest(ctx context.Context) error { // want latest:"sets 2s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		actx, acancel := context.WithTimeout(ctx, 800*time.Millisecond) // want `3 attempts x 800ms = 2.4s do not fit in the at most 2s left on the parent context \(WithTimeout at line 87\)`
		err = call(actx)
		acancel()
		if err == nil {
			return nil
		}
		t := time.NewTimer(rand.N((50 * time.Millisecond) << attempt))
		select {
		case <-ctx.Done():
			t.Stop()
			return errors.Join(err, ctx.Err())
		case <-t.C:
		}
	}
	return err
}

func withSleep(ctx context.Context) error { // want withSleep:"sets 1s on ctx"
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	var err error
	for i := 1; i <= 3; i++ {
		actx, acancel := context.WithTimeout(ctx, 300*time.Millisecond) // want `3 attempts x 300ms \+ 2 waits x 100ms = 1.1s do not fit in the at most 1s left`
		err = call(actx)
		acancel()
		if err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// Negatives (a).

func fits(ctx context.Context) error { // want fits:"sets 2s on ctx"
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		actx, acancel := context.WithTimeout(ctx, 600*time.Millisecond)
		err = call(actx)
		acancel()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(100 * time.Millisecond)):
		}
	}
	return err
}

func unknownBudget(ctx context.Context) error { // want unknownBudget:"sets 800ms on ctx"
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		actx, acancel := context.WithTimeout(ctx, 800*time.Millisecond)
		err = call(actx)
		acancel()
		if err == nil {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return err
}

func unboundedAttempts(ctx context.Context, n int) error { // want unboundedAttempts:"sets 1s on ctx"
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	var err error
	for attempt := 0; attempt < n; attempt++ {
		actx, acancel := context.WithTimeout(ctx, 800*time.Millisecond)
		err = call(actx)
		acancel()
		if err == nil {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return err
}

// The parent is made per attempt: each attempt has its own budget.
func perAttemptParent(ctx context.Context) error { // want perAttemptParent:"sets 1s on ctx"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		pctx, pcancel := context.WithTimeout(ctx, time.Second)
		actx, acancel := context.WithTimeout(pctx, 800*time.Millisecond)
		err = call(actx)
		acancel()
		pcancel()
		if err == nil {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return err
}

const maxAttempts = 4

func rangeLoop(ctx context.Context) error { // want rangeLoop:"sets 1s on ctx"
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	var err error
	for range maxAttempts {
		actx, acancel := context.WithTimeout(ctx, 300*time.Millisecond) // want `4 attempts x 300ms = 1.2s do not fit in the at most 1s left`
		err = call(actx)
		acancel()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(10 * time.Millisecond)):
		}
	}
	return err
}

// The attempt counter is also advanced in the body: no constant bound.
func skipping(ctx context.Context) error { // want skipping:"sets 1s on ctx"
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		actx, acancel := context.WithTimeout(ctx, 300*time.Millisecond)
		err = call(actx)
		acancel()
		if err == nil {
			return nil
		}
		attempt++
		time.Sleep(10 * time.Millisecond)
	}
	return err
}
