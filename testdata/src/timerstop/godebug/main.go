//go:build go1.23

//go:debug asynctimerchan=1

// Package main asks for the pre-1.23 timers with //go:debug: the old
// rules apply although the file is go1.23.
package main

import "time"

func main() {}

func wait(done <-chan struct{}) {
	t := time.NewTimer(time.Second) // want `timer t is not stopped before the function ends`
	select {
	case <-done:
	case <-t.C:
	}
}

func drain(t *time.Timer) {
	if len(t.C) > 0 { // len works with the old timers: not reported
		<-t.C
	}
}
