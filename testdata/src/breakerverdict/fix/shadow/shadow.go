package shadow

import "github.com/sony/gobreaker"

// A package-level name takes "context": the fix would not compile, so
// none is offered.
var context = "ctx"

var cb = gobreaker.NewCircuitBreaker(gobreaker.Settings{Name: context}) // want `without IsSuccessful`

func local() *gobreaker.CircuitBreaker {
	errors := []string{}
	_ = errors
	return gobreaker.NewCircuitBreaker(gobreaker.Settings{}) // want `without IsSuccessful`
}
