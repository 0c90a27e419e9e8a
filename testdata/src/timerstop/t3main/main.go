//go:build go1.22

// Package main: main.main's ticker lives as long as the process.
package main

import (
	"fmt"
	"os"
	"time"
)

func main() {
	tick := time.Tick(time.Second)
	for i := 0; i < 3; i++ {
		<-tick
		fmt.Println("tick")
	}
	os.Exit(0)
}

// A metrics printer started once by main: it lives as long as the
// process, like main's own tickers.
func init() {
	go func() {
		t := time.Tick(time.Second)
		for {
			select {
			case <-t:
				fmt.Println("metrics")
			case <-stop:
				return
			}
		}
	}()
}

var stop = make(chan struct{})

// Elsewhere in package main the rule applies.
func helper() {
	t := time.Tick(time.Second) // want `time.Tick's ticker can never be stopped`
	select {
	case <-t:
	case <-stop:
	}
}

// A reporter started by init lives as long as the process.
func init() {
	go report(time.Tick(time.Second), nil)
}

func report(tick <-chan time.Time, codes <-chan int) {
	for {
		select {
		case <-codes:
		case <-tick:
		}
	}
}
