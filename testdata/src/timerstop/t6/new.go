//go:build go1.23

// Package t6 holds T6 fixtures: polling len(t.C) or cap(t.C).
package t6

import "time"

// The pre-1.23 drain idiom is dead code in a go1.23 file.
func drain(t *time.Timer) {
	if len(t.C) > 0 { // want `^len\(t.C\) is always 0 since Go 1.23, where timer channels are unbuffered, so this check never sees a pending tick; use the result of Stop or Reset, or a select with a default case$`
		<-t.C
	}
}

type pump struct{ tk *time.Ticker }

func (p *pump) pending() bool {
	return len(p.tk.C) != 0 // want `len\(p.tk.C\) is always 0 since Go 1.23, where ticker channels are unbuffered`
}

func capacity(tk *time.Ticker) int {
	return cap(tk.C) // want `cap\(tk.C\) is always 0`
}

// ---- negatives ----

// Other channels are buffered as they were made.
func queued(ch chan int) int { return len(ch) }

// time.After's channel is not a field of a timer the code holds.
func after() int { return len(time.After(time.Second)) }

// The recommended replacement.
func drain2(t *time.Timer) {
	if !t.Stop() {
		select {
		case <-t.C:
		default:
		}
	}
}
