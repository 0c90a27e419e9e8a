package loops

import "time"

// Every implementation in the package sleeps blindly: a call through the
// interface is a blind wait.
type Pauser interface {
	Pause(attempt int) // want Pause:"sleeps"
}

type linearPause struct{ step time.Duration }

func (p linearPause) Pause(attempt int) { time.Sleep(time.Duration(attempt) * p.step) } // want Pause:"sleeps"

type fixedPause struct{}

func (*fixedPause) Pause(int) { time.Sleep(time.Second) } // want Pause:"sleeps"

// A fake clock's Sleep does not sleep: the interface is no blind wait.
type Clock interface {
	Sleep(d time.Duration)
}

type realClock struct{}

func (realClock) Sleep(d time.Duration) { time.Sleep(d) } // want Sleep:"sleeps"

type fakeClock struct{ now time.Time }

func (c *fakeClock) Sleep(d time.Duration) { c.now = c.now.Add(d) }

// An interface with no implementation here says nothing.
type Waiter interface {
	Wait(d time.Duration)
}
