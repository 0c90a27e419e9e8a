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

// A ticker wrapped with an initial tick: the goroutine forwards every tick
// of the embedded ticker; the caller stops the wrapper, which stops the
// embedded ticker and never closes its channel.
type tickerWithFirst struct {
	*time.Ticker
	C <-chan time.Time
}

func newTickerWithFirst(d time.Duration) *tickerWithFirst {
	c := make(chan time.Time)
	ticker := time.NewTicker(d)
	t := &tickerWithFirst{C: c, Ticker: ticker}
	go func() {
		c <- time.Now()
		for tt := range ticker.C { // want `this goroutine receives from ticker.C with no other exit, and ticker.Stop\(\) at line \d+ does not close the channel`
			c <- tt
		}
	}()
	return t
}

func poll(work func(), quit chan struct{}) {
	ticker := newTickerWithFirst(time.Minute)
	defer ticker.Stop()
	for {
		select {
		case <-quit:
			return
		case <-ticker.C:
			work()
		}
	}
}

// Twin: the forwarding goroutine also leaves when the wrapper is closed.
type tickerWithStop struct {
	*time.Ticker
	C    <-chan time.Time
	done chan struct{}
}

func newTickerWithStop(d time.Duration) *tickerWithStop {
	c := make(chan time.Time)
	done := make(chan struct{})
	ticker := time.NewTicker(d)
	t := &tickerWithStop{C: c, Ticker: ticker, done: done}
	go func() {
		for {
			select {
			case tt := <-ticker.C:
				c <- tt
			case <-done:
				return
			}
		}
	}()
	return t
}

func pollStop(work func(), quit chan struct{}) {
	ticker := newTickerWithStop(time.Minute)
	defer func() { ticker.Stop(); close(ticker.done) }()
	for {
		select {
		case <-quit:
			return
		case <-ticker.C:
			work()
		}
	}
}
