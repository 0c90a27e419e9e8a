package idemkeyperseries

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/idemkey"
)

// declInfo is what localFacts knows about one function declaration.
type declInfo struct {
	decl    *ast.FuncDecl
	cur     inspector.Cursor
	obj     *types.Func
	sources []*source // unguarded calls in its own body
	last    int       // number of seeds and puts when last computed
}

// groupFacts groups the sources by the declaration whose body calls
// them: the candidates of localFacts.
func (c *checker) groupFacts() {
	c.factDecl = map[*ast.FuncDecl]*declInfo{}
	for _, s := range c.sources {
		c.group(s)
	}
}

func (c *checker) group(s *source) {
	d := s.decl
	if d == nil || s.fnNode != d || d.Body == nil || guarded(s.cur, d.Body) {
		return
	}
	di := c.factDecl[d]
	if di == nil {
		obj, ok := c.pass.TypesInfo.Defs[d.Name].(*types.Func)
		if !ok {
			return
		}
		di = &declInfo{decl: d, cur: s.declCur, obj: obj}
		c.factDecl[d] = di
		c.factDecls = append(c.factDecls, di)
	}
	di.sources = append(di.sources, s)
}

// wantFactsSSA announces the declarations whose facts the next round of
// localFacts computes with SSA: those whose seeds changed.
func (c *checker) wantFactsSSA() {
	for _, di := range c.factDecls {
		if seeds, puts := c.plan(di); len(seeds) > 0 && len(seeds)*1000+len(puts)+1 != di.last {
			c.wantSSA(di.decl)
		}
	}
}

// localFacts computes FreshKeyFact and PutsKeyFact for this package's
// functions and exports them. A function is a candidate when its own
// body (not a closure inside it) calls a generator, a crypto/rand fill,
// or a function with one of the facts, unconditionally; its facts can
// depend on other functions of the package, hence the fixed point.
func (c *checker) localFacts() {
	if len(c.factDecls) == 0 {
		return
	}
	// Calls of this package's functions become sources once the callee
	// has a fact; they are placed (an ancestor walk) only then.
	activated := map[*source]bool{}
	activate := func() bool {
		added := false
		for _, s := range c.locals {
			if activated[s] || c.localFresh[s.fn] == nil && c.localPuts[s.fn] == "" {
				continue
			}
			activated[s] = true
			if c.place(s) {
				c.sources = append(c.sources, s)
				c.group(s)
				added = true
			}
		}
		return added
	}
	for range 8 {
		c.wantFactsSSA()
		changed := false
		for i := 0; i < len(c.factDecls); i++ {
			if c.computeFacts(c.factDecls[i]) {
				changed = true
			}
		}
		if !changed {
			break
		}
		activate()
	}
	activate()
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
	guard.Mark(c.pass, di.decl.Pos()) // the position of an internal error
	seeds, puts := c.plan(di)
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
			// A call in a range-over-func loop is in the loop's yield
			// function, a closure inside fn.
			if ci := c.ssaCall(c.ssaFuncAt(di.decl, s.call.Pos()), s.call.Lparen); ci != nil {
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

// hasKeyLikeResult reports whether fn has a result that can carry a key:
// a string, a number, bytes, or a generator's value type.
func hasKeyLikeResult(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	for i := range res.Len() {
		if idemkey.KeyLike(res.At(i).Type()) {
			return true
		}
	}
	return false
}

// idLike reports whether a function name says it makes an identifier:
// newKey, Token, nonce, requestID, NewUUID.
func idLike(name string) bool {
	l := strings.ToLower(name)
	for _, w := range []string{"key", "token", "nonce", "uuid", "guid", "ulid", "unique", "stamp"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return strings.HasSuffix(name, "ID") || strings.HasSuffix(name, "Id")
}

// plan returns the calls of di whose fresh values computeFacts follows
// (seeds) and the calls that put a fresh key on what they build (puts).
func (c *checker) plan(di *declInfo) (seeds, puts []*source) {
	// A function whose value can reach neither its results nor a key sink
	// needs no SSA: a key-like result, or a key named in its body, is the
	// cheap test. time.Now and math/rand serve many other purposes, so for
	// them the function must also be named like an identifier maker.
	carries := func(weak bool) bool {
		if weak {
			return idLike(di.obj.Name()) && hasKeyLikeResult(di.obj) || c.mentionsKey(di.cur)
		}
		return hasKeyLikeResult(di.obj) || c.mentionsKey(di.cur)
	}
	for _, s := range di.sources {
		switch s.kind {
		case kindGen, kindFill, kindFresh:
			if carries(s.kind == kindGen && s.weak) {
				seeds = append(seeds, s)
			}
		case kindPuts:
			puts = append(puts, s)
		case kindLocal:
			if c.localPuts[s.fn] != "" {
				puts = append(puts, &source{sink: c.localPuts[s.fn]})
			} else if rs := c.localFresh[s.fn]; rs != nil && carries(false) {
				seeds = append(seeds, &source{call: s.call, kind: kindFresh, results: rs})
			}
		}
	}
	return seeds, puts
}
