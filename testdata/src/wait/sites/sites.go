// Package sites holds one wait site of each kind, and their look-alikes
// that are no site, for the wait model's SiteAt.
package sites

import (
	"context"
	"time"
)

// pause waits blindly: a call of it is a blind call.
func pause() { time.Sleep(time.Millisecond) } // want pause:"sleeps" "sleep"

// sleepCtx waits for its duration unless ctx is done first.
func sleepCtx(ctx context.Context, d time.Duration) error { // want sleepCtx:"sleeps\\(1\\)"
	t := time.NewTimer(d)
	defer t.Stop()
	select { // want "select cancellable"
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// fakeSleep only moves a fake clock: no site.
type fake struct{ now time.Time }

func (f *fake) Sleep(d time.Duration) { f.now = f.now.Add(d) }

func loop(ctx context.Context, quit chan struct{}, work chan int, f *fake) {
	for i := 0; i < 3; i++ {
		time.Sleep(time.Second)   // want "sleep"
		<-time.After(time.Second) // want "timer receive"
		pause()                   // want "blind call of sites.pause"
		_ = sleepCtx(ctx, time.Second)
		f.Sleep(time.Second)
		select { // want "select timeronly"
		case <-time.After(time.Second):
		}
		select { // want "select mixed"
		case <-quit:
		case <-time.After(time.Second):
		}
		select { // want "select polls"
		case v := <-work:
			_ = v
		default:
		}
	}
}
