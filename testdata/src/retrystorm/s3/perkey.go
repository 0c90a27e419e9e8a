package s3

import (
	"errors"
	"net"
	"os"
	"syscall"
	"time"
)

// A count per failing path, kept in a map and compared with a limit
// before the wait, ends the loop: the paths of one tree are finite.
func removeAllPatiently(dir string) error {
	tries := make(map[string]int)
	for {
		err := os.RemoveAll(dir)
		if err == nil {
			return nil
		}
		pe, ok := err.(*os.PathError)
		if !ok || pe.Err != syscall.EBUSY {
			return err
		}
		if tries[pe.Path] == 50 {
			return err
		}
		tries[pe.Path]++
		time.Sleep(100 * time.Millisecond)
	}
}

// The same count per failing operation, added to and compared with a
// limit that is a variable.
func dialCounted(addr string, limit int) (net.Conn, error) {
	fails := map[string]int{}
	for {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			return c, nil
		}
		var oe *net.OpError
		if !errors.As(err, &oe) {
			return nil, err
		}
		fails[oe.Op] += 1
		if fails[oe.Op] > limit {
			return nil, err
		}
		time.Sleep(time.Second)
	}
}

// Positive: the map counts failures per path but nothing compares the
// count: the loop still retries forever.
func removeAllCounted(dir string, seen map[string]int) error {
	for { // want `retry loop has no attempt limit`
		err := os.RemoveAll(dir)
		if err == nil {
			return nil
		}
		pe, ok := err.(*os.PathError)
		if !ok {
			return err
		}
		seen[pe.Path]++
		time.Sleep(100 * time.Millisecond)
	}
}
