package app // want package:`places app.go:25`

// Package app, in the same module as netx, decides connection retries a
// second time.

import (
	"errors"
	"net"
	"syscall"
	"time"

	"classifiercentral/c2/mod/netx"
)

func call(addr string, send func(net.Conn) error) error {
	conn, err := netx.Dial(addr)
	if err != nil {
		return err
	}
	for attempt := 0; ; attempt++ {
		err := send(conn)
		if err == nil {
			return nil
		}
		if !errors.Is(err, syscall.EPIPE) || attempt == 2 { // want `error classification is scattered over 2 functions \(netx/netx.go:18\)`
			return err
		}
		time.Sleep(time.Second)
	}
}
