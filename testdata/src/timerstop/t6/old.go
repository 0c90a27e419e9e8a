//go:build go1.22

package t6

import "time"

// Before Go 1.23 timer channels have a buffer of one: len works.
func drainOld(t *time.Timer) {
	if len(t.C) > 0 {
		<-t.C
	}
}
