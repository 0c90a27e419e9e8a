// Package waitkinds holds retries that wait in each way the inventory
// names; the test analyzer reports each scope's wait.
package waitkinds

import (
	"context"
	"math/rand/v2"
	"time"

	retry "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
)

func call() error { return nil }

func retryGoDefault() error {
	return retry.Do(call, retry.Attempts(3)) // want `wait jittered`
}

func retryGoFixed() error {
	return retry.Do(call, retry.DelayType(retry.FixedDelay)) // want `wait constant`
}

func retryGoBackOff() error {
	return retry.Do(call, retry.DelayType(retry.BackOffDelay)) // want `wait exponential`
}

func retryGoCombined() error {
	return retry.Do(call, retry.DelayType(retry.CombineDelay(retry.BackOffDelay, retry.RandomDelay))) // want `wait jittered`
}

func retryGoOpts(opts []retry.Option) error {
	return retry.Do(call, opts...) // want `wait unknown`
}

func backoffExp() error {
	return backoff.Retry(call, backoff.NewExponentialBackOff()) // want `wait jittered`
}

func backoffExpNoJitter() error {
	return backoff.Retry(call, backoff.WithMaxRetries(backoff.NewExponentialBackOff(backoff.WithRandomizationFactor(0)), 3)) // want `wait exponential`
}

func backoffConst(ctx context.Context) error {
	b := backoff.WithContext(backoff.NewConstantBackOff(time.Second), ctx)
	return backoff.Retry(call, b) // want `wait constant`
}

func backoffZero() error {
	return backoff.Retry(call, &backoff.ZeroBackOff{}) // want `wait none`
}

func backoffLiteral() error {
	return backoff.Retry(call, &backoff.ExponentialBackOff{InitialInterval: time.Second, Multiplier: 2}) // want `wait exponential`
}

func backoff5Default(ctx context.Context) (int, error) {
	return backoff5.Retry(ctx, func() (int, error) { return 0, call() }) // want `wait jittered`
}

func backoff5Const(ctx context.Context) (int, error) {
	return backoff5.Retry(ctx, func() (int, error) { return 0, call() }, backoff5.WithBackOff(backoff5.NewConstantBackOff(time.Second))) // want `wait constant`
}

func loopJittered(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `wait jittered`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(time.Second + rand.N(time.Second))
	}
	return err
}

func loopConst() error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `wait constant`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func loopConfigured(d time.Duration) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `wait configured`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return err
}

func loopNone() error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `wait none`
		if err = call(); err == nil {
			return nil
		}
	}
	return err
}

// withRetry is the package's own retry helper: a closure handed to it
// waits as its loop does.
func withRetry(op func() error) error {
	var err error
	for i := 0; i < 4; i++ { // want `wait constant`
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func throughHelper() error {
	return withRetry(call) // want `wait constant`
}

type sender struct {
	maxRetries int
	delays     map[int]time.Duration
}

// delay looks the wait up in a configured table: no shape to name.
func (s *sender) delay(attempt int) time.Duration { return s.delays[attempt] }

// send retries by calling itself, after a wait delay computes.
func (s *sender) send(attempt int) error {
	err := call()
	if err != nil && attempt < s.maxRetries {
		time.Sleep(s.delay(attempt))
		return s.send(attempt + 1) // want `wait computed by delay`
	}
	return err
}

// A retry loop whose wait a function of the package computes.
func computedInLoop(s *sender) error {
	var err error
	for i := 0; i < 3; i++ { // want `wait computed by delay`
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(s.delay(i))
	}
	return err
}

// A worker puts a failed job back on its queue after a constant pause.
func process(job int) error { return nil }

func work(jobs chan int) {
	for job := range jobs { // want `wait constant`
		if err := process(job); err != nil {
			time.Sleep(time.Second)
			jobs <- job
		}
	}
}
