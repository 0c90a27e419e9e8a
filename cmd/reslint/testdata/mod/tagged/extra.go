//go:build extra && go1.22

package tagged

import "time"

// Poll leaks its ticker before Go 1.23.
func Poll(ready func() bool) {
	t := time.NewTicker(time.Second)
	for range t.C {
		if ready() {
			return
		}
	}
}
