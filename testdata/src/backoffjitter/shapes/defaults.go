package shapes

import (
	"context"
	mrand "math/rand"
	"time"
)

// Configured waits: a field or package variable only ever set to
// constants is fixed for the whole process; its default is what every
// client of the fleet waits.

type Listener struct {
	// ReconnectDelay is the wait before reconnecting; one minute when 0.
	ReconnectDelay time.Duration
	RetryEvery     time.Duration
	Pause          time.Duration
}

func (l *Listener) listen(ctx context.Context) error { return call(ctx) }

func (l *Listener) Listen(ctx context.Context) error {
	reconnectDelay := time.Minute
	if l.ReconnectDelay != 0 {
		reconnectDelay = l.ReconnectDelay
	}
	for {
		if err := l.listen(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(reconnectDelay): // want `constant wait reconnectDelay \(1m0s by default\) between retry attempts has no random part`
		}
	}
}

func NewListener() *Listener {
	return &Listener{RetryEvery: 5 * time.Second, Pause: 50 * time.Millisecond}
}

func (l *Listener) Resubscribe(ctx context.Context) error {
	for {
		if err := l.listen(ctx); err == nil {
			return nil
		}
		time.Sleep(l.RetryEvery) // want `constant wait l.RetryEvery \(5s by default\) between retry attempts`
	}
}

// A default no longer than a short poll: attempts' own latency keeps
// clients apart.
func (l *Listener) Poke(ctx context.Context) error {
	for {
		if err := l.listen(ctx); err == nil {
			return nil
		}
		time.Sleep(l.Pause)
	}
}

// A parameter with a default: the caller may pass a different wait on
// every call (a jittered one): not judged.
func (l *Listener) ListenEvery(ctx context.Context, every time.Duration) error {
	d := time.Minute
	if every != 0 {
		d = every
	}
	for {
		if err := l.listen(ctx); err == nil {
			return nil
		}
		time.Sleep(d)
	}
}

// A field that the package jitters when it stores it: not reported.
type Jittered struct{ wait time.Duration }

func NewJittered() *Jittered {
	return &Jittered{wait: time.Second + time.Duration(mrand.Int63n(int64(time.Second)))}
}

func (j *Jittered) Do(ctx context.Context) error {
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(j.wait)
	}
}

// A fixed schedule in a package table: every client walks it in step.
var backoffSchedule = []time.Duration{15 * time.Second, 30 * time.Second, time.Minute, 5 * time.Minute}

func Connect(ctx context.Context) error {
	for i := 0; ; i++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(backoffSchedule[min(i, len(backoffSchedule)-1)]) // want `fixed delay table backoffSchedule \(up to 5m0s\) between retry attempts`
	}
}

// Tables that are not fixed: one grown at run time, one with a random
// entry, and one of short polls.
var grown = []time.Duration{time.Second}

func init() { grown = append(grown, 2*time.Second) }

var short = [...]time.Duration{10 * time.Millisecond, 50 * time.Millisecond}

func ConnectGrown(ctx context.Context) error {
	jittered := []time.Duration{time.Second, time.Duration(mrand.Int63n(int64(time.Second)))}
	for i := 0; i < 3; i++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(grown[0])
		time.Sleep(jittered[i%2])
		time.Sleep(short[i%2])
	}
	return nil
}

// The default goes through arithmetic: a quarter of the field, capped.
func (l *Listener) Redial(ctx context.Context) error {
	backoff := l.RetryEvery / 4
	for attempt := 0; attempt < 3; attempt++ {
		if err := l.listen(ctx); err == nil {
			return nil
		}
		time.Sleep(backoff) // want `constant wait backoff \(1.25s by default\)`
	}
	return nil
}

// A table of seconds in a helper, scaled at the wait.
func connectBackoffSeconds(attempt int) int {
	secs := [...]int{15, 15, 30, 60, 120, 300}
	if attempt >= len(secs) {
		return secs[len(secs)-1]
	}
	return secs[attempt]
}

func ConnectRoutine(ctx context.Context) error {
	attempts := 0
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		backoff := connectBackoffSeconds(attempts)
		time.Sleep(time.Duration(backoff) * time.Second) // want `fixed delay table .* \(up to 5m0s\) between retry attempts`
		attempts++
	}
}
