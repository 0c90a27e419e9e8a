// Package main: a ticker goroutine started by main.main lasts as long as
// the process.
package main

import "time"

func main() {
	tk := time.NewTicker(time.Second)
	go func() {
		for range tk.C {
			println("tick")
		}
	}()
	time.Sleep(time.Minute)
}
