package idemkeyperseries

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reslint/reslint/internal/idemkey"
)

// declInfo is what localFacts knows about one function declaration.
type declInfo struct {
	decl    *ast.FuncDecl
	obj     *types.Func
	sources []*source // unguarded calls in its own body
	last    int       // number of seeds and puts when last computed
}

// localFacts computes FreshKeyFact and PutsKeyFact for this package's
// functions and exports them. A function is a candidate when its own
// body (not a closure inside it) calls a generator, a crypto/rand fill,
// or a function with one of the facts, unconditionally; its facts can
// depend on other functions of the package, hence the fixed point.
func (c *checker) localFacts() {
	byDecl := map[*ast.FuncDecl]*declInfo{}
	var order []*declInfo
	for _, s := range c.sources {
		d := s.decl
		if d == nil || s.fnNode != d || d.Body == nil || guarded(s.cur, d.Body) {
			continue
		}
		di := byDecl[d]
		if di == nil {
			obj, ok := c.pass.TypesInfo.Defs[d.Name].(*types.Func)
			if !ok {
				continue
			}
			di = &declInfo{decl: d, obj: obj}
			byDecl[d] = di
			order = append(order, di)
		}
		di.sources = append(di.sources, s)
	}
	if len(order) == 0 {
		return
	}

	for range 8 {
		changed := false
		for _, di := range order {
			if c.computeFacts(di) {
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	for fn, rs := range c.localFresh {
		c.pass.ExportObjectFact(fn, &FreshKeyFact{Results: rs})
	}
	for fn, sink := range c.localPuts {
		c.pass.ExportObjectFact(fn, &PutsKeyFact{Sink: sink})
	}
}

// computeFacts updates the facts of one function and reports whether
// they changed.
func (c *checker) computeFacts(di *declInfo) bool {
	var seeds, puts []*source
	for _, s := range di.sources {
		switch s.kind {
		case kindGen:
			// A time.Now or math/rand value makes a key only in a
			// function that returns a string or mentions a key.
			if s.weak && !returnsString(di.obj) && !c.mentionsKey(di.decl.Body) {
				continue
			}
			seeds = append(seeds, s)
		case kindFill, kindFresh:
			seeds = append(seeds, s)
		case kindPuts:
			puts = append(puts, s)
		case kindLocal:
			if c.localPuts[s.fn] != "" {
				puts = append(puts, &source{sink: c.localPuts[s.fn]})
			} else if rs := c.localFresh[s.fn]; rs != nil {
				seeds = append(seeds, &source{call: s.call, kind: kindFresh, results: rs})
			}
		}
	}
	n := len(seeds)*1000 + len(puts) + 1
	if n == di.last {
		return false
	}
	di.last = n

	sink := ""
	if len(puts) > 0 {
		sink = puts[0].sink
	}
	var fresh []int
	if len(seeds) > 0 {
		fn := c.ssaFunc(di.decl)
		if fn == nil {
			return false
		}
		var vals []idemkey.Seed
		for _, s := range seeds {
			if ci := c.ssaCall(fn, s.call.Lparen); ci != nil {
				vals = append(vals, idemkey.SeedsOf(ci, s.results)...)
			}
		}
		res := c.flow.Run(fn, vals)
		if sink == "" && len(res.Hits) > 0 {
			sink = res.Hits[0].Sink
		}
		fresh = freshResults(fn, res)
	}

	changed := false
	if sink != "" && c.localPuts[di.obj] == "" {
		c.localPuts[di.obj] = sink
		changed = true
	}
	if len(fresh) > len(c.localFresh[di.obj]) {
		c.localFresh[di.obj] = fresh
		changed = true
	}
	return changed
}

// freshResults returns the results of fn that are fresh on every return
// that can carry a key: each return yields a fresh value or a zero
// constant (the "", err of a failed generation), and at least one yields
// a fresh value. func keyOr(k string) string { if k != "" { return k };
// return uuid.NewString() } does not count: it returns its argument too.
func freshResults(fn *ssa.Function, res *idemkey.Result) []int {
	sig := fn.Signature
	var out []int
	for i := range sig.Results().Len() {
		if !idemkey.KeyLike(sig.Results().At(i).Type()) {
			continue
		}
		some, all := false, true
		for _, b := range fn.Blocks {
			if len(b.Instrs) == 0 {
				continue
			}
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok || i >= len(ret.Results) {
				continue
			}
			v := ret.Results[i]
			switch {
			case res.Fresh(v):
				some = true
			case isZero(v):
			default:
				all = false
			}
		}
		if some && all {
			out = append(out, i)
		}
	}
	return out
}

func isZero(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	if !ok {
		return false
	}
	if k.Value == nil {
		return true
	}
	switch k.Value.Kind() {
	case constant.String:
		return constant.StringVal(k.Value) == ""
	case constant.Int, constant.Float:
		return constant.Sign(k.Value) == 0
	}
	return false
}

// returnsString reports whether fn has a string or []byte result.
func returnsString(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	for i := range res.Len() {
		switch u := res.At(i).Type().Underlying().(type) {
		case *types.Basic:
			if u.Info()&types.IsString != 0 {
				return true
			}
		case *types.Slice:
			if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
				return true
			}
		}
	}
	return false
}
