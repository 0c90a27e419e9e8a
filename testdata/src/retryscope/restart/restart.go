// Package restart holds reconnect loops that run a session with no error
// value and run it again after a wait when it ends, and the periodic
// jobs, workers and event loops that share their statement shape.
package restart

import (
	"context"
	"log"
	"time"
)

type Conn struct{}

func (c *Conn) Read() ([]byte, error) { return nil, nil }

func dial(addr string) (*Conn, error) { return nil, nil }
func handle(b []byte)                 {}

type Client struct {
	addr    string
	conn    *Conn
	closing chan struct{}
}

// readLoop is a session: it runs until a read fails.
func (c *Client) readLoop() {
	for {
		b, err := c.conn.Read()
		if err != nil {
			log.Printf("read: %v", err)
			return
		}
		handle(b)
	}
}

// A reconnect loop with a doubling interval and a closing channel.
func (c *Client) run() {
	delay := time.Second
	for { // want "restart loop, session \\*ast.SelectorExpr \\[waits, restart\\]"
		c.readLoop()
		select {
		case <-c.closing:
			return
		case <-time.After(delay):
		}
		delay = min(2*delay, time.Minute)
	}
}

// Dial first, then the session; a blind sleep between sessions.
func (c *Client) keepConnected() { // want keepConnected:"sleeps"
	for { // want "restart loop, session \\*ast.SelectorExpr \\[waits, restart\\]"
		conn, err := dial(c.addr)
		if err != nil {
			log.Print(err)
			time.Sleep(time.Second)
			continue
		}
		c.conn = conn
		c.readLoop()
		time.Sleep(5 * time.Second)
	}
}

type Sub struct{ C chan []byte }

// consume is a session: it ends when the subscription's channel closes
// or the caller cancels.
func consume(ctx context.Context, sub *Sub) error {
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case m, ok := <-sub.C:
			if !ok {
				return nil
			}
			handle(m)
		}
	}
}

// The session's error is kept only to be logged.
func resubscribe(ctx context.Context, sub *Sub) {
	for { // want "restart loop, session consume \\[waits, restart\\]"
		err := consume(ctx, sub)
		log.Printf("subscription ended: %v", err)
		t := time.NewTimer(2 * time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

// --- look-alikes ------------------------------------------------------

// A periodic job on a ticker: it runs at a fixed rate whatever happened,
// even when the job is a long loop that ends on an error.
func (c *Client) syncEvery(tick *time.Ticker) {
	for {
		c.readLoop()
		select {
		case <-c.closing:
			return
		case <-tick.C:
		}
	}
}

type Buffer struct{ items [][]byte }

// flush is done when it has written the buffer: no endless loop.
func (b *Buffer) flush() {
	for _, it := range b.items {
		handle(it)
	}
	b.items = nil
}

// A periodic flush with time.After: the job is no session.
func (b *Buffer) flushLoop(closing chan struct{}) {
	for {
		b.flush()
		select {
		case <-closing:
			return
		case <-time.After(time.Second):
		}
	}
}

type Queue struct{}

func (q *Queue) Pop() ([]byte, error) { return nil, nil }

type Worker struct{ q *Queue }

// drain runs until the queue is empty: an exit on its work being done.
func (w *Worker) drain() {
	for {
		item, err := w.q.Pop()
		if err != nil {
			return
		}
		if item == nil {
			return
		}
		handle(item)
	}
}

// A worker that drains a queue, then waits: a periodic job.
func (w *Worker) work() { // want work:"sleeps"
	for {
		w.drain()
		time.Sleep(time.Second)
	}
}

// An event loop: the work is in the select's cases, and the timer case
// is an idle ping, not a wait before a new session.
func (c *Client) events(events chan []byte, ping func()) { // want events:"callsparam\\(1\\)"
	for {
		select {
		case ev := <-events:
			handle(ev)
		case <-c.closing:
			return
		case <-time.After(30 * time.Second):
			ping()
		}
	}
}
