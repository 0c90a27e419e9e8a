package libs

import (
	"time"

	"github.com/avast/retry-go/v4"
)

func backOffOnly(op func() error) error {
	return retry.Do(op,
		retry.Attempts(5),
		retry.Delay(100*time.Millisecond),
		retry.DelayType(retry.BackOffDelay), // want `retry.DelayType replaces retry-go's jittered default with exponential backoff \(BackOffDelay\)`
	)
}

func fixedOnly(op func() error) error {
	return retry.Do(op, retry.DelayType(retry.FixedDelay), retry.MaxJitter(time.Second)) // want `a constant delay \(FixedDelay\)`
}

func combinedWithoutRandom(op func() error) error {
	return retry.Do(op, retry.DelayType(retry.CombineDelay(retry.FixedDelay, retry.BackOffDelay))) // want `a sum of delays without RandomDelay`
}

func throughLocal(op func() error) error {
	delay := retry.BackOffDelay
	return retry.Do(op, retry.DelayType(delay)) // want `exponential backoff \(BackOffDelay\)`
}

// --- negatives ---

func defaultDelay(op func() error) error {
	return retry.Do(op, retry.Attempts(3), retry.Delay(time.Second)) // default: CombineDelay(BackOffDelay, RandomDelay)
}

func combined(op func() error) error {
	return retry.Do(op, retry.DelayType(retry.CombineDelay(retry.BackOffDelay, retry.RandomDelay)))
}

func fullJitter(op func() error) error {
	return retry.Do(op, retry.DelayType(retry.FullJitterBackoffDelay), retry.MaxDelay(10*time.Second))
}

func random(op func() error) error {
	return retry.Do(op, retry.DelayType(retry.RandomDelay), retry.MaxJitter(2*time.Second))
}

func custom(op func() error) error {
	return retry.Do(op, retry.DelayType(func(n uint, err error, c *retry.Config) time.Duration {
		return retry.BackOffDelay(n, err, c) / 2
	}))
}
