package main

// The module-wide step of C2. go/analysis shows an analyzer one package
// and what its imports export, so two packages of one module that do not
// import each other never see each other's retry decisions: each keeps
// its own copy of the classification and neither is reported. The
// command asks classifiercentral for a record of every place that
// decides retries (its places flag), and after the run combines the
// records of each module: when several places are left unreported by
// the per-package judgement, every one after the first is reported, as
// the analyzer reports the places a package sees. go vet -vettool and
// the golangci-lint plugin run no such step and report only what one
// package and its imports show.

import (
	"cmp"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/analyzers/classifiercentral"
	"github.com/reslint/reslint/internal/analysisdoc"
)

// placesFlag is the analyzer flag that turns the place records on.
const placesFlag = "classifiercentral.places"

// setPlaces turns the place records on for an in-process run of run.
func setPlaces(run []*analysis.Analyzer) {
	if slices.Contains(run, classifiercentral.Analyzer) {
		classifiercentral.Analyzer.Flags.Set("places", "true")
	}
}

// place is one place record.
type place struct {
	f        finding
	module   string
	silenced bool
	kinds    []string
}

// combinePlaces drops the place records from findings and adds a C2
// finding for each place of a module that its own package's judgement
// left alone while another such place exists in a sibling package.
func combinePlaces(findings []finding) []finding {
	var recs []place
	reported := map[string]bool{} // file:line of the per-package C2 findings
	out := findings[:0:0]
	for _, f := range findings {
		switch f.rule {
		case classifiercentral.PlaceCategory:
			// Test files are not judged (one policy with the per-package
			// findings): their places count for nothing.
			if m, s, k, ok := classifiercentral.ParsePlace(f.message); ok && !strings.HasSuffix(f.posn.Filename, "_test.go") {
				recs = append(recs, place{f, m, s, k})
			}
			continue
		case string(analysisdoc.C2):
			reported[posKey(f)] = true
		}
		out = append(out, f)
	}
	// A package's test variant records its places again: one each.
	slices.SortFunc(recs, func(a, b place) int {
		return cmp.Or(cmp.Compare(a.module, b.module), cmp.Compare(a.f.posn.Filename, b.f.posn.Filename), cmp.Compare(a.f.posn.Line, b.f.posn.Line))
	})
	recs = slices.CompactFunc(recs, func(a, b place) bool { return a.module == b.module && posKey(a.f) == posKey(b.f) })

	for lo := 0; lo < len(recs); {
		hi := lo + 1
		for hi < len(recs) && recs[hi].module == recs[lo].module {
			hi++
		}
		mod := recs[lo:hi]
		lo = hi
		var alone []place // places no per-package judgement reported
		for _, p := range mod {
			if !reported[posKey(p.f)] {
				alone = append(alone, p)
			}
		}
		for i, p := range alone {
			// A place is a copy when an earlier one decides on a kind of
			// failure it decides on too; the list names every place of
			// the module that shares a kind with it.
			if p.silenced || !slices.ContainsFunc(alone[:i], func(q place) bool { return shareKind(p, q) }) {
				continue
			}
			var others []string
			for _, q := range mod {
				if posKey(q.f) != posKey(p.f) && shareKind(p, q) {
					others = append(others, shortPlace(q.f))
				}
			}
			n := len(others) + 1
			if len(others) > 4 {
				others = append(others[:4], fmt.Sprintf("%d more", len(others)-4))
			}
			out = append(out, finding{
				pkg:      p.f.pkg,
				analyzer: "classifiercentral",
				rule:     string(analysisdoc.C2),
				posn:     p.f.posn,
				message: fmt.Sprintf("error classification is scattered over %d functions (%s), so their answers drift apart; keep it in one classifier and mark it //reslint:classifier",
					n, strings.Join(others, ", ")),
			})
		}
	}
	return out
}

// shareKind reports whether two places decide on a common kind of failure.
func shareKind(p, q place) bool {
	return slices.ContainsFunc(p.kinds, func(k string) bool { return slices.Contains(q.kinds, k) })
}

func posKey(f finding) string { return fmt.Sprintf("%s:%d", f.posn.Filename, f.posn.Line) }

// shortPlace names a place as the analyzer does for an imported one:
// the package's last element, the file and the line.
func shortPlace(f finding) string {
	return fmt.Sprintf("%s/%s:%d", path.Base(f.pkg), filepath.Base(f.posn.Filename), f.posn.Line)
}
