//go:build go1.22

// Package timers is written for Go 1.22, where an unstopped ticker is never
// collected.
package timers

import "time"

// Probe polls check until it succeeds or tries run out.
func Probe(check func() bool, tries int) bool {
	t := time.NewTicker(100 * time.Millisecond)
	for i := 0; i < tries; i++ {
		<-t.C
		if check() {
			return true
		}
	}
	return false
}
