package loops

import (
	"errors"
	"time"
)

// A gateway reconnect loop: after success it reopens each voice
// connection one per second and returns. Those sleeps pace the work done
// before leaving, no attempt follows them; the doubling wait after a
// failure is the backoff.

var errAlreadyOpen = errors.New("already open")

type voice struct{}

func (voice) reconnect() {}

type gateway struct {
	voices          []voice
	reconnectVoices bool
}

func (g *gateway) open() error { return nil }

func (g *gateway) reconnect() { // want reconnect:"sleeps"
	wait := time.Duration(1)
	for {
		err := g.open()
		if err == nil {
			if g.reconnectVoices {
				for _, v := range g.voices {
					go v.reconnect()
					time.Sleep(1 * time.Second)
				}
			}
			return
		}
		if err == errAlreadyOpen {
			return
		}
		<-time.After(wait * time.Second) // want `backoff grown by a constant factor \(wait \*= 2\) between retry attempts has no random part`
		wait *= 2
		if wait > 600 {
			wait = 600
		}
	}
}

// The same pacing sleep before going round: it is the wait between
// attempts.
func (g *gateway) reconnectPaced() { // want reconnectPaced:"sleeps"
	for {
		err := g.open()
		if err == nil {
			for _, v := range g.voices {
				go v.reconnect()
			}
			return
		}
		for range g.voices {
			time.Sleep(1 * time.Second) // want `constant wait 1s between retry attempts has no random part`
		}
	}
}

// A sleep after success that is followed by a continue goes round.
func (g *gateway) reconnectAgain() { // want reconnectAgain:"sleeps"
	for {
		if err := g.open(); err == nil {
			time.Sleep(2 * time.Second) // want `constant wait 2s between retry attempts has no random part`
			if g.reconnectVoices {
				continue
			}
			return
		}
		time.Sleep(2 * time.Second) // want `constant wait 2s between retry attempts has no random part`
	}
}
