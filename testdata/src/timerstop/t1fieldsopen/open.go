//go:build go1.21

// Package t1fieldsopen has no type that can be closed: its tickers run
// for the life of the process.
package t1fieldsopen

import "time"

type stats struct{ flush *time.Ticker }

var global = &stats{flush: time.NewTicker(time.Minute)}

func (s *stats) run() {
	for range s.flush.C {
	}
}
