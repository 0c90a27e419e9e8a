// Package reslint is a suite of go/analysis passes for resilience code:
// retries, idempotency keys, timers, timeout budgets and error
// classification. Analyzers is the one list that the reslint command and
// the golangci-lint plugin both run.
package reslint

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/analyzers/ambiguouswrite"
	"github.com/reslint/reslint/analyzers/backoffjitter"
	"github.com/reslint/reslint/analyzers/breakerverdict"
	"github.com/reslint/reslint/analyzers/childbudget"
	"github.com/reslint/reslint/analyzers/classifiercentral"
	"github.com/reslint/reslint/analyzers/idemkeyperseries"
	"github.com/reslint/reslint/analyzers/noretrycanceled"
	"github.com/reslint/reslint/analyzers/retrystorm"
	"github.com/reslint/reslint/analyzers/timerstop"
	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/retryscope"
	"github.com/reslint/reslint/internal/suite"
)

// Analyzers returns the suite, in a stable order. The root analyzer comes
// first: it checks //reslint: directives and holds the suite-wide settings
// (-reslint.tests). retryscope reports nothing; it is listed so that its
// settings (retryfuncs, show) are flags of the command. Each is guarded: a
// panic becomes an internal-error diagnostic (see internal/guard).
func Analyzers() []*analysis.Analyzer {
	as := []*analysis.Analyzer{
		suite.Analyzer,
		retryscope.Analyzer,
		idemkeyperseries.Analyzer,
		noretrycanceled.Analyzer,
		timerstop.Analyzer,
		childbudget.Analyzer,
		classifiercentral.Analyzer,
		backoffjitter.Analyzer,
		breakerverdict.Analyzer,
		ambiguouswrite.Analyzer,
		retrystorm.Analyzer,
	}
	for _, a := range as {
		guard.Wrap(a)
	}
	return as
}

// rulesDoc is the rule catalogue, one section per rule id.
//
//go:embed docs/rules.md
var rulesDoc string

// RuleDoc returns the rule catalogue's section on the rule id (its
// heading and text, Markdown), or "" when the catalogue has none.
func RuleDoc(id string) string {
	return analysisdoc.RuleSection(rulesDoc, id)
}
