//go:build go1.22

package t1

import "time"

// Every exit jumps to a label that stops the ticker under a nil guard: a
// ticker that exists is not nil, so the guard always lets the Stop run.
func gotoExit(quit, recheck chan struct{}, d time.Duration) {
	var ticker *time.Ticker
	select {
	case <-time.After(d):
	case <-quit:
		goto exit
	}
	ticker = time.NewTicker(d)
	for {
		select {
		case <-ticker.C:
		case <-recheck:
		case <-quit:
			goto exit
		}
	}
exit:
	if ticker != nil {
		ticker.Stop()
	}
}

// The guard tests something else: the ticker may be left running.
func gotoExitWrongGuard(quit chan struct{}, d time.Duration, stop bool) {
	var ticker *time.Ticker
	ticker = time.NewTicker(d) // want `ticker ticker is not stopped before the function ends`
	for {
		select {
		case <-ticker.C:
		case <-quit:
			goto exit
		}
	}
exit:
	if stop {
		ticker.Stop()
	}
}
