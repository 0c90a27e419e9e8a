package s3

import (
	"context"
	"log"
	"math/rand"
	"net"
	"sync/atomic"
	"time"
)

// Reconnect loops: a session (a connection's read loop) runs until it
// breaks, and the loop runs it again after a wait. With no stop channel,
// context, flag or bound, it reconnects forever and nothing stops it.

type peer struct {
	conn    net.Conn
	closing chan struct{}
	closed  atomic.Bool
	ctx     context.Context
}

// readLoop is a session: it reads until the connection breaks.
func (p *peer) readLoop() {
	buf := make([]byte, 512)
	for {
		if _, err := p.conn.Read(buf); err != nil {
			return
		}
	}
}

// serve is a session that says why it ended.
func (p *peer) serve() error {
	buf := make([]byte, 512)
	for {
		if _, err := p.conn.Read(buf); err != nil {
			return err
		}
	}
}

// Positive: the read loop is restarted forever after a fixed wait.
func (p *peer) keepReading() {
	for { // want `restart loop has no stop channel, context or attempt limit: it runs p.readLoop again forever`
		p.readLoop()
		time.Sleep(time.Second)
	}
}

// Positive: the session's error is only logged; the backoff grows but
// nothing ends the loop.
func (p *peer) keepServing() {
	delay := 100 * time.Millisecond
	for { // want `restart loop has no stop channel, context or attempt limit: it runs p.serve again forever`
		if err := p.serve(); err != nil {
			log.Printf("session ended: %v", err)
		}
		time.Sleep(delay + time.Duration(rand.Int63n(int64(delay))))
		delay = min(2*delay, time.Minute)
	}
}

// Positive: the reconnect runs in a goroutine nobody can stop.
func (p *peer) start() {
	go func() {
		for { // want `restart loop has no stop channel, context or attempt limit`
			p.readLoop()
			<-time.After(time.Second)
		}
	}()
}

// Positive: a select whose only case is the wait.
func (p *peer) keepReadingSelect() {
	for { // want `restart loop has no stop channel, context or attempt limit`
		p.readLoop()
		select {
		case <-time.After(time.Second):
		}
	}
}

// Positive: a condition that is always true.
func (p *peer) keepReadingTrue() {
	for true { // want `restart loop has no stop channel, context or attempt limit`
		_ = p.serve()
		time.Sleep(time.Second)
	}
}

// Positive: a break inside the select leaves the select, not the loop.
func (p *peer) keepReadingBreak() {
	for { // want `restart loop has no stop channel, context or attempt limit`
		p.readLoop()
		select {
		case <-time.After(time.Second):
			break
		}
	}
}

// Negative: the closing channel ends it.
func (p *peer) untilClosing() {
	for {
		p.readLoop()
		select {
		case <-p.closing:
			return
		case <-time.After(time.Second):
		}
	}
}

// Negative: the caller's context ends it.
func (p *peer) untilDone(ctx context.Context) {
	for {
		p.readLoop()
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// Negative: a context is in scope but not looked at: the reconnect
// ignores its caller, which noretrycanceled reports.
func (p *peer) ignoringContext(ctx context.Context) {
	for {
		p.readLoop()
		time.Sleep(time.Second)
	}
}

// Negative: a closed flag ends it.
func (p *peer) untilClosedFlag() {
	for {
		p.readLoop()
		if p.closed.Load() {
			return
		}
		time.Sleep(time.Second)
	}
}

// Negative: the loop condition ends it.
func (p *peer) whileOpen() {
	for !p.closed.Load() {
		p.readLoop()
		time.Sleep(time.Second)
	}
}

// Negative: the context kept in the struct ends it.
func (p *peer) untilCtxField() {
	for {
		p.readLoop()
		select {
		case <-p.ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// Negative: a labelled break on the closing channel leaves the loop.
func (p *peer) labelledBreak() {
loop:
	for {
		p.readLoop()
		select {
		case <-p.closing:
			break loop
		case <-time.After(time.Second):
		}
	}
	p.conn.Close()
}

// Negative: a non-blocking check of the closing channel before each run.
func (p *peer) pollClosing() {
	for {
		select {
		case <-p.closing:
			return
		default:
		}
		p.readLoop()
		time.Sleep(time.Second)
	}
}

// Negative: a fatal error ends the process.
func (p *peer) untilFatal(fatal *atomic.Bool) {
	for {
		p.readLoop()
		if fatal.Load() {
			log.Fatal("fatal session error")
		}
		time.Sleep(time.Second)
	}
}

// Negative: a periodic job on a ticker is no reconnect.
func (p *peer) periodic() {
	t := time.NewTicker(time.Second)
	for {
		p.readLoop()
		<-t.C
	}
}

// Negative: the reconnect is marked deliberate.
func (p *peer) deliberate() {
	//reslint:ignore retrystorm the agent's only job is to stay connected; the supervisor restarts the process
	for {
		p.readLoop()
		time.Sleep(time.Second)
	}
}
