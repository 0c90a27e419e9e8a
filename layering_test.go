package reslint_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reslint/reslint"
	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/testutil"
)

const module = "github.com/reslint/reslint/"

// below lists, per shared package, the packages it must not depend on,
// directly or through another: the wait model sits below the retry scopes
// and the context facts that build on it, and the context facts need no
// retry scope.
var below = map[string][]string{
	"internal/wait":     {"internal/retryscope", "internal/ctxaware", "internal/classify"},
	"internal/ctxaware": {"internal/retryscope"},
}

// TestLayering enforces the package graph: nothing under internal/
// imports an analyzer, no analyzer imports another, and the shared
// packages keep their order (below). Shared recognition lives in
// internal/, so two analyzers can never disagree about a concept by
// owning two copies of it.
func TestLayering(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	checked := 0
	imports := map[string][]string{}
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || !strings.HasPrefix(f[0], module) {
			continue
		}
		checked++
		from := strings.TrimPrefix(f[0], module)
		for _, imp := range f[1:] {
			to, ok := strings.CutPrefix(imp, module)
			if !ok {
				continue
			}
			imports[from] = append(imports[from], to)
			if strings.HasPrefix(from, "internal/") && strings.HasPrefix(to, "analyzers/") {
				t.Errorf("%s imports %s: internal packages must not depend on analyzers", from, to)
			}
			if a, ok := analyzerOf(from); ok {
				if b, ok := analyzerOf(to); ok && a != b {
					t.Errorf("analyzer %s imports analyzer %s: share the logic through internal/ instead", a, b)
				}
			}
		}
	}
	if checked < 10 {
		t.Fatalf("go list reported only %d packages of the module", checked)
	}
	for from, banned := range below {
		if _, ok := imports[from]; !ok {
			t.Errorf("go list did not report %s", from)
		}
		deps := reach(imports, from)
		for _, b := range banned {
			if deps[b] {
				t.Errorf("%s depends on %s: it must stay below it", from, b)
			}
		}
	}
}

// reach returns the module packages that from depends on, transitively.
func reach(imports map[string][]string, from string) map[string]bool {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(p string) {
		for _, q := range imports[p] {
			if !seen[q] {
				seen[q] = true
				walk(q)
			}
		}
	}
	walk(from)
	return seen
}

// analyzerOf returns the analyzer a package path (relative to the module)
// belongs to: analyzers/<name>/...
func analyzerOf(rel string) (string, bool) {
	rest, ok := strings.CutPrefix(rel, "analyzers/")
	if !ok {
		return "", false
	}
	name, _, _ := strings.Cut(rest, "/")
	return name, true
}

// sharedPasses returns the analyzers the suite requires, transitively,
// that carry facts or a result and own no rule of the catalogue: the
// shared passes every rule builds on (wait, retryscope, ctxaware).
func sharedPasses() []*analysis.Analyzer {
	owners := map[string]bool{}
	for _, r := range analysisdoc.Rules {
		owners[r.Analyzer] = true
	}
	var out []*analysis.Analyzer
	seen := map[*analysis.Analyzer]bool{}
	var walk func(a *analysis.Analyzer)
	walk = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		if !owners[a.Name] && strings.HasPrefix(a.URL, "https://github.com/reslint/") && (a.ResultType != nil || len(a.FactTypes) > 0) {
			out = append(out, a)
		}
		for _, r := range a.Requires {
			walk(r)
		}
	}
	for _, a := range reslint.Analyzers() {
		walk(a)
	}
	return out
}

// TestSharedPassesReportNothing runs every shared pass over the rule
// fixtures of the suite: a pass that exports facts or a result reports
// nothing (reporting is the rule analyzers' job, through the suite's
// reporter). Only unexpected diagnostics are errors here; the fixtures'
// expectations belong to the rule analyzers.
func TestSharedPassesReportNothing(t *testing.T) {
	passes := sharedPasses()
	if len(passes) < 3 {
		t.Fatalf("found %d shared passes; the suite has at least wait, retryscope and ctxaware", len(passes))
	}
	dir, _ := filepath.Abs("testdata")
	for _, a := range passes {
		t.Run(a.Name, func(t *testing.T) {
			analysistest.Run(testutil.Keep(t, "unexpected diagnostic"), dir, a,
				"noretrycanceled/n1", "noretrycanceled/n2/...", "idemkeyperseries/...", "retryscope/loops", "timerstop/...")
		})
	}
}

// TestCategoriesCatalogued runs every analyzer of the suite over the rule
// fixtures and checks that each diagnostic's Category is a rule id of the
// catalogue (analysisdoc.Rules, docs/rules.md): the key of SARIF rules,
// baselines and corpus verdicts must never be empty or unknown.
func TestCategoriesCatalogued(t *testing.T) {
	dir, _ := filepath.Abs("testdata")
	seen := map[string]bool{}
	for _, a := range reslint.Analyzers() {
		for _, r := range analysistest.Run(testutil.Keep(t), dir, a,
			"noretrycanceled/n1", "noretrycanceled/n2/...", "noretrycanceled/n3", "noretrycanceled/n4/...",
			"idemkeyperseries/...", "timerstop/...", "childbudget/...", "backoffjitter/...", "breakerverdict/...", "classifiercentral/...", "ambiguouswrite/...", "retrystorm/...", "suite/directives") {
			for _, d := range r.Diagnostics {
				rule, ok := analysisdoc.RuleByID(d.Category)
				if !ok {
					t.Errorf("%s: %s reports category %q, which the rule catalogue does not list", r.Pass.Fset.Position(d.Pos), a.Name, d.Category)
					continue
				}
				// A stale ignore is reported by the analyzer it names.
				if rule.Analyzer != a.Name && rule.ID != "directive" {
					t.Errorf("%s: %s reports rule %s, which belongs to %s", r.Pass.Fset.Position(d.Pos), a.Name, rule.ID, rule.Analyzer)
				}
				seen[d.Category] = true
			}
		}
	}
	if len(seen) < 5 {
		t.Errorf("only %d rule ids reported over all fixtures: %v", len(seen), seen)
	}
}
