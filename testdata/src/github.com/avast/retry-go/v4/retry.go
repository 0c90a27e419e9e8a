// Package retry is a reslint test stub of github.com/avast/retry-go/v4@v4.7.0: signatures match the real API.
package retry

import (
	"context"
	"time"
)

// ---- options.go

// Function signature of retry if function
type RetryIfFunc func(error) bool

// Function signature of OnRetry function
type OnRetryFunc func(attempt uint, err error)

// DelayTypeFunc is called to return the next delay to wait after the retriable function fails on `err` after `n` attempts.
type DelayTypeFunc func(n uint, err error, config *Config) time.Duration

// Timer represents the timer used to track time for a retry.
type Timer interface {
	After(time.Duration) <-chan time.Time
}

type Config struct {
	attempts  uint
	delay     time.Duration
	maxDelay  time.Duration
	maxJitter time.Duration
	onRetry   OnRetryFunc
	retryIf   RetryIfFunc
	delayType DelayTypeFunc
	context   context.Context
	timer     Timer
}

// Option represents an option for retry.
type Option func(*Config)

func LastErrorOnly(lastErrorOnly bool) Option          { return func(c *Config) {} }
func Attempts(attempts uint) Option                    { return func(c *Config) { c.attempts = attempts } }
func UntilSucceeded() Option                           { return func(c *Config) { c.attempts = 0 } }
func AttemptsForError(attempts uint, err error) Option { return func(c *Config) {} }
func Delay(delay time.Duration) Option                 { return func(c *Config) { c.delay = delay } }
func MaxDelay(maxDelay time.Duration) Option           { return func(c *Config) { c.maxDelay = maxDelay } }
func MaxJitter(maxJitter time.Duration) Option         { return func(c *Config) { c.maxJitter = maxJitter } }
func DelayType(delayType DelayTypeFunc) Option         { return func(c *Config) { c.delayType = delayType } }

// BackOffDelay is a DelayType which increases delay between consecutive retries
func BackOffDelay(n uint, _ error, config *Config) time.Duration { return 0 }

// FixedDelay is a DelayType which keeps delay the same through all iterations
func FixedDelay(_ uint, _ error, config *Config) time.Duration { return 0 }

// RandomDelay is a DelayType which picks a random delay up to config.maxJitter
func RandomDelay(_ uint, _ error, config *Config) time.Duration { return 0 }

// CombineDelay is a DelayType the combines all of the specified delays into a new DelayTypeFunc
func CombineDelay(delays ...DelayTypeFunc) DelayTypeFunc {
	return func(n uint, err error, config *Config) time.Duration { return 0 }
}

// FullJitterBackoffDelay is a DelayTypeFunc that calculates delay using
// exponential backoff with full jitter.
func FullJitterBackoffDelay(n uint, err error, config *Config) time.Duration { return 0 }

func OnRetry(onRetry OnRetryFunc) Option { return func(c *Config) { c.onRetry = onRetry } }

func RetryIf(retryIf RetryIfFunc) Option { return func(c *Config) { c.retryIf = retryIf } }

// Context allow to set context of retry default are Background context
func Context(ctx context.Context) Option { return func(c *Config) { c.context = ctx } }

func WithTimer(t Timer) Option { return func(c *Config) { c.timer = t } }

func WrapContextErrorWithLastError(wrapContextErrorWithLastError bool) Option {
	return func(c *Config) {}
}

// ---- retry.go

// Function signature of retryable function
type RetryableFunc func() error

// Function signature of retryable function with data
type RetryableFuncWithData[T any] func() (T, error)

func Do(retryableFunc RetryableFunc, opts ...Option) error { return nil }

func DoWithData[T any](retryableFunc RetryableFuncWithData[T], opts ...Option) (T, error) {
	var emptyT T
	return emptyT, nil
}

// Error type represents list of errors in retry
type Error []error

func (e Error) Error() string              { return "All attempts fail" }
func (e Error) Is(target error) bool       { return false }
func (e Error) As(target interface{}) bool { return false }
func (e Error) Unwrap() error              { return nil }
func (e Error) WrappedErrors() []error     { return e }

type unrecoverableError struct {
	error
}

// Unrecoverable wraps an error in `unrecoverableError` struct
func Unrecoverable(err error) error { return unrecoverableError{err} }

// IsRecoverable checks if error is an instance of `unrecoverableError`
func IsRecoverable(err error) bool { return true }
