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
