package single

import "github.com/sony/gobreaker"

var cb = gobreaker.NewCircuitBreaker(gobreaker.Settings{Name: "single"}) // want `without IsSuccessful`

// An explicit nil predicate is replaced, not joined by a second key.
var explicitNil = gobreaker.NewCircuitBreaker(gobreaker.Settings{Name: "nil", IsSuccessful: nil}) // want `without IsSuccessful`
