package loops

import (
	"net"
	"strings"
	"time"
)

// A dial retried only for some failures: the failure branch waits and
// goes round under a nested test, and leaves otherwise. Twins: the nested
// test leaves without waiting, and a failure branch that only logs
// before leaving.

func dialRefused(addr string, timeout time.Duration) (net.Conn, error) { // want dialRefused:"sleeps"
	left := 3
	for { // want "retry loop"
		left--
		c, err := net.DialTimeout("unix", addr, timeout)
		if err != nil {
			if strings.HasSuffix(err.Error(), "connection refused") && left > 0 {
				time.Sleep(timeout / 4)
				continue
			}
			return nil, err
		}
		return c, nil
	}
}

func dialFirst(addrs []string, timeout time.Duration) (net.Conn, error) {
	for i := 0; ; i++ {
		c, err := net.DialTimeout("unix", addrs[i%len(addrs)], timeout)
		if err != nil {
			if i+1 < len(addrs) {
				continue // the next address, no wait: a failover, no retry
			}
			return nil, err
		}
		return c, nil
	}
}

func dialLogged(addr string, timeout time.Duration) (net.Conn, error) { // want dialLogged:"sleeps"
	for {
		c, err := net.DialTimeout("unix", addr, timeout)
		if err != nil {
			time.Sleep(timeout)
			return nil, err
		}
		return c, nil
	}
}
