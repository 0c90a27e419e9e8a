//go:build go1.24

package t5

import (
	"sync"
	"sync/atomic"
	"time"
)

// ---- loops whose only exits come after the tick ----

// A readiness wait: each tick starts a probe, and the loop leaves once a
// probe succeeded. After waitReady returns its deferred Stop leaves the
// goroutine blocked on tk.C before it can look at done again.
func waitReady(d time.Duration, probe func() bool) bool {
	tk := time.NewTicker(d)
	defer tk.Stop()
	ready := make(chan bool)
	var done atomic.Bool
	go func() {
		for { // want `^this goroutine receives from tk.C and only leaves after a tick, and tk.Stop\(\) at line 18 does not close the channel, so once the ticker is stopped the goroutine blocks here forever; also select on a done channel or ctx.Done\(\) and return$`
			go func() {
				if probe() && done.CompareAndSwap(false, true) {
					ready <- true
				}
			}()
			<-tk.C
			if done.Load() {
				break
			}
		}
	}()
	return <-ready
}

// A range with a quit check inside: the check runs only on a tick.
func pump(d time.Duration, work func(), quit chan struct{}, n int) {
	tk := time.NewTicker(d)
	go func() {
		for range tk.C { // want `receives from tk.C and only leaves after a tick, and tk.Stop\(\) at line 54`
			select {
			case <-quit:
				return
			default:
			}
			work()
		}
	}()
	for range n {
		work()
	}
	close(quit)
	tk.Stop()
}

// The same on a ticker held in a field, stopped by Close.
type poller struct {
	tk     *time.Ticker
	closed atomic.Bool
}

func newPoller(d time.Duration, work func()) *poller {
	p := &poller{tk: time.NewTicker(d)}
	go p.loop(work)
	return p
}

func (p *poller) loop(work func()) {
	for { // want `receives from p.tk.C and only leaves after a tick, and p.tk.Stop\(\) at line 79`
		<-p.tk.C
		if p.closed.Load() {
			return
		}
		work()
	}
}

func (p *poller) Close() { p.closed.Store(true); p.tk.Stop() }

// ---- negatives ----

// The goroutine says when it has left and the caller waits for it before
// the deferred Stop: the ticker is still running while it waits.
func pumpWaited(d time.Duration, work func(), n int) {
	tk := time.NewTicker(d)
	defer tk.Stop()
	var stop atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range tk.C {
			if stop.Load() {
				return
			}
			work()
		}
	}()
	for range n {
		work()
	}
	stop.Store(true)
	wg.Wait()
}

// A send then a return: the caller receives it before stopping.
func pumpAcked(d time.Duration, work func()) {
	tk := time.NewTicker(d)
	defer tk.Stop()
	var stop atomic.Bool
	left := make(chan struct{})
	go func() {
		for {
			<-tk.C
			if stop.Load() {
				left <- struct{}{}
				return
			}
			work()
		}
	}()
	stop.Store(true)
	<-left
}

// The goroutine stops the ticker itself when it leaves, on a tick.
func pumpOwned(d time.Duration, work func(), stop *atomic.Bool) {
	tk := time.NewTicker(d)
	go func() {
		defer tk.Stop()
		for range tk.C {
			if stop.Load() {
				return
			}
			work()
		}
	}()
}

// An exit on the way to the receive: not this shape.
func pumpCheckFirst(d time.Duration, work func(), stop *atomic.Bool) {
	tk := time.NewTicker(d)
	defer tk.Stop()
	go func() {
		for {
			if stop.Load() {
				return
			}
			<-tk.C
			work()
		}
	}()
	work()
}

// The goroutine also leaves on quit while waiting for the tick.
func pumpSelect(d time.Duration, work func(), quit chan struct{}) {
	tk := time.NewTicker(d)
	defer tk.Stop()
	go func() {
		for {
			select {
			case <-quit:
				return
			case <-tk.C:
				work()
			}
		}
	}()
	work()
}
