// Package sleepers holds functions that wait and functions whose names
// say so but do not: a sleeper is known by what its body does.
package sleepers

import (
	"sync"
	"time"
)

var timerPool sync.Pool

// --- waits: the body blocks on a sleep or a timer --------------------------

func pause(d time.Duration) { // want pause:"sleeps"
	time.Sleep(d) // want "waits"
}

// settle waits on a timer it made, under a name that says nothing.
func settle(d time.Duration) { // want settle:"sleeps"
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	}
}

// sleepPooled takes a timer from a pool, waits on it, and puts it back.
func sleepPooled(d time.Duration) { // want sleepPooled:"sleeps"
	t := getTimer(d)
	<-t.C
	putTimer(t)
}

// --- does not wait, whatever its name --------------------------------------

func getTimer(d time.Duration) *time.Timer {
	if v, ok := timerPool.Get().(*time.Timer); ok {
		v.Reset(d)
		return v
	}
	return time.NewTimer(d)
}

// putTimer returns a timer to the pool, draining it first.
func putTimer(t *time.Timer) {
	if !t.Stop() {
		<-t.C
	}
	timerPool.Put(t)
}

// releaseSleepTimer has a name that says sleep; it only recycles.
func releaseSleepTimer(t *time.Timer) {
	if !t.Stop() {
		<-t.C
	}
	timerPool.Put(t)
}

// fakeClock moves its time instead of sleeping.
type fakeClock struct{ now time.Time }

func (c *fakeClock) Sleep(d time.Duration) { c.now = c.now.Add(d) }

// waitBudget records how long a caller may wait; it waits for nothing.
func waitBudget(d time.Duration) { budgets = append(budgets, d) }

var budgets []time.Duration

func use(c *fakeClock, t *time.Timer) { // want use:"sleeps"
	pause(time.Second)       // want "waits"
	settle(time.Second)      // want "waits"
	sleepPooled(time.Second) // want "waits"
	putTimer(t)
	releaseSleepTimer(t)
	c.Sleep(time.Second)
	waitBudget(time.Second)
	time.Sleep(time.Second) // want "waits"
}
