// Package pay has a finding; package api imports it, so vetting api vets
// pay first, for its facts only.
package pay

import "time"

// Poll polls check until it succeeds or tries run out.
func Poll(check func() bool, tries int) bool {
	t := time.NewTicker(100 * time.Millisecond)
	for i := 0; i < tries; i++ {
		<-t.C
		if check() {
			return true
		}
	}
	return false
}
