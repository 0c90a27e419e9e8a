package restarts

import (
	"context"
	"math/rand/v2"
	"time"
)

// Sessions that end on the connection's error channel, on a liveness
// timer, or that a wrapper runs last.

type pubConn struct {
	msgs chan string
	errs chan error
}

// hooks returns the channel that receives the connection's end.
func (c *pubConn) hooks() <-chan error { return c.errs }

type pubsub struct {
	conn    *pubConn
	closeCh chan struct{}
	probe   time.Duration
	handled int
}

// subscribe runs until the connection reports its end.
func (p *pubsub) subscribe(channel string) {
	wait := p.conn.hooks()
	for {
		select {
		case err := <-wait:
			if err != nil {
				println(err.Error())
			}
			return
		case <-p.closeCh:
			return
		case msg := <-p.conn.msgs:
			println(channel, msg)
		}
	}
}

// watch runs until the connection goes quiet for a whole probe interval.
func (p *pubsub) watch() {
	t := time.NewTicker(p.probe)
	defer t.Stop()
	seen := 0
	for {
		select {
		case <-p.closeCh:
			return
		case msg := <-p.conn.msgs:
			p.handled++
			println(msg)
		case <-t.C:
			if p.handled == seen {
				return // stale: restart the connection
			}
			seen = p.handled
		}
	}
}

// run gathers the session's arguments and runs it last.
func (p *pubsub) run() {
	channel := "control"
	if p.probe == 0 {
		channel = "node"
	}
	p.subscribe(channel)
}

func (p *pubsub) keepSubscribed(ctx context.Context) {
	for {
		p.subscribe("events")
		select {
		case <-ctx.Done():
			return
		case <-time.After(2 * time.Second): // want `constant wait 2s between reconnects has no random part`
		}
	}
}

func (p *pubsub) keepWatching(ctx context.Context) {
	for {
		p.watch()
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second): // want `constant wait 1s between reconnects has no random part`
		}
	}
}

func (p *pubsub) keepRunning(ctx context.Context) {
	for {
		p.run()
		select {
		case <-ctx.Done():
			return
		case <-time.After(500 * time.Millisecond): // want `constant wait 500ms between reconnects has no random part`
		}
	}
}

// Twin: a random part spreads the resubscriptions.
func (p *pubsub) keepRunningJittered(ctx context.Context) {
	for {
		p.run()
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second/2 + rand.N(time.Second)):
		}
	}
}

// drain handles queued messages until none is left: work that is done,
// no session.
func (p *pubsub) drain() {
	for {
		select {
		case msg := <-p.conn.msgs:
			if msg == "" {
				return
			}
			println(msg)
		case <-p.closeCh:
			return
		}
	}
}

// flushAll runs a job last: a wrapper of a job is a job.
func (p *pubsub) flushAll() {
	p.handled = 0
	p.drain()
}

// Twin: a periodic drain at a fixed interval is no restart loop.
func (p *pubsub) drainer(ctx context.Context) {
	for {
		p.drain()
		select {
		case <-ctx.Done():
			return
		case <-time.After(5 * time.Second):
		}
	}
}

// Twin: a periodic job through a wrapper.
func (p *pubsub) flusher(ctx context.Context) {
	for {
		p.flushAll()
		select {
		case <-ctx.Done():
			return
		case <-time.After(5 * time.Second):
		}
	}
}

// Twin: the loop runs the session on a ticker: a fixed rate whatever
// happened, a periodic job.
func (p *pubsub) onTicker(ctx context.Context) {
	t := time.NewTicker(5 * time.Second)
	defer t.Stop()
	for {
		p.subscribe("events")
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
