// Command s3main is an agent whose run loop reconnects for as long as
// the process lives.
package main

import (
	"errors"
	"net"
	"time"
)

type agent struct{ conn net.Conn }

func (a *agent) pump() {
	buf := make([]byte, 512)
	for {
		if _, err := a.conn.Read(buf); err != nil {
			return
		}
	}
}

func connect() error { return errors.New("down") }

// Negative: main's own loops (the startup wait for the upstream and the
// run loop): the program is the loop, and a signal that ends the process
// is how it is stopped.
func main() {
	for {
		if err := connect(); err == nil {
			break
		}
		time.Sleep(time.Second)
	}
	a := &agent{}
	go a.background()
	for {
		a.pump()
		time.Sleep(time.Second)
	}
}

// Positive: a reconnect in a goroutine of the program: the program
// cannot shut it down.
func (a *agent) background() {
	for { // want `restart loop has no stop channel, context or attempt limit`
		a.pump()
		time.Sleep(5 * time.Second)
	}
}

// Positive: a retry loop outside main, in a helper.
func waitForUpstream() {
	for { // want `retry loop has no attempt limit, deadline, context or stop channel`
		if err := connect(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
