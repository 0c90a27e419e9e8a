package wait

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/guard"
)

// Fact records that a function waits, and how, so that a call of it is
// a wait site in any package.
type Fact struct {
	// Blind: the function takes no context.Context and, in its own body,
	// sleeps (time.Sleep), receives from a timer outside a select (or in
	// a select on timers alone), or calls a function that does as one of
	// its statements. A call of it is a wait that no cancellation can cut
	// short, whatever its name (s.pause(), c.settle(attempt)).
	Blind bool
	// Param is the index of a time.Duration parameter the function waits
	// for exactly, once (a sleep helper: time.Sleep(d), a time.After or
	// timer receive that only a done channel can cut short, or another
	// sleep helper), or -1. A call of it waits for its argument.
	Param int
	// Honors lists the context parameters that the function returns on
	// when they are done: it checks Err() or receives from Done() and
	// leaves (ExitsWhenDone), returns ctx.Err(), or returns on the error
	// of a call that honors the context it is handed; and it never waits
	// in a way the context cannot cut short (a sleep, a timer receive, a
	// select on timers alone, a call of a blind waiter), nor stays in its
	// loop on a done context (DoneCaseStays). A sleep helper that selects
	// on ctx.Done() and a timer is the model: a call of it is a wait the
	// caller's cancellation ends.
	Honors []int
}

func (*Fact) AFact() {}

// String is "sleeps" for a blind wait, "sleeps(i)" for a wait for
// parameter i (both: "sleeps(i) blind"), and "honors(i,...)" for the
// contexts it returns on, after the sleeps part if any ("sleeps(1)
// honors(0)").
func (f *Fact) String() string {
	var parts []string
	if f.Param >= 0 {
		parts = append(parts, fmt.Sprintf("sleeps(%d)", f.Param))
	}
	if f.Blind {
		if len(parts) == 0 {
			parts = append(parts, "sleeps")
		} else {
			parts = append(parts, "blind")
		}
	}
	if len(f.Honors) > 0 {
		s := make([]string, len(f.Honors))
		for i, x := range f.Honors {
			s[i] = fmt.Sprint(x)
		}
		parts = append(parts, "honors("+strings.Join(s, ",")+")")
	}
	return strings.Join(parts, " ")
}

// facts computes and exports the package's Facts: the blind waits to a
// fixed point (a wrapper of a sleeper sleeps too) with the methods of the
// package's interfaces that only sleepers implement, the sleep helpers to
// a fixed point, and then, knowing both, the contexts each function
// honors to a fixed point (a wrapper of a context-aware sleep honors its
// context too).
func (r *Result) facts(in *inspector.Inspector) {
	r.blind = map[*types.Func]bool{}
	r.param = map[*types.Func]int{}
	r.honors = map[*types.Func][]int{}
	type cand struct {
		fn     *types.Func
		cur    inspector.Cursor
		params map[*types.Var]int // duration parameters never reassigned
	}
	var blind, sleep, ctxs []cand
	for c := range in.Root().Preorder((*ast.FuncDecl)(nil)) {
		d := c.Node().(*ast.FuncDecl)
		fn, ok := r.info.Defs[d.Name].(*types.Func)
		if !ok || d.Body == nil {
			continue
		}
		if !hasContextParam(fn) {
			blind = append(blind, cand{fn: fn, cur: c})
		} else {
			ctxs = append(ctxs, cand{fn: fn, cur: c})
		}
		if ps := r.durationParams(fn, d); len(ps) > 0 {
			sleep = append(sleep, cand{fn, c, ps})
		}
	}
	for changed := true; changed; {
		changed = false
		for _, cd := range blind {
			guard.Mark(r.pass, cd.cur.Node().Pos()) // the position of an internal error
			if !r.blind[cd.fn] && r.waitsBlindly(cd.cur) {
				r.blind[cd.fn] = true
				changed = true
			}
		}
	}
	r.interfaceSleepers()
	for changed, round := true, 0; changed && round < 8; round++ {
		changed = false
		for _, cd := range sleep {
			if _, ok := r.param[cd.fn]; ok {
				continue
			}
			for c := range cd.cur.Preorder((*ast.CallExpr)(nil)) {
				if inLitOrLoop(c) {
					continue // a sleep helper waits once, in its own body
				}
				a := r.DurationOf(c)
				if a == nil {
					continue
				}
				if i, ok := r.paramOf(a, cd.params); ok {
					r.param[cd.fn] = i
					changed = true
					break
				}
			}
		}
	}
	for changed, round := true, 0; changed && round < 10; round++ {
		changed = false
		for _, cd := range ctxs {
			guard.Mark(r.pass, cd.cur.Node().Pos())
			if hs := r.honorsOf(cd.fn, cd.cur); len(hs) != len(r.honors[cd.fn]) {
				r.honors[cd.fn] = hs
				changed = true
			}
		}
	}
	out := map[*types.Func]*Fact{}
	get := func(fn *types.Func) *Fact {
		if out[fn] == nil {
			out[fn] = &Fact{Param: -1}
		}
		return out[fn]
	}
	for fn := range r.blind {
		get(fn).Blind = true
	}
	for fn, i := range r.param {
		get(fn).Param = i
	}
	for fn, hs := range r.honors {
		get(fn).Honors = hs
	}
	for fn, f := range out {
		r.pass.ExportObjectFact(fn, f)
	}
}

// durationParams returns fn's time.Duration parameters (not a variadic
// one) that its body never assigns, increments or takes the address of:
// what it waits for is then what the caller passed.
func (r *Result) durationParams(fn *types.Func, d *ast.FuncDecl) map[*types.Var]int {
	sig := fn.Type().(*types.Signature)
	ps := map[*types.Var]int{}
	for i := range sig.Params().Len() {
		p := sig.Params().At(i)
		if analysisutil.IsNamedExact(p.Type(), "time", "Duration") && !(sig.Variadic() && i == sig.Params().Len()-1) {
			if _, isNamed := types.Unalias(p.Type()).(*types.Named); isNamed {
				ps[p] = i
			}
		}
	}
	if len(ps) == 0 {
		return nil
	}
	changed := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := r.info.ObjectOf(id).(*types.Var); ok {
				delete(ps, v)
			}
		}
	}
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				changed(l)
			}
		case *ast.IncDecStmt:
			changed(n.X)
		case *ast.RangeStmt:
			if n.Key != nil {
				changed(n.Key)
			}
			if n.Value != nil {
				changed(n.Value)
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				changed(n.X)
			}
		}
		return len(ps) > 0
	})
	return ps
}

// inLitOrLoop reports whether c is inside a function literal, or a for
// or range statement, of its function.
func inLitOrLoop(c inspector.Cursor) bool {
	for a := range c.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch a.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			return true
		}
		return false
	}
	return false
}

// paramOf reports which of params e is, through conversions and locals
// given one value.
func (r *Result) paramOf(e ast.Expr, params map[*types.Var]int) (int, bool) {
	for range 4 {
		e = ast.Unparen(e)
		if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
			if tv, ok := r.info.Types[call.Fun]; ok && tv.IsType() {
				e = call.Args[0]
				continue
			}
		}
		id, ok := e.(*ast.Ident)
		if !ok {
			return 0, false
		}
		v, ok := r.info.Uses[id].(*types.Var)
		if !ok {
			return 0, false
		}
		if i, ok := params[v]; ok {
			return i, true
		}
		d := r.Defs[v]
		if d == nil {
			return 0, false
		}
		e = d
	}
	return 0, false
}

// interfaceSleepers marks the methods of the package's interfaces whose
// every implementation in the package waits blindly (a Sleeper interface
// with a real and a fake clock is not one: the fake does not sleep). An
// interface with no implementation here says nothing. A call through
// such a method is a blind wait like a call of the implementation.
func (r *Result) interfaceSleepers() {
	if len(r.blind) == 0 {
		return
	}
	scope := r.pass.Pkg.Scope()
	var concrete []types.Type
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() > 0 {
			continue // generic: its methods are judged per instance
		}
		if _, isIface := tn.Type().Underlying().(*types.Interface); !isIface {
			concrete = append(concrete, tn.Type())
		}
	}
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		iface, ok := tn.Type().Underlying().(*types.Interface)
		if n, isNamed := tn.Type().(*types.Named); !ok || iface.NumMethods() == 0 || isNamed && n.TypeParams().Len() > 0 {
			continue
		}
		for i := range iface.NumExplicitMethods() {
			m := iface.ExplicitMethod(i)
			impls, all := 0, true
			for _, t := range concrete {
				var recv types.Type
				switch {
				case types.Implements(t, iface):
					recv = t
				case types.Implements(types.NewPointer(t), iface):
					recv = types.NewPointer(t)
				default:
					continue
				}
				obj, _, _ := types.LookupFieldOrMethod(recv, false, r.pass.Pkg, m.Name())
				fn, ok := obj.(*types.Func)
				impls++
				if !ok || !r.blind[fn.Origin()] {
					all = false
					break
				}
			}
			if impls > 0 && all {
				r.blind[m] = true
			}
		}
	}
}

func hasContextParam(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	for i := range sig.Params().Len() {
		if analysisutil.IsContext(sig.Params().At(i).Type()) {
			return true
		}
	}
	return false
}

// waitsBlindly reports whether the function at cur waits blindly in its
// own body: a time.Sleep or a timer receive anywhere in it (function
// literals are not entered; a select counts only when all its cases
// receive from timers, as another case or a default may be another way
// out; the drain of a stopped timer, `if !t.Stop() { <-t.C }`, as done
// before a timer goes back to a pool, does not wait), or a call of a
// blind waiter as one of its top-level statements (or the result of one
// of its top-level returns). A sleeper called only
// on some path deep inside (a constructor that may pause on an error)
// does not make its caller one: that is no wait between attempts.
func (r *Result) waitsBlindly(cur inspector.Cursor) bool {
	decl := cur.Node().(*ast.FuncDecl)
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectStmt:
			// A select on timers alone blocks like a bare receive; one
			// with another case or a default may have another way out.
			found = ClassifySelect(r.info, n, nil).Shape() == TimerOnly
			return false
		case *ast.IfStmt:
			if IsTimerDrain(r.info, n) {
				return false // if !t.Stop() { <-t.C }: a drain, not a wait
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW && IsTimerChan(r.info, n.X) {
				found = true
			}
		case *ast.CallExpr:
			if IsBlindSleepCall(r.info, n) {
				found = true
			}
		}
		return true
	})
	if found {
		return true
	}
	for _, s := range decl.Body.List {
		var xs []ast.Expr
		switch s := s.(type) {
		case *ast.ExprStmt:
			xs = []ast.Expr{s.X}
		case *ast.ReturnStmt:
			xs = s.Results // return retryN(3, op): a wrapper waits as it does
		}
		for _, x := range xs {
			if call, ok := ast.Unparen(x).(*ast.CallExpr); ok {
				fn, _ := typeutil.Callee(r.info, call).(*types.Func)
				if r.blindFact(fn) {
					return true
				}
			}
		}
	}
	return false
}

// blindFact reports whether fn waits blindly by its Fact (this package's
// inference or an imported one); time.Sleep itself has none.
func (r *Result) blindFact(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	fn = fn.Origin()
	if fn.Pkg() == r.pass.Pkg {
		return r.blind[fn]
	}
	f := r.Fact(fn)
	return f != nil && f.Blind
}

// Fact returns fn's Fact, this package's or imported, or nil.
func (r *Result) Fact(fn *types.Func) *Fact {
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	fn = fn.Origin()
	if fn.Pkg() == r.pass.Pkg {
		b, p, h := r.blind[fn], -1, r.honors[fn]
		if i, ok := r.param[fn]; ok {
			p = i
		}
		if !b && p < 0 && len(h) == 0 {
			return nil
		}
		return &Fact{Blind: b, Param: p, Honors: h}
	}
	var f Fact
	if r.pass.ImportObjectFact(fn, &f) {
		return &f
	}
	return nil
}

// Blind reports whether a call of fn waits blindly: time.Sleep, or a
// function whose Fact says so.
func (r *Result) Blind(fn *types.Func) bool {
	return fn != nil && (IsBlindSleep(fn) || r.blindFact(fn))
}

// CallsBlind reports whether body (function literals not entered) calls a
// function that waits blindly by its Fact.
func (r *Result) CallsBlind(body ast.Node) bool {
	return analysisutil.AnyInBody(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		fn, _ := typeutil.Callee(r.info, call).(*types.Func)
		return r.blindFact(fn)
	})
}

// CallWaits reports whether call waits. A callee whose body is in this
// package is judged by what it does: a name that says sleep, wait, pause
// or backoff counts only when some path of the body sleeps or blocks on a
// timer (time.Sleep, a timer receive, a call of another such function),
// so a sleep-named function that returns a timer to a pool, or a fake
// clock's Sleep that only moves its time, does not wait. A function that
// waits blindly (by its Fact) waits whatever its name. Otherwise the name
// decides (IsWaitCall).
func (r *Result) CallWaits(call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(r.info, call).(*types.Func)
	if fn != nil {
		fn = fn.Origin()
		if r.blindFact(fn) {
			return true
		}
		if d := r.Decls[fn]; d != nil && d.Body != nil {
			return IsWaitCall(r.info, call) && r.blocks(d.Body, map[*types.Func]bool{fn: true})
		}
	}
	return IsWaitCall(r.info, call)
}

// blocks reports whether body (function literals not entered) sleeps or
// blocks on a timer on some path; seen stops recursion.
func (r *Result) blocks(body ast.Node, seen map[*types.Func]bool) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if IsTimerDrain(r.info, n) {
				return false
			}
		case *ast.UnaryExpr:
			found = n.Op == token.ARROW && IsTimerChan(r.info, n.X)
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(r.info, n).(*types.Func)
			if fn == nil {
				break
			}
			fn = fn.Origin()
			switch {
			case IsBlindSleep(fn):
				found = true
			case seen[fn]:
			case r.Decls[fn] != nil && r.Decls[fn].Body != nil:
				seen[fn] = true
				found = r.blocks(r.Decls[fn].Body, seen)
			case fn.Pkg() != nil && r.blindFact(fn):
				found = true
			}
		}
		return !found
	})
	return found
}

// Blocks reports whether call calls a function of this package that
// sleeps or blocks on a timer on some path of its body, whatever its name
// and whether or not a context can cut the wait short (a failure handler
// that selects on ctx.Done() and time.After(backoff.Next())).
func (r *Result) Blocks(call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(r.info, call).(*types.Func)
	if fn == nil {
		return false
	}
	fn = fn.Origin()
	d := r.Decls[fn]
	return d != nil && d.Body != nil && r.blocks(d.Body, map[*types.Func]bool{fn: true})
}
