// Package budget is a reslint test stub of github.com/failsafe-go/failsafe-go@v0.9.8: signatures match the real API.
//
// Only the Budget interface is stubbed (retrypolicy.Builder.WithBudget mentions it).
package budget

// Budget restricts concurrent retries and/or hedges to a portion of the total inflight executions.
//
// This type is concurrency safe.
type Budget interface {
	// Rate returns the current combined rate of retries and hedges relative to total inflight executions, from 0 to 1.
	Rate() float64
}
