// Package helpers holds retry loops whose wait is computed by a helper: a
// closure over an attempt counter, a method of a backoff type that keeps
// its counter in the receiver, an interface's Next whose implementations
// the package knows.
package helpers

import (
	"context"
	"errors"
	"math"
	"math/rand"
	"time"
)

var errConflict = errors.New("conflict")

func call(ctx context.Context) error { return errConflict }

// A closure over the attempt counter: 1ms * 2^retries, capped at 100ms
// and then at one second by the caller's multiplier.
func runClosure(ctx context.Context) error {
	retries := 0
	backoffCalc := func() time.Duration {
		var hi float64 = 100000000
		var lo float64 = 1000000
		retries++
		backoff := lo * math.Pow(2, float64(retries))
		if backoff > hi {
			backoff = hi
		}
		return time.Duration(backoff) * 10
	}
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		sleep := backoffCalc()
		time.Sleep(sleep) // want `exponential backoff math.Pow\(2, float64\(retries\)\) between retry attempts has no random part`
	}
}

// Twin: the closure draws a random share of the backoff.
func runClosureJittered(ctx context.Context) error {
	retries := 0
	backoffCalc := func() time.Duration {
		retries++
		backoff := time.Millisecond << retries
		return time.Duration(rand.Int63n(int64(backoff)))
	}
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(backoffCalc())
	}
}

// linearBackoff keeps its attempt counter in the receiver.
type linearBackoff struct {
	initialDelay time.Duration
	maxDelay     time.Duration
	n            int
}

func newLinearBackoff() *linearBackoff {
	return &linearBackoff{initialDelay: time.Second, maxDelay: 30 * time.Second}
}

func (b *linearBackoff) Next() time.Duration {
	backoff := float64(b.n) + 1
	d := math.Min(b.initialDelay.Seconds()*backoff, b.maxDelay.Seconds())
	b.n++
	return time.Duration(d) * time.Second
}

func (b *linearBackoff) Reset() { b.n = 0 }

// A method of the package's backoff type, called on a value it made.
func watchLinear(ctx context.Context) error {
	b := newLinearBackoff()
	for {
		err := call(ctx)
		if err == nil {
			b.Reset()
			return nil
		}
		retryAfter := b.Next()
		select {
		case <-time.After(retryAfter): // want `linear backoff time.Duration\(d\) \* time.Second between retry attempts has no random part`
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// jitteredBackoff draws the wait from its counter's window.
type jitteredBackoff struct{ n int }

func (b *jitteredBackoff) Next() time.Duration { // want Next:"returns random"
	b.n++
	return time.Duration(rand.Int63n(int64(time.Second) << b.n))
}

func (b *jitteredBackoff) Reset() { b.n = 0 }

// Twin: the package's backoff type jitters (rand.Int63n).
func watchJittered(ctx context.Context) error {
	b := &jitteredBackoff{}
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		select {
		case <-time.After(b.Next()):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Backoff is a policy the user may implement.
type Backoff interface {
	Next() time.Duration
	Reset()
}

// Twin: Next of an interface the caller passes: its implementations are
// not known here, and may jitter.
func watchPolicy(ctx context.Context, b Backoff) error {
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(b.Next())
	}
}

// Client holds a backoff policy injected by the user.
type Client struct {
	policy  Backoff
	Backoff time.Duration
}

// NewClient takes the user's policy.
func NewClient(p Backoff) *Client { return &Client{policy: p} }

// Twin: an injected backoff policy, with no default of the package.
func (c *Client) watchInjected(ctx context.Context) error {
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(c.policy.Next())
	}
}

func (c *Client) delay() time.Duration { return c.Backoff }

// Twin: a helper that returns a setting the user configures, with no
// default: the caller may have jittered it.
func (c *Client) watchConfigured(ctx context.Context) error {
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(c.delay())
	}
}

// Strategy makes a Backoff per watch.
type Strategy interface{ NewBackoff() Backoff }

type defaultStrategy struct{}

func (defaultStrategy) NewBackoff() Backoff { return newLinearBackoff() }

type jitterStrategy struct{}

func (jitterStrategy) NewBackoff() Backoff { return &jitteredBackoff{} }

type config struct{ strategy Strategy }

// Option configures a Watcher.
type Option func(*config)

// WithStrategy replaces the default linear strategy.
func WithStrategy(s Strategy) Option { return func(c *config) { c.strategy = s } }

// Watcher reconnects with the configured strategy.
type Watcher struct{ config config }

// NewWatcher applies the options over the defaults.
func NewWatcher(opts ...Option) *Watcher {
	w := &Watcher{config: config{strategy: defaultStrategy{}}}
	for _, o := range opts {
		o(&w.config)
	}
	return w
}

// The default strategy's Backoff is linear: unless the user replaces it,
// every client waits the same schedule.
func (w *Watcher) watch(ctx context.Context) error {
	b := w.config.strategy.NewBackoff()
	for {
		err := call(ctx)
		if err == nil {
			b.Reset()
			return nil
		}
		retryAfter := b.Next()
		select {
		case <-time.After(retryAfter): // want `linear backoff time.Duration\(d\) \* time.Second between retry attempts has no random part`
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

type jconfig struct{ strategy Strategy }

// JWatcher's default strategy jitters.
type JWatcher struct{ config jconfig }

// NewJWatcher sets the jittered default.
func NewJWatcher() *JWatcher { return &JWatcher{config: jconfig{strategy: jitterStrategy{}}} }

// Twin: the default strategy's Backoff draws a random wait.
func (w *JWatcher) watch(ctx context.Context) error {
	b := w.config.strategy.NewBackoff()
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(b.Next())
	}
}

type mconfig struct{ strategy Strategy }

// MWatcher may get either strategy from the package.
type MWatcher struct{ config mconfig }

// NewMWatcher picks a strategy.
func NewMWatcher(jitter bool) *MWatcher {
	w := &MWatcher{config: mconfig{strategy: defaultStrategy{}}}
	if jitter {
		w.config.strategy = jitterStrategy{}
	}
	return w
}

// Twin: one of the package's strategies jitters: the call may be random.
func (w *MWatcher) watch(ctx context.Context) error {
	b := w.config.strategy.NewBackoff()
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(b.Next())
	}
}
