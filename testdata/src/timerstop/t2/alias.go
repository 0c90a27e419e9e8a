//go:build go1.22

package t2

import tm "time"

// Aliased import; a generic function.
func consumeAliased[T any](items <-chan T, handle func(T)) {
	for {
		select {
		case it := <-items:
			handle(it)
		case <-tm.After(tm.Minute): // want `time.After in a loop`
			return
		}
	}
}
