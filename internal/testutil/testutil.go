// Package testutil helps tests share fixtures between passes: a fixture's
// "// want" comments hold the diagnostics of a rule analyzer and the facts
// of the fact pass it builds on, and each test checks only its own half.
package testutil

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis/analysistest"
)

// Only returns an analysistest.Testing that passes t the errors of one
// kind and drops the other: with facts true, a missing diagnostic is
// not an error (the fixture's diagnostics belong to another analyzer);
// with facts false, a missing fact is not (it belongs to a fact pass).
// Unexpected diagnostics and unexpected facts are always errors.
func Only(t analysistest.Testing, facts bool) analysistest.Testing {
	drop := "no fact was reported matching"
	if facts {
		drop = "no diagnostic was reported matching"
	}
	return filter{t, drop}
}

type filter struct {
	t    analysistest.Testing
	drop string
}

func (f filter) Errorf(format string, args ...any) {
	if msg := fmt.Sprintf(format, args...); !strings.Contains(msg, f.drop) {
		f.t.Errorf("%s", msg)
	}
}

// Keep returns an analysistest.Testing that passes t only the errors
// whose message contains one of keep, for tests that assert one property
// of fixtures written for other analyzers (e.g. "unexpected diagnostic").
func Keep(t analysistest.Testing, keep ...string) analysistest.Testing {
	return keeper{t, keep}
}

type keeper struct {
	t    analysistest.Testing
	keep []string
}

func (k keeper) Errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	for _, s := range k.keep {
		if strings.Contains(msg, s) {
			k.t.Errorf("%s", msg)
			return
		}
	}
}

// Drop returns an analysistest.Testing that passes t every error except
// those whose message contains one of drop: for a fixture whose want
// comments also hold what another pass reports (the facts of the pass
// that owns them).
func Drop(t analysistest.Testing, drop ...string) analysistest.Testing {
	return dropper{t, drop}
}

type dropper struct {
	t    analysistest.Testing
	drop []string
}

func (d dropper) Errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	for _, s := range d.drop {
		if strings.Contains(msg, s) {
			return
		}
	}
	d.t.Errorf("%s", msg)
}
