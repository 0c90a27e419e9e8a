//go:build go1.23

package t1fields

import "time"

// Since Go 1.23 an unreferenced ticker is collected: a closed owner's
// ticker goes with it.

type poller struct{ tick *time.Ticker }

func newPoller() *poller { return &poller{tick: time.NewTicker(time.Second)} }

func (p *poller) run(done chan struct{}) {
	for {
		select {
		case <-done:
			return
		case <-p.tick.C:
		}
	}
}
