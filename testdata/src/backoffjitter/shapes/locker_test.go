package shapes

import "time"

func slowLocker() *locker {
	m := newLocker(0)
	m.timeout = time.Second
	return m
}
