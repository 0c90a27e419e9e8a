// Package reslint is a suite of go/analysis passes for resilience code:
// retries, idempotency keys, timers, timeout budgets and error
// classification. Analyzers is the one list that the reslint command and
// the golangci-lint plugin both run.
package reslint

import (
	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/analyzers/idemkeyperseries"
	"github.com/reslint/reslint/analyzers/noretrycanceled"
	"github.com/reslint/reslint/analyzers/timerstop"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/retryscope"
)

// Analyzers returns the suite, in a stable order. retryscope comes first:
// the others build on it, and it owns the suite-wide settings (retryfuncs)
// and the check of //reslint: directives. Each is guarded: a panic
// becomes an internal-error diagnostic (see internal/guard).
func Analyzers() []*analysis.Analyzer {
	as := []*analysis.Analyzer{
		retryscope.Analyzer,
		idemkeyperseries.Analyzer,
		noretrycanceled.Analyzer,
		timerstop.Analyzer,
	}
	for _, a := range as {
		guard.Wrap(a)
	}
	return as
}
