package classifiercentral

import (
	"fmt"
	"go/ast"
	"go/types"
	"path"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
)

// c1 reports every deciding check outside the designated classifier and
// the functions it calls.
func (r *runner) c1(sites []*site, name string) {
	exempt := map[ast.Node]bool{}
	var work []*types.Func
	for _, fn := range r.designated {
		work = append(work, fn)
	}
	for len(work) > 0 {
		fn := work[0]
		work = work[1:]
		d := r.res.Decls[fn]
		if d == nil || exempt[d] {
			continue
		}
		exempt[d] = true
		work = append(work, r.callees(d)...)
	}
	for _, s := range sites {
		if exempt[s.top] {
			continue
		}
		r.rep.Report(analysis.Diagnostic{
			Pos:      s.pos,
			Category: string(analysisdoc.C1),
			Message:  fmt.Sprintf("retryability of %s decided outside the classifier %s, so the two drift apart; call it", labels(s.labels), name),
		})
	}
}

// A group is one local place: top-level declarations whose deciding
// checks form one classifier (a verdict function and the functions it
// delegates to).
type group struct {
	tops  []ast.Node
	first *site
}

// c2 reports deciding checks spread over several places of the module,
// and exports this package's places.
func (r *runner) c2(sites []*site) {
	groups := r.groups(sites)
	module := analysisutil.ModuleKey(r.pass)

	// Imported places of the same module, in a fixed order.
	var imported []Place
	for _, pf := range r.pass.AllPackageFacts() {
		f, ok := pf.Fact.(*PlacesFact)
		if !ok || pf.Package == r.pass.Pkg || f.Module != module {
			continue
		}
		imported = append(imported, f.Places...)
	}
	sort.Slice(imported, func(i, j int) bool {
		a, b := imported[i], imported[j]
		if a.Pkg != b.Pkg {
			return a.Pkg < b.Pkg
		}
		return a.Pos < b.Pos
	})
	owner := map[string]bool{}
	for _, p := range imported {
		for _, fn := range p.Funcs {
			owner[fn] = true
		}
	}

	// A local group that delegates to an imported place is part of it.
	var local []*group
	var export []Place
	for _, g := range groups {
		if r.delegates(g, owner) {
			continue
		}
		local = append(local, g)
		export = append(export, Place{Pkg: r.pass.Pkg.Path(), Pos: r.short(g.first.pos), Funcs: r.funcNames(g)})
	}
	if len(export) > 0 {
		r.pass.ExportPackageFact(&PlacesFact{Module: module, Places: export})
	}
	// Sibling packages of the module, which do not import each other,
	// never see these places: the command combines them. A C2 directive
	// at a place is never stale, whichever driver runs.
	for _, g := range local {
		silenced := r.rep.Silenced(g.first.pos, string(analysisdoc.C2))
		if places {
			r.pass.Report(analysis.Diagnostic{
				Pos:      g.first.pos,
				Category: PlaceCategory,
				Message:  placeMessage(module, silenced, groupKinds(g, sites), r.funcNames(g)),
			})
		}
	}

	all := make([]string, 0, len(imported)+len(local))
	for _, p := range imported {
		all = append(all, path.Base(p.Pkg)+"/"+p.Pos)
	}
	for _, g := range local {
		all = append(all, r.short(g.first.pos))
	}
	if len(all) < 2 {
		return
	}
	for i, g := range local {
		k := len(imported) + i
		if k == 0 {
			continue
		}
		var others []string
		for j, a := range all {
			if j != k {
				others = append(others, a)
			}
		}
		if len(others) > 4 {
			others = append(others[:4], fmt.Sprintf("%d more", len(others)-4))
		}
		r.rep.Report(analysis.Diagnostic{
			Pos:      g.first.pos,
			Category: string(analysisdoc.C2),
			Message: fmt.Sprintf("error classification is scattered over %d functions (%s), so their answers drift apart; keep it in one classifier and mark it //reslint:classifier",
				len(all), strings.Join(others, ", ")),
		})
	}
}

// groupKinds returns the kinds of failure the sites of g decide on, sorted.
func groupKinds(g *group, sites []*site) []string {
	var kinds []string
	for _, s := range sites {
		if !slices.Contains(g.tops, s.top) {
			continue
		}
		for _, l := range s.labels {
			if k := SignalKind(l); !slices.Contains(kinds, k) {
				kinds = append(kinds, k)
			}
		}
	}
	slices.Sort(kinds)
	return kinds
}

// groups puts the sites' top-level declarations into places, in source
// order: a verdict function and the package functions it calls are one
// place, and so are same-named classifier methods of several types (one
// classifier interface implemented per error kind).
func (r *runner) groups(sites []*site) []*group {
	parent := map[ast.Node]ast.Node{}
	var find func(n ast.Node) ast.Node
	find = func(n ast.Node) ast.Node {
		if p, ok := parent[n]; ok && p != n {
			root := find(p)
			parent[n] = root
			return root
		}
		return n
	}
	union := func(a, b ast.Node) {
		if ra, rb := find(a), find(b); ra != rb {
			if ra.Pos() < rb.Pos() {
				parent[rb] = ra
			} else {
				parent[ra] = rb
			}
		}
	}
	// Delegation from verdict functions (through helpers that check
	// nothing themselves, too), to other verdict functions or to a
	// classifier that is a place of its own (a retry policy's inline
	// switch that asks isNotRetriable for network errors): one decision.
	tops := map[ast.Node]bool{}
	for _, s := range sites {
		if s.top != nil {
			tops[s.top] = true
		}
	}
	for n := range r.verdict {
		top := r.topOf(n)
		if top == nil {
			continue
		}
		for _, fn := range r.callees(n) {
			if d := r.res.Decls[fn]; d != nil && r.verdict[d] {
				union(top, d)
			}
		}
	}
	for top := range tops {
		for _, fn := range r.callees(top) {
			if d := r.res.Decls[fn]; d != nil && d != top && tops[d] {
				union(top, d)
			}
		}
	}
	// Same-named classifier methods.
	byName := map[string]ast.Node{}
	for _, c := range r.cls {
		d, ok := c.Func.(*ast.FuncDecl)
		if !ok || d.Recv == nil {
			continue
		}
		if o := byName[d.Name.Name]; o != nil {
			union(o, d)
		} else {
			byName[d.Name.Name] = d
		}
	}
	byRoot := map[ast.Node]*group{}
	var out []*group
	for _, s := range sites {
		if s.top == nil {
			continue
		}
		root := find(s.top)
		g := byRoot[root]
		if g == nil {
			g = &group{first: s}
			byRoot[root] = g
			out = append(out, g)
		}
		if !containsNode(g.tops, s.top) {
			g.tops = append(g.tops, s.top)
		}
	}
	return out
}

func containsNode(ns []ast.Node, n ast.Node) bool {
	for _, m := range ns {
		if m == n {
			return true
		}
	}
	return false
}

// topOf returns the top-level declaration holding n.
func (r *runner) topOf(n ast.Node) ast.Node {
	for _, f := range r.pass.Files {
		if f.Pos() <= n.Pos() && n.End() <= f.End() {
			for _, d := range f.Decls {
				if d.Pos() <= n.Pos() && n.End() <= d.End() {
					return d
				}
			}
		}
	}
	return nil
}

// delegates reports whether a verdict function of g calls a function of
// an imported place.
func (r *runner) delegates(g *group, owner map[string]bool) bool {
	if len(owner) == 0 {
		return false
	}
	for n := range r.verdict {
		if !containsNode(g.tops, r.topOf(n)) {
			continue
		}
		for _, fn := range r.callees(n) {
			if fn.Pkg() != r.pass.Pkg && owner[fn.FullName()] {
				return true
			}
		}
	}
	return false
}

// funcNames returns the full names of the functions declared by g.
func (r *runner) funcNames(g *group) []string {
	var out []string
	for _, t := range g.tops {
		if d, ok := t.(*ast.FuncDecl); ok {
			if fn, ok := r.info.Defs[d.Name].(*types.Func); ok {
				out = append(out, fn.FullName())
			}
		}
	}
	return out
}
