//go:build go1.23

package t2

import "time"

// Since Go 1.23 the abandoned timers are collected: without
// -timerstop.strict this is not reported.
func consume123(msgs <-chan string, handle func(string)) error {
	for {
		select {
		case m := <-msgs:
			handle(m)
		case <-time.After(time.Minute):
			return errIdle
		}
	}
}
