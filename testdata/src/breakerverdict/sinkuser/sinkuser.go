// Package sinkuser hands Settings to a library that builds the breaker.
package sinkuser

import (
	"time"

	"github.com/sony/gobreaker"

	"breakerverdict/sinklib"
)

var (
	a = sinklib.New("a", gobreaker.Settings{Timeout: time.Minute}) // want `without IsSuccessful`
	b = sinklib.NewNamed(gobreaker.Settings{})                     // want `without IsSuccessful`

	// Negatives: the library completes the settings, ignores the verdict,
	// or the predicate comes from a library.
	c = sinklib.NewSafe(gobreaker.Settings{})
	d = sinklib.NewTwoStep(gobreaker.Settings{})
	e = sinklib.New("e", gobreaker.Settings{IsSuccessful: sinklib.IsSuccess})
	f = sinklib.New("f", gobreaker.Settings{IsSuccessful: sinklib.IsNil})
)
