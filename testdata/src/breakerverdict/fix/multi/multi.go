package multi

import (
	"context"
	stderrors "errors"
	"time"

	"github.com/sony/gobreaker"
)

var ErrX = stderrors.New("x")

func ctxUser(ctx context.Context) {}

var a = gobreaker.NewCircuitBreaker(gobreaker.Settings{ // want `without IsSuccessful`
	Name:    "a",
	Timeout: time.Second, // the cooldown
})

var b = gobreaker.NewCircuitBreaker(gobreaker.Settings{}) // want `without IsSuccessful`

var c = gobreaker.NewCircuitBreaker(gobreaker.Settings{ // want `without IsSuccessful`
})

func d() *gobreaker.CircuitBreaker {
	st := gobreaker.Settings{Name: "d", // want `without IsSuccessful`
		MaxRequests: 1,
	}
	return gobreaker.NewCircuitBreaker(st)
}

// The closing brace on the last element's line: no fix, the report stays.
var e = gobreaker.NewCircuitBreaker(gobreaker.Settings{ // want `without IsSuccessful`
	Name: "e"})
