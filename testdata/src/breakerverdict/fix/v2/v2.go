package v2

import (
	"time"

	"github.com/sony/gobreaker/v2"
)

func newBreaker() *gobreaker.CircuitBreaker[[]byte] {
	return gobreaker.NewCircuitBreaker[[]byte](gobreaker.Settings{ // want `without IsSuccessful`
		Name:     "v2",
		Interval: time.Minute,
	})
}
