package cgo

import "time"

func Plain(c chan int) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-c:
			return
		case <-t.C:
		}
	}
}
