package netx // want package:`places netx.go:18`

// This package decides retries of connection errors in its own loop.

import (
	"errors"
	"net"
	"time"
)

func Dial(addr string) (net.Conn, error) {
	for attempt := 0; ; attempt++ {
		conn, err := net.Dial("tcp", addr)
		if err == nil {
			return conn, nil
		}
		var opErr *net.OpError
		if !errors.As(err, &opErr) || attempt == 3 {
			return nil, err
		}
		time.Sleep(time.Second)
	}
}
