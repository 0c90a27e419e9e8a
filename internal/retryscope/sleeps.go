package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/wait"
)

// SleepsFact marks a function that waits blindly: it takes no
// context.Context and, in its own body, sleeps (time.Sleep), receives from
// a timer channel outside a select, or calls a function that does. A call
// of it is a wait that no cancellation can cut short, wherever its name
// does not say so (s.pause(), c.settle(attempt)).
type SleepsFact struct{}

func (*SleepsFact) AFact()         {}
func (*SleepsFact) String() string { return "sleeps" }

// inferSleepers computes and exports SleepsFacts for the package's
// functions, to a fixed point (a wrapper of a sleeper sleeps too).
func (st *state) inferSleepers(in *inspector.Inspector) {
	type cand struct {
		fn  *types.Func
		cur inspector.Cursor
	}
	var cands []cand
	for c := range in.Root().Preorder((*ast.FuncDecl)(nil)) {
		d := c.Node().(*ast.FuncDecl)
		fn, ok := st.info.Defs[d.Name].(*types.Func)
		if !ok || d.Body == nil || hasContextParam(fn) {
			continue
		}
		cands = append(cands, cand{fn, c})
	}
	for changed := true; changed; {
		changed = false
		for _, cd := range cands {
			guard.Mark(st.pass, cd.cur.Node().Pos()) // the position of an internal error
			if !st.sleepers[cd.fn] && st.sleepsBlindly(cd.cur) {
				st.sleepers[cd.fn] = true
				changed = true
			}
		}
	}
	st.inferInterfaceSleepers()
	for fn := range st.sleepers {
		st.pass.ExportObjectFact(fn, &SleepsFact{})
	}
}

// inferInterfaceSleepers marks the methods of the package's interfaces
// whose every implementation in the package waits blindly (a Sleeper
// interface with a real and a fake clock is not one: the fake does not
// sleep). An interface with no implementation here says nothing. A call
// through such a method is a blind wait like a call of the
// implementation.
func (st *state) inferInterfaceSleepers() {
	if len(st.sleepers) == 0 {
		return
	}
	scope := st.pass.Pkg.Scope()
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
				obj, _, _ := types.LookupFieldOrMethod(recv, false, st.pass.Pkg, m.Name())
				fn, ok := obj.(*types.Func)
				impls++
				if !ok || !st.sleepers[fn.Origin()] {
					all = false
					break
				}
			}
			if impls > 0 && all {
				st.sleepers[m] = true
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

// sleepsBlindly reports whether the function at cur waits blindly in its
// own body: a time.Sleep or a timer receive anywhere in it (function
// literals are not entered; a select counts only when all its cases
// receive from timers, as another case or a default may be another way
// out; the drain of a stopped timer, `if !t.Stop() { <-t.C }`, as done
// before a timer goes back to a pool, does not wait), or a call of a
// sleeper as one of its top-level
// statements. A sleeper called only on some path deep inside (a
// constructor that may pause on an error) does not make its caller one:
// that is no wait between attempts.
func (st *state) sleepsBlindly(cur inspector.Cursor) bool {
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
			found = wait.ClassifySelect(st.info, n, nil).Shape() == wait.TimerOnly
			return false
		case *ast.IfStmt:
			if wait.IsTimerDrain(st.info, n) {
				return false // if !t.Stop() { <-t.C }: a drain, not a wait
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW && wait.IsTimerChan(st.info, n.X) {
				found = true
			}
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(st.info, n).(*types.Func)
			if wait.IsBlindSleep(fn) {
				found = true
			}
		}
		return true
	})
	if found {
		return true
	}
	for _, s := range decl.Body.List {
		if es, ok := s.(*ast.ExprStmt); ok {
			if call, ok := ast.Unparen(es.X).(*ast.CallExpr); ok {
				fn, _ := typeutil.Callee(st.info, call).(*types.Func)
				if st.isSleeper(fn) {
					return true
				}
			}
		}
	}
	return false
}

// isSleeper reports whether fn waits blindly, by this package's inference
// or an imported SleepsFact.
func (st *state) isSleeper(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	fn = fn.Origin()
	if fn.Pkg() == st.pass.Pkg {
		return st.sleepers[fn]
	}
	return fn.Pkg() != nil && st.pass.ImportObjectFact(fn, new(SleepsFact))
}

// callsSleeper reports whether body (function literals not entered) calls a
// function that waits blindly.
func (st *state) callsSleeper(body ast.Node) bool {
	return analysisutil.AnyInBody(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		fn, _ := typeutil.Callee(st.info, call).(*types.Func)
		return st.isSleeper(fn)
	})
}

// SleepsBlindly reports whether a call of fn waits blindly: time.Sleep, or
// a function with a SleepsFact (this package's or an imported one).
func (r *Result) SleepsBlindly(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	return wait.IsBlindSleep(fn) || r.sleeps(fn.Origin())
}

// Waits reports whether call waits. A callee whose body is in this
// package is judged by what it does: a name that says sleep, wait, pause
// or backoff counts only when some path of the body sleeps or blocks on a
// timer (time.Sleep, a timer receive, a call of another such function), so
// a sleep-named function that returns a timer to a pool, or a fake clock's
// Sleep that only moves its time, does not wait. A function that waits
// blindly (SleepsFact, this package's or imported) waits whatever its
// name. Otherwise the name decides (IsWaitCall).
func (r *Result) Waits(info *types.Info, call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn != nil {
		fn = fn.Origin()
		if r.sleeps != nil && r.sleeps(fn) {
			return true
		}
		if d := r.Decls[fn]; d != nil && d.Body != nil {
			return wait.IsWaitCall(info, call) && r.blocks(info, d.Body, map[*types.Func]bool{fn: true})
		}
	}
	return wait.IsWaitCall(info, call)
}

// blocks reports whether body (function literals not entered) sleeps or
// blocks on a timer on some path; seen stops recursion.
func (r *Result) blocks(info *types.Info, body ast.Node, seen map[*types.Func]bool) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if wait.IsTimerDrain(info, n) {
				return false
			}
		case *ast.UnaryExpr:
			found = n.Op == token.ARROW && wait.IsTimerChan(info, n.X)
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(info, n).(*types.Func)
			if fn == nil {
				break
			}
			fn = fn.Origin()
			switch {
			case wait.IsBlindSleep(fn):
				found = true
			case seen[fn]:
			case r.Decls[fn] != nil && r.Decls[fn].Body != nil:
				seen[fn] = true
				found = r.blocks(info, r.Decls[fn].Body, seen)
			case r.sleeps != nil && fn.Pkg() != nil && r.sleeps(fn):
				found = true
			}
		}
		return !found
	})
	return found
}
