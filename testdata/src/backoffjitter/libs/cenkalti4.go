package libs

import (
	"context"
	"time"

	"github.com/cenkalti/backoff/v4"
)

func zeroFactor() *backoff.ExponentialBackOff {
	return &backoff.ExponentialBackOff{
		InitialInterval:     100 * time.Millisecond,
		RandomizationFactor: 0, // want `backoff.ExponentialBackOff with RandomizationFactor 0 waits exactly`
		Multiplier:          2,
		MaxInterval:         10 * time.Second,
		MaxElapsedTime:      time.Minute,
		Clock:               backoff.SystemClock,
	}
}

func omittedFactor() backoff.BackOff {
	b := &backoff.ExponentialBackOff{ // want `backoff.ExponentialBackOff literal without RandomizationFactor has factor 0`
		InitialInterval: time.Second,
		Multiplier:      2,
		Clock:           backoff.SystemClock,
	}
	b.Reset()
	return b
}

func zeroLater() backoff.BackOff {
	b := backoff.NewExponentialBackOff()
	b.InitialInterval = time.Second
	b.RandomizationFactor = 0.0 // want `setting RandomizationFactor to 0 turns off the jitter`
	return b
}

func zeroOption() backoff.BackOff {
	return backoff.NewExponentialBackOff(
		backoff.WithInitialInterval(time.Second),
		backoff.WithRandomizationFactor(0), // want `backoff.WithRandomizationFactor\(0\) turns off the jitter`
	)
}

// --- negatives ---

func defaults(ctx context.Context, op func() error) error {
	return backoff.Retry(op, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

func tuned() backoff.BackOff {
	b := backoff.NewExponentialBackOff()
	b.InitialInterval = 50 * time.Millisecond
	b.MaxElapsedTime = 10 * time.Second
	return b
}

func literalWithFactor() backoff.BackOff {
	return &backoff.ExponentialBackOff{
		InitialInterval:     time.Second,
		RandomizationFactor: backoff.DefaultRandomizationFactor,
		Multiplier:          backoff.DefaultMultiplier,
		Clock:               backoff.SystemClock,
	}
}

func literalSetLater() backoff.BackOff {
	b := &backoff.ExponentialBackOff{InitialInterval: time.Second, Clock: backoff.SystemClock}
	b.RandomizationFactor = 0.3
	b.Reset()
	return b
}

func optionWithFactor() backoff.BackOff {
	return backoff.NewExponentialBackOff(backoff.WithRandomizationFactor(0.2))
}

func nextBackOffLoop(ctx context.Context, op func() error) error {
	b := backoff.NewExponentialBackOff()
	for {
		err := op()
		if err == nil {
			return nil
		}
		d := b.NextBackOff()
		if d == backoff.Stop {
			return err
		}
		time.Sleep(d) // the library's jittered wait
	}
}

// A package-level template, copied and tuned where it is used.
var template = backoff.ExponentialBackOff{InitialInterval: time.Second, Multiplier: 2, Clock: backoff.SystemClock}

func fromTemplate() backoff.BackOff {
	b := template
	b.RandomizationFactor = 0.5
	b.Reset()
	return &b
}
