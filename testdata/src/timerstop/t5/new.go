//go:build go1.23

package t5

import "time"

// Stop does not close the channel in Go 1.23 either.
func runFor123(d time.Duration, work func()) {
	tk := time.NewTicker(d)
	defer tk.Stop()
	go func() {
		for range tk.C { // want `tk.Stop\(\) at line 10 does not close the channel`
			work()
		}
	}()
	time.Sleep(10 * d)
}

// A goroutine keeps the dropped ticker referenced: not collected.
func startDropped123(d time.Duration, work func()) {
	tk := time.NewTicker(d)
	go func() {
		for range tk.C { // want `nothing stops tk, so the ticker and the goroutine run forever after startDropped123 returns`
			work()
		}
	}()
}
