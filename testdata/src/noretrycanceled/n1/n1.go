// Package n1 holds retry classifiers recognised by name, shape and
// marker, and the evaluation of what they answer for context errors.
package n1

import (
	"context"
	"errors"
	"io"
	"net"
	"os"
	"strings"
	"syscall"
	"time"
)

var (
	ErrBadInput  = errors.New("bad input")
	ErrThrottled = errors.New("throttled")
	errCanceled  = context.Canceled // an alias of the context error
)

// --- positives ---------------------------------------------------------

// A catch-all that excludes only its own sentinel.
func isRetryable(err error) bool {
	if errors.Is(err, ErrBadInput) {
		return false
	}
	return true // want `isRetryable answers "retry" for every error that reaches this return, context.Canceled and context.DeadlineExceeded included`
}

// return err != nil is "retry everything".
func shouldRetry(err error) bool {
	return err != nil // want `shouldRetry answers "retry" for every error .* context.Canceled and context.DeadlineExceeded included`
}

// An explicit branch for the caller's cancellation.
func retriable(err error) bool {
	switch {
	case errors.Is(err, io.EOF):
		return true
	case errors.Is(err, context.Canceled):
		return true // want `retriable answers "retry" for context.Canceled: the caller has gone`
	}
	return false
}

// A retry-on-timeout branch answers retry for DeadlineExceeded, which is
// a net.Error with Timeout() true; Canceled is not.
func isTransient(err error) bool {
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return true // want `isTransient answers "retry" for a net.Error or timeout, and context.DeadlineExceeded is a net.Error whose Timeout\(\) is true: it cannot tell a per-attempt timeout`
	}
	return errors.Is(err, syscall.ECONNREFUSED)
}

// os.IsTimeout says the same.
func retryOnTimeout(err error) (bool, time.Duration) {
	if os.IsTimeout(err) {
		return true, time.Second // want `retryOnTimeout answers "retry" for a net.Error or timeout, and context.DeadlineExceeded`
	}
	return false, 0
}

type Outcome int

const (
	Fatal Outcome = iota
	Transient
	Ambiguous
)

// An enum classifier whose default is "transient".
func classifyErr(err error) Outcome {
	if errors.Is(err, ErrBadInput) {
		return Fatal
	}
	return Transient // want `classifyErr answers "retry" for every error .* context.Canceled and context.DeadlineExceeded included`
}

// The message of the error, matched as text.
func isRetryableMsg(err error) bool {
	if strings.Contains(err.Error(), "canceled") {
		return true // want `isRetryableMsg answers "retry" for context.Canceled`
	}
	return false
}

// A sentinel alias of the context error, through a list.
var retryableErrs = []error{io.ErrUnexpectedEOF, errCanceled}

func isRetryableErr(err error) bool {
	for _, e := range retryableErrs {
		if errors.Is(err, e) {
			return true // want `isRetryableErr answers "retry" for context.Canceled`
		}
	}
	return false
}

// A flag does not make the catch-all conditional on the error.
type Client struct{ retryAll bool }

func (c *Client) retryable(err error) bool {
	if c.retryAll {
		return true // want `Client.retryable answers "retry" for every error .* context.Canceled and context.DeadlineExceeded included`
	}
	return errors.Is(err, ErrThrottled)
}

// A closure held in a variable.
var retryableFn = func(err error) bool {
	return !errors.Is(err, ErrBadInput) // want `retryableFn answers "retry" for every error`
}

// A generic type's method.
type Pool[T any] struct{ items []T }

func (p *Pool[T]) isRetryable(err error) bool {
	if err == nil {
		return false
	}
	return true // want `Pool.isRetryable answers "retry" for every error`
}

// A marked classifier with more parameters than the name shape allows.
//
//reslint:classifier
func decide(err error, attempt int) bool {
	if attempt > 3 {
		return false
	}
	return err != io.EOF // want `decide answers "retry" for every error`
}

// A named result.
func retryDecision(err error) (retry bool) {
	retry = true
	if errors.Is(err, ErrBadInput) {
		retry = false
	}
	return // want `retryDecision answers "retry" for every error`
}

// --- negatives -----------------------------------------------------------

// Context errors excluded first, then a catch-all.
func isRetryableOK(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	return true
}

// Excluded with ==, as older code does.
func shouldRetryOK(err error) bool {
	switch err {
	case nil, context.Canceled, context.DeadlineExceeded:
		return false
	}
	return true
}

// Excluded by a helper of the package.
func isCtxErr(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

func retriableOK(err error) bool {
	if isCtxErr(err) {
		return false
	}
	return true
}

// A list of fatal errors that includes the context errors.
var fatal = []error{ErrBadInput, context.Canceled, context.DeadlineExceeded}

func isTransientOK(err error) bool {
	for _, f := range fatal {
		if errors.Is(err, f) {
			return false
		}
	}
	return true
}

// The timeout branch comes after the context errors are excluded.
func isTemporary(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return false
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// go-redis shape: a dial error is retried even when it wraps a
// DeadlineExceeded from the dial timeout; the context errors themselves
// are excluded right after.
func shouldRetryRedis(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	var opErr *net.OpError
	if errors.As(err, &opErr) && opErr.Op == "dial" {
		return true
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return true
	}
	return false
}

// A condition on the error the evaluator cannot decide: silent.
var temporary func(error) bool

func isRetryableUnsure(err error) bool {
	if temporary(err) {
		return true
	}
	return false
}

// Only specific errors are retried.
func retryableOnly(err error) bool {
	return errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNRESET)
}

// Negated names are not classifiers of "retry".
func isNonRetryable(err error) bool { return err != nil }

// Not classifier-shaped: two parameters and no marker.
func retryAfter(err error, d time.Duration) bool { return true }

// An int is not an enum.
func retryCount(err error) int { return 1 }

// Enum constants whose names do not say retry or stop: unknown meaning.
type Verdict int

const (
	Red Verdict = iota
	Green
)

func classifyColor(err error) Verdict { return Green }

// A marked classifier that looks at the caller's context first.
//
//reslint:classifier
func retryWithCtx(ctx context.Context, err error) bool { // want retryWithCtx:"honors\\(0\\)"
	if ctx.Err() != nil {
		return false
	}
	return true
}

// A classifier whose only use decides whether to refetch a cached error
// for a new caller (client-go's memcache): not a retry decision.
type entry struct{ err error }

func isTransientCached(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return true // a new caller with a new context may succeed
	}
	return false
}

func lookup(ctx context.Context, e *entry, fetch func(context.Context) error) error {
	if e.err != nil && isTransientCached(e.err) {
		e.err = fetch(ctx)
	}
	return e.err
}

// A timeout classifier used where no context is in scope (sarama's admin
// API has none): a DeadlineExceeded there is not a caller's deadline.
func isRetriableBroker(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func retryOnError(retryable func(error) bool, fn func() error) error { // want retryOnError:"sleeps"
	for attempts := 3; ; attempts-- {
		err := fn()
		if err == nil || attempts <= 0 || !retryable(err) {
			return err
		}
		time.Sleep(time.Millisecond)
	}
}

func describe() error { // want describe:"sleeps"
	return retryOnError(isRetriableBroker, func() error { return nil })
}

// The verdict is overridden when the caller's context is done (GCS's
// invoke loop): the classifier's users tell the deadlines apart.
func isRetryableGCS(err error) bool {
	var te interface{ Temporary() bool }
	if errors.As(err, &te) && te.Temporary() {
		return true
	}
	return false
}

func invoke(ctx context.Context, call func(context.Context) error) error { // want invoke:"honors\\(0\\)"
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		retryable := isRetryableGCS(err)
		if ctxErr := ctx.Err(); errors.Is(ctxErr, context.Canceled) || errors.Is(ctxErr, context.DeadlineExceeded) {
			retryable = false
		}
		if !retryable {
			return err
		}
		t := time.NewTimer(time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

// The classifiers above are used: some are picked per endpoint at run time
// (a value we cannot follow), the others decide retries in loops that never
// check the caller's context, so a DeadlineExceeded they see may be the
// caller's. A classifier of this package with no use at all is dead code
// and is not judged (see noRetryUse).
var policies = map[string]any{
	"retriable": retriable, "isRetryableMsg": isRetryableMsg, "isRetryableErr": isRetryableErr,
	"retryDecision": retryDecision, "fn": retryableFn, "pool": (*Pool[int]).isRetryable,
}

func attempts(ctx context.Context, c *Client, op func(context.Context) error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
		if ok, _ := retryOnTimeout(err); !ok {
			return err
		}
		if !isRetryable(err) || !shouldRetry(err) || !isTransient(err) || classifyErr(err) == Fatal || !c.retryable(err) {
			return err
		}
	}
	return err
}

// Negative: unexported, answers "retry" for everything, and never used.
func noRetryUse(err error) bool {
	return true
}

// Retry policies behind an interface, screened by their only caller.
type Policy interface{ Decide(err error) bool }

type alwaysRetry struct{}

// Negative: answers "retry" for every error, but the only caller returns
// on context errors before it asks the policy through the interface.
func (alwaysRetry) Decide(err error) bool { return true }

type Runner struct{ policy Policy }

func (r *Runner) Run(op func() error) error { // want Run:"sleeps"
	for i := 0; i < 3; i++ {
		err := op()
		if err == nil {
			return nil
		}
		switch err {
		case context.Canceled, context.DeadlineExceeded:
			return err
		}
		if !r.policy.Decide(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return nil
}

type retryEverything struct{}

// Positive: the same policy, called through the interface by a loop that
// does not screen context errors first.
func (retryEverything) ShouldRetry(err error) bool {
	return true // want `retryEverything.ShouldRetry answers "retry" for every error`
}

type Retrier interface{ ShouldRetry(err error) bool }

type Loop struct{ r Retrier }

func (l *Loop) Run(op func() error) error { // want Run:"sleeps"
	for i := 0; i < 3; i++ {
		err := op()
		if err == nil || !l.r.ShouldRetry(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return nil
}

type retryScreened struct{}

// Negative: its caller tests errors.Is(err, context.Canceled) first.
func (retryScreened) IsRetryable(err error) bool {
	return true
}

type Checker interface{ IsRetryable(err error) bool }

func retryWith(c Checker, op func() error) error { // want retryWith:"sleeps"
	for i := 0; i < 3; i++ {
		err := op()
		if err == nil {
			return nil
		}
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		if !c.IsRetryable(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return nil
}

// Found by its name alone and used nowhere in this package: whether its
// importers screen context errors before asking it is out of sight, so it
// is not judged.
func IsRetryableUnused(err error) bool {
	return err != nil
}

// The same classifier marked is judged alone.
//
//reslint:classifier
func IsRetryableMarked(err error) bool {
	return err != nil // want `IsRetryableMarked answers "retry" for every error`
}
