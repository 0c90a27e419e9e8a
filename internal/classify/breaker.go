package classify

import "go/types"

// breakerWitness is a circuit breaker's refusal (gobreaker.ErrOpenState,
// circuitbreaker.ErrOpen, hystrix.ErrCircuitOpen...): a plain sentinel
// error, returned while the caller is still waiting. The interpreter
// cannot tell one package-level sentinel from another, so it takes every
// sentinel test to fail for it: callers must stay silent on classifiers
// that name a breaker's errors (an explicit decision about them), which
// retrystorm does before it asks.
type breakerWitness struct{}

// BreakerWitness returns the witness of a circuit breaker's refusal.
func BreakerWitness() Witness { return breakerWitness{} }

func (breakerWitness) String() string                     { return "circuit breaker refusal" }
func (breakerWitness) errMethods() []string               { return []string{"Error"} }
func (breakerWitness) sentinel(types.Object, string) bool { return false }
func (breakerWitness) unwrapsToNil() bool                 { return true }
func (breakerWitness) status() (string, bool)             { return "Unknown", false }
func (breakerWitness) contextCode() string                { return "Unknown" }
func (breakerWitness) message() string                    { return "circuit breaker is open" }
func (breakerWitness) callerErr() string                  { return "" }
func (breakerWitness) errNil() bool                       { return false }
func (breakerWitness) respStatus() (int64, bool)          { return 0, false }
func (breakerWitness) concrete(t types.Type) bool         { return false }
func (breakerWitness) field(string) (any, bool)           { return nil, false }
