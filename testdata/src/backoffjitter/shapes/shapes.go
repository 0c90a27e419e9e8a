// Package shapes spells waits the ways real code does: policy structs,
// generics, aliased imports, caps, float arithmetic.
package shapes

import (
	"context"
	"errors"
	"math"
	mrand "math/rand"
	"time"
)

func call(ctx context.Context) error { return errors.New("x") }

type Policy struct {
	Attempts   int
	Base, Max  time.Duration
	Multiplier float64
}

func (p Policy) Do(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < p.Attempts; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		d := min(p.Base<<attempt, p.Max)
		time.Sleep(d) // want `exponential backoff p.Base << attempt`
	}
	return err
}

func (p Policy) DoFloat(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < p.Attempts; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		d := time.Duration(float64(p.Base) * math.Pow(p.Multiplier, float64(attempt)))
		time.Sleep(d) // want `exponential backoff math.Pow\(p.Multiplier, float64\(attempt\)\)`
	}
	return err
}

func (p Policy) DoCapped(ctx context.Context) error {
	wait := p.Base
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(wait) // want `backoff grown by a constant factor \(wait = min\(wait\*2, p.Max\)\)`
		wait = min(wait*2, p.Max)
	}
}

func (p Policy) DoFloatGrowth(ctx context.Context) error {
	wait := p.Base
	for i := 0; i < p.Attempts; i++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(wait) // want `backoff grown by a constant factor \(wait = time.Duration\(float64\(wait\) \* 1.5\)\)`
		wait = time.Duration(float64(wait) * 1.5)
	}
	return nil
}

// backoffOf is generic: followed into through its origin.
func backoffOf[T ~int | ~uint](base time.Duration, n T) time.Duration {
	return base * time.Duration(n)
}

func generic(ctx context.Context) error {
	var err error
	for n := uint(1); n < 4; n++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(backoffOf(time.Second, n)) // want `linear backoff base \* time.Duration\(n\)`
	}
	return err
}

// --- negatives ---

func (p Policy) DoJittered(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < p.Attempts; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		d := min(p.Base<<attempt, p.Max)
		time.Sleep(time.Duration(mrand.Int63n(int64(d)))) // aliased math/rand
	}
	return err
}

func (p Policy) DoJitteredFloat(ctx context.Context) error {
	wait := p.Base
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(float64(wait) * (0.5 + mrand.Float64())))
		wait = min(wait*2, p.Max)
	}
}

func genericJitter[T ~int64](d T) T { return T(mrand.Int63n(int64(d))) }

func genericJittered(ctx context.Context) error {
	for i := 0; ; i++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(genericJitter(time.Second << i))
	}
}

type sleeper func(time.Duration)

func funcValue(ctx context.Context, s sleeper) error {
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		s(time.Second) // a func value: what it does is unknown
	}
}

func methodValue(ctx context.Context, p Policy) error {
	wait := p.jitter
	for i := 0; i < 3; i++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(wait(time.Second << i))
	}
	return nil
}

func (p Policy) jitter(d time.Duration) time.Duration { // want jitter:"returns random"
	return time.Duration(mrand.Int63n(int64(d)))
}

func (p Policy) DoConfigured(ctx context.Context) error {
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(p.Base) // the policy's value as is: the caller may jitter it
	}
}

func schedule(ctx context.Context) error {
	delays := []time.Duration{time.Second, 2 * time.Second, 5 * time.Second}
	for _, d := range delays {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(d) // want `fixed delay table delays \(up to 5s\) between retry attempts has no random part`
	}
	return errors.New("gave up")
}
