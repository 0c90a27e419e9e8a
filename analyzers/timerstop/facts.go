package timerstop

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
)

// FreshTimerFact marks a function that returns a new timer channel on
// every call, as time.After does: a jitteredTimeout(d) helper that
// returns time.After(jitter(d)). Its calls count as time.After for T2 in
// every package that imports it.
type FreshTimerFact struct{}

func (*FreshTimerFact) AFact()         {}
func (*FreshTimerFact) String() string { return "returnsfreshtimer" }

// freshTimerFuncs finds this package's functions whose only result is a
// time channel and every return statement returns a fresh timer channel
// (time.After(d), time.NewTimer(d).C, or a call of such a function) or
// nil, at least one of them fresh. It exports FreshTimerFact for them.
// Functions that call each other are settled by a fixed point.
func (st *state) freshTimerFuncs() {
	type cand struct {
		obj  *types.Func
		rets []ast.Expr
	}
	var cands []cand
	for c := range st.in.Root().Preorder((*ast.FuncDecl)(nil)) {
		decl := c.Node().(*ast.FuncDecl)
		obj, ok := st.info.Defs[decl.Name].(*types.Func)
		if !ok || decl.Body == nil || !timeChanResult(obj) {
			continue
		}
		rets, ok := returnedExprs(c)
		if ok && len(rets) > 0 {
			cands = append(cands, cand{obj, rets})
		}
	}
	for changed := true; changed; {
		changed = false
		for _, cd := range cands {
			if st.freshLocal[cd.obj] {
				continue
			}
			fresh, all := false, true
			for _, e := range cd.rets {
				switch {
				case st.freshTimerExpr(e):
					fresh = true
				case st.info.Types[e].IsNil():
				default:
					all = false
				}
			}
			if fresh && all {
				st.freshLocal[cd.obj] = true
				changed = true
			}
		}
	}
	for fn := range st.freshLocal {
		st.pass.ExportObjectFact(fn, new(FreshTimerFact))
	}
}

// timeChanResult reports whether fn's only result is a channel of
// time.Time values.
func timeChanResult(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	if res.Len() != 1 {
		return false
	}
	ch, ok := types.Unalias(res.At(0).Type()).(*types.Chan)
	if !ok {
		return false
	}
	n, ok := types.Unalias(ch.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Time"
}

// returnedExprs returns the result expressions of the return statements
// of the function declared at c, outside its function literals; ok is
// false when a return has no result (a named result: not followed).
func returnedExprs(c inspector.Cursor) (rets []ast.Expr, ok bool) {
	ok = true
	ast.Inspect(c.Node().(*ast.FuncDecl).Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				ok = false
				return false
			}
			rets = append(rets, n.Results[0])
		}
		return ok
	})
	return rets, ok
}

// freshTimerExpr reports whether e makes a new timer channel each time
// it is evaluated: time.After(d), time.NewTimer(d).C, or a call of a
// function known (by fact, or found in this package) to return one.
func (st *state) freshTimerExpr(e ast.Expr) bool {
	e = ast.Unparen(e)
	if sel, ok := e.(*ast.SelectorExpr); ok && sel.Sel.Name == "C" {
		call, ok := ast.Unparen(sel.X).(*ast.CallExpr)
		return ok && timeFunc(st.info, call) == "NewTimer"
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	return timeFunc(st.info, call) == "After" || st.freshTimerFunc(call) != nil
}

// freshTimerFunc returns the function call calls when it is known to
// return a new timer channel on every call (FreshTimerFact), or nil.
func (st *state) freshTimerFunc(call *ast.CallExpr) *types.Func {
	fn := calleeFunc(st.info, call)
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if fn.Pkg() == st.pass.Pkg {
		if st.freshLocal[fn] {
			return fn
		}
		return nil
	}
	if st.pass.ImportObjectFact(fn, new(FreshTimerFact)) {
		return fn
	}
	return nil
}
