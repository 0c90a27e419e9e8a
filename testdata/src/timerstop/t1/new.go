//go:build go1.23

package t1

import (
	"context"
	"sync"
	"time"
)

// Since Go 1.23 an unreferenced timer or ticker is collected whether or
// not it was stopped: without -timerstop.strict none of these is reported.

func sleepNoDefer123(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func tickThrice123(d time.Duration) {
	tk := time.NewTicker(d)
	for i := 0; i < 3; i++ {
		<-tk.C
	}
}

func perIteration123(msgs <-chan string, d time.Duration) {
	for {
		t := time.NewTimer(d)
		select {
		case m := <-msgs:
			_ = m
		case <-t.C:
			return
		}
	}
}

// ---- the exception: a ticker held by a goroutine that outlives the
// function is not collected while that goroutine runs ----

// The goroutine can exit, but until then it holds the ticker, firing
// after startPoller123 has returned.
func startPoller123(ctx context.Context, d time.Duration, poll func()) {
	tk := time.NewTicker(d) // want `^ticker tk, read by the goroutine started at line 50, is not stopped before the function ends at line 60: that goroutine keeps it referenced, so it keeps firing and is not collected for as long as the goroutine runs \(Go 1.23 collects only unreferenced tickers\); stop it in the goroutine that reads it, when that goroutine returns$`
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case <-tk.C:
				poll()
			}
		}
	}()
}

// The same with a quit channel and a ticker declared with var.
func (w *worker123) start(quit <-chan struct{}) {
	var tk = time.NewTicker(w.every) // want `ticker tk, read by the goroutine started at line \d+, is not stopped before the function ends`
	go func() {
		for {
			select {
			case <-quit:
				return
			case <-tk.C:
				w.flush()
			}
		}
	}()
}

type worker123 struct {
	every time.Duration
	flush func()
}

// ---- negatives: the correct versions ----

// The goroutine stops the ticker when it exits: it owns it.
func (w *worker123) startOwned(quit <-chan struct{}) {
	tk := time.NewTicker(w.every)
	go func() {
		defer tk.Stop()
		for {
			select {
			case <-quit:
				return
			case <-tk.C:
				w.flush()
			}
		}
	}()
}

// Stopped by a defer, once the function has waited for the goroutine.
func pollUntilDone123(ctx context.Context, d time.Duration, poll func()) {
	tk := time.NewTicker(d)
	defer tk.Stop()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-ctx.Done():
				return
			case <-tk.C:
				poll()
			}
		}
	}()
	<-done
}

// The function waits for the goroutine: when it returns, the goroutine
// has exited and the ticker is collected.
func pollGroup123(ctx context.Context, d time.Duration, poll func()) {
	tk := time.NewTicker(d)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tk.C:
				poll()
			}
		}
	}()
	wg.Wait()
}

// The function never returns.
func serve123(d time.Duration, stop <-chan struct{}, handle func(), poll func()) {
	tk := time.NewTicker(d)
	go func() {
		for {
			select {
			case <-tk.C:
				poll()
			case <-stop:
				return
			}
		}
	}()
	for {
		handle()
	}
}

// Stopped by a defer when the function returns; the goroutine leaves on
// ctx.Done().
func deferStopped123(ctx context.Context, d time.Duration, poll func(), work func() error) error {
	tk := time.NewTicker(d)
	defer tk.Stop()
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case <-tk.C:
				poll()
			}
		}
	}()
	return work()
}
