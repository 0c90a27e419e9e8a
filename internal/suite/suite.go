// Package suite holds reslint's root analyzer: the one pass that reports
// for the suite as a whole rather than for a rule. It checks //reslint:
// directives (once, so each problem is reported once whatever analyzers
// run), lists the retry scopes with -retryscope.show, and owns the
// suite-wide settings, such as whether _test.go files are analyzed.
package suite

import (
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/directive"
	"github.com/reslint/reslint/internal/goroot"
	"github.com/reslint/reslint/internal/retryscope"
)

// Analyzer is the root analyzer. Its findings have the rule id
// "directive" (a malformed or stale directive) or "scope" (-retryscope.show).
var Analyzer = &analysis.Analyzer{
	Name:     "reslint",
	Doc:      "report malformed //reslint: directives, list retry scopes with -retryscope.show, and hold the suite-wide settings",
	URL:      "https://github.com/reslint/reslint#directives",
	Requires: []*analysis.Analyzer{retryscope.Analyzer},
	Run:      run,
}

func init() {
	Analyzer.Flags.BoolVar(&directive.Tests, "tests", false, "also report findings in _test.go files (every analyzer)")
	Analyzer.Flags.Var(directive.Rules, "rules", "the rules to report, a comma-separated list applied in order: all, a rule id (T2) or an analyzer name (timerstop), each with - in front to turn it off (all,-T2)")
}

func run(pass *analysis.Pass) (any, error) {
	if goroot.Standard(pass) {
		return nil, nil // no finding is wanted there, no fact needed: see knowledge/std.go
	}
	directive.Check(pass)
	if !retryscope.Show() || !directive.Enabled(string(analysisdoc.Scope)) {
		return nil, nil
	}
	res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
	all := append(res.Scopes[:len(res.Scopes):len(res.Scopes)], res.Gotos...)
	for _, s := range append(append(append(all, res.Steps...), res.Drains...), res.SwallowPolls...) {
		pos := s.Body.Pos()
		switch {
		case s.Func != nil:
			pos = s.Func.Pos()
		case s.Loop != nil && s.Helper != "retried step":
			pos = s.Loop.Pos()
		}
		// The evidence ids say what made it a scope, so a user can see
		// what reslint believed behind a surprising finding; the helper
		// that retries it is named unless the scope retries itself.
		var about []string
		if s.Helper != "" && s.Helper != s.Kind.String() {
			about = append(about, s.Helper)
		}
		about = append(about, "evidence: "+s.Evidence.String())
		pass.Report(analysis.Diagnostic{Pos: pos, Category: string(analysisdoc.Scope),
			Message: "retry scope: " + s.Kind.String() + " (" + strings.Join(about, "; ") + ")"})
	}
	return nil, nil
}
