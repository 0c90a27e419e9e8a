// Package steps holds work loops (a consumer, a reader) whose failure
// branch waits and goes round, so the failed step runs again.
package steps

import (
	"context"
	"log"
	"math/rand/v2"
	"net"
	"os"
	"time"
)

const (
	minReadRetryInterval = 100 * time.Millisecond
	maxReadRetryInterval = time.Second
)

type Message struct{ Channel string }

type PubSub interface {
	ReceiveMessage(ctx context.Context) (*Message, error)
}

type transport struct {
	ctx context.Context
	ps  PubSub
}

func (t *transport) dispatch(msg *Message) {}

// readWorker doubles its wait after each failed read, capped.
func (t *transport) readWorker() {
	var delay time.Duration
	for {
		msg, err := t.ps.ReceiveMessage(t.ctx)
		if err != nil {
			log.Print(err)
			time.Sleep(delay) // want `backoff grown by a constant factor \(delay \*= 2\) between retry attempts has no random part`
			if delay *= 2; delay == 0 {
				delay = minReadRetryInterval
			} else if delay > maxReadRetryInterval {
				delay = maxReadRetryInterval
			}
			continue
		}
		delay = 0
		t.dispatch(msg)
	}
}

// peekWorker waits a constant second after a failed read.
func (t *transport) peekWorker() {
	for {
		msg, err := t.ps.ReceiveMessage(t.ctx)
		if err != nil {
			time.Sleep(2 * time.Second) // want `constant wait 2s between retry attempts has no random part`
			continue
		}
		t.dispatch(msg)
	}
}

// Twins.

// readWorkerJittered waits a random share of the doubled delay.
func (t *transport) readWorkerJittered() {
	var delay time.Duration
	for {
		msg, err := t.ps.ReceiveMessage(t.ctx)
		if err != nil {
			time.Sleep(rand.N(delay + 1))
			if delay *= 2; delay == 0 {
				delay = minReadRetryInterval
			} else if delay > maxReadRetryInterval {
				delay = maxReadRetryInterval
			}
			continue
		}
		delay = 0
		t.dispatch(msg)
	}
}

// serve backs off on a failed accept of its own listener: a local
// condition (out of file descriptors), no remote dependency.
func serve(ln net.Listener, handle func(net.Conn)) {
	var delay time.Duration
	for {
		conn, err := ln.Accept()
		if err != nil {
			if delay == 0 {
				delay = 5 * time.Millisecond
			} else {
				delay *= 2
			}
			if delay > time.Second {
				delay = time.Second
			}
			time.Sleep(delay)
			continue
		}
		delay = 0
		go handle(conn)
	}
}

// tailFile re-reads a local file that may not exist yet.
func tailFile(path string, handle func([]byte)) {
	for {
		data, err := os.ReadFile(path)
		if err != nil {
			time.Sleep(2 * time.Second)
			continue
		}
		handle(data)
	}
}

// peekWorkerShort pauses briefly after a failed read.
func (t *transport) peekWorkerShort() {
	for {
		msg, err := t.ps.ReceiveMessage(t.ctx)
		if err != nil {
			time.Sleep(50 * time.Millisecond)
			continue
		}
		t.dispatch(msg)
	}
}

// A backoff kept in a field.

type consumer struct {
	ps    PubSub
	delay time.Duration
}

// run doubles the field after each failed read.
func (c *consumer) run(ctx context.Context) {
	for {
		msg, err := c.ps.ReceiveMessage(ctx)
		if err != nil {
			time.Sleep(c.delay) // want `backoff grown by a constant factor \(c.delay \*= 2\) between retry attempts has no random part`
			c.delay *= 2
			if c.delay > maxReadRetryInterval {
				c.delay = maxReadRetryInterval
			}
			continue
		}
		c.delay = minReadRetryInterval
		_ = msg
	}
}

type jitteredConsumer struct {
	ps    PubSub
	delay time.Duration
}

// run waits a random share of the doubled field.
func (c *jitteredConsumer) run(ctx context.Context) {
	for {
		msg, err := c.ps.ReceiveMessage(ctx)
		if err != nil {
			time.Sleep(c.delay/2 + rand.N(c.delay/2+1))
			c.delay *= 2
			if c.delay > maxReadRetryInterval {
				c.delay = maxReadRetryInterval
			}
			continue
		}
		c.delay = minReadRetryInterval
		_ = msg
	}
}

type pacedConsumer struct {
	ps       PubSub
	interval time.Duration
}

func newPacedConsumer(ps PubSub, interval time.Duration) *pacedConsumer {
	return &pacedConsumer{ps: ps, interval: interval}
}

// run waits its configured interval, which the caller may have jittered.
func (c *pacedConsumer) run(ctx context.Context) {
	for {
		msg, err := c.ps.ReceiveMessage(ctx)
		if err != nil {
			time.Sleep(c.interval)
			continue
		}
		_ = msg
	}
}
