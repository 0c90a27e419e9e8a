package single

import "github.com/sony/gobreaker"

var cb = gobreaker.NewCircuitBreaker(gobreaker.Settings{Name: "single"}) // want `without IsSuccessful`
