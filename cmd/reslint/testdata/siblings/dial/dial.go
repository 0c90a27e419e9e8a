// Package dial retries a connection on a refused or reset dial. It decides
// on errno values only, a kind of failure the HTTP packages' status lists
// do not speak of: not a copy of their classification.
package dial

import (
	"errors"
	"net"
	"syscall"
	"time"
)

// Dial connects to addr, retrying while the peer refuses or resets.
func Dial(addr string) (net.Conn, error) {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var c net.Conn
		c, err = net.Dial("tcp", addr)
		if err == nil {
			return c, nil
		}
		if !errors.Is(err, syscall.ECONNREFUSED) && !errors.Is(err, syscall.ECONNRESET) {
			return nil, err
		}
		time.Sleep(time.Second)
	}
	return nil, err
}
