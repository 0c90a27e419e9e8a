//go:build go1.22

// Package main: returning from main.main ends the process, so its timers
// cannot leak through a return.
package main

import (
	"os"
	"time"
)

func main() {
	tk := time.NewTicker(time.Second)
	if len(os.Args) > 1 {
		return
	}
	<-tk.C
}

// Other functions of package main are checked.
func helper() {
	tk := time.NewTicker(time.Second) // want `ticker tk is not stopped`
	<-tk.C
}
