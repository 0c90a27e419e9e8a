package t5

import "time"

// A helper creates the ticker, starts the goroutine that ranges over it,
// and returns the ticker to its caller, who stops it.

type conn struct {
	hb *time.Ticker
}

// ---- positives ----

func startHeartbeat(send func()) *time.Ticker {
	t := time.NewTicker(time.Second)
	go func() {
		for range t.C { // want `this goroutine receives from t.C with no other exit, and t.Stop\(\) at line \d+ does not close the channel`
			send()
		}
	}()
	return t
}

func session(send func(), work func()) {
	hb := startHeartbeat(send)
	defer hb.Stop()
	work()
}

func startPinger(ping func()) *time.Ticker {
	t := time.NewTicker(30 * time.Second)
	go func() {
		for { // want `this goroutine receives from t.C with no other exit, and t.Stop\(\) at line \d+ does not close the channel`
			<-t.C
			ping()
		}
	}()
	return t
}

func (c *conn) open(ping func()) { c.hb = startPinger(ping) }
func (c *conn) close()           { c.hb.Stop() }

// ---- negatives ----

// The goroutine also leaves on done, closed by the caller beside Stop.
func startTicking(tick func(), done <-chan struct{}) *time.Ticker {
	t := time.NewTicker(time.Second)
	go func() {
		for {
			select {
			case <-t.C:
				tick()
			case <-done:
				return
			}
		}
	}()
	return t
}

func run(tick func(), work func()) {
	done := make(chan struct{})
	t := startTicking(tick, done)
	defer func() { t.Stop(); close(done) }()
	work()
}

// Returned and never stopped by anyone here: the ticker and goroutine
// live as long as the process, by design of the caller.
func startForever(tick func()) *time.Ticker {
	t := time.NewTicker(time.Minute)
	go func() {
		for range t.C {
			tick()
		}
	}()
	return t
}

func boot(tick func()) { _ = startForever(tick) }
