package backoffjitter

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// dynamic evaluates result idx of a call of an interface method (a
// backoff policy's Next) through the concrete types its receiver may
// hold: those the package itself puts there (a composite literal, a
// constructor of the package, the result of another such method: a
// default strategy's NewBackoff). A field or package variable the user
// may also set (an option that stores its parameter) is judged by the
// package's defaults, as a duration setting is; a receiver the package
// puts nothing of its own into (a parameter, an injected policy, a value
// from another package) leaves the call unknown: its implementations may
// jitter.
func (ev *evaluator) dynamic(call *ast.CallExpr, fn *types.Func, args []val, idx int) val {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return unknown
	}
	ts, ok := ev.concrete(sel.X, map[*types.Var]bool{}, 0)
	if !ok || len(ts) == 0 {
		return unknown
	}
	res, have := val{}, false
	for _, t := range ts {
		obj, _, _ := types.LookupFieldOrMethod(t, true, ev.r.pass.Pkg, fn.Name())
		m, _ := obj.(*types.Func)
		if m == nil {
			return unknown
		}
		d := ev.r.decls[m.Origin()]
		if d == nil || d.Body == nil {
			return unknown
		}
		v := ev.inline(d.Type, d.Body, call, args, idx)
		if !have {
			res, have = v, true
		} else {
			res = join(res, v)
		}
	}
	return res
}

// maxConcrete bounds how deep concrete follows constructors and methods.
const maxConcrete = 4

// concrete returns the concrete types of this package that the
// interface-typed expression e may hold, and false when it may hold
// anything else (an unknown value, another package's type, nil only).
// A parameter stored into a field or package variable (the user's
// option) is skipped: the defaults are what the package decides.
func (ev *evaluator) concrete(e ast.Expr, busy map[*types.Var]bool, depth int) ([]types.Type, bool) {
	if depth > maxConcrete {
		return nil, false
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
		if lit, ok := e.(*ast.CompositeLit); ok {
			t := ev.info.TypeOf(lit)
			if !ev.own(t) {
				return nil, false
			}
			return []types.Type{types.NewPointer(t)}, true
		}
		return nil, false
	}
	if t := ev.info.TypeOf(e); t != nil && !types.IsInterface(t) {
		if !ev.own(t) {
			return nil, false
		}
		return []types.Type{t}, true // a value of a concrete type: a literal, a local of that type
	}
	switch x := e.(type) {
	case *ast.Ident, *ast.SelectorExpr:
		v := varOf(ev.info, x)
		if a, ok := ev.args[v]; ok && v != nil && !busy[v] {
			// A failure handler's parameter: what its caller hands it.
			busy[v] = true
			defer delete(busy, v)
			return ev.concrete(a, busy, depth+1)
		}
		if v == nil || v.Pkg() != ev.r.pass.Pkg || ev.ix.addr[v] || ev.ix.params[v] || v.Exported() || busy[v] {
			return nil, false
		}
		local := !v.IsField() && v.Parent() != nil && v.Parent() != v.Pkg().Scope()
		busy[v] = true
		defer delete(busy, v)
		var out []types.Type
		for _, d := range ev.ix.vars[v] {
			if d.op != token.ASSIGN || d.rhs == nil || d.idx >= 0 || d.rhs == zeroLit {
				return nil, false
			}
			if isNilExpr(ev.info, d.rhs) {
				continue
			}
			if p := varOf(ev.info, d.rhs); p != nil && ev.ix.params[p] && !local {
				continue // the user's policy, stored by an option
			}
			if strings.HasSuffix(ev.r.pass.Fset.Position(d.rhs.Pos()).Filename, "_test.go") {
				return nil, false
			}
			ts, ok := ev.concrete(d.rhs, busy, depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, ts...)
		}
		return out, len(out) > 0
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(ev.info, x).(*types.Func)
		if fn == nil || fn.Pkg() != ev.r.pass.Pkg {
			return nil, false
		}
		var bodies []*ast.FuncDecl
		if sig := fn.Type().(*types.Signature); sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
			sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if !ok {
				return nil, false
			}
			ts, ok := ev.concrete(sel.X, busy, depth+1)
			if !ok {
				return nil, false
			}
			for _, t := range ts {
				obj, _, _ := types.LookupFieldOrMethod(t, true, ev.r.pass.Pkg, fn.Name())
				m, _ := obj.(*types.Func)
				if m == nil || ev.r.decls[m.Origin()] == nil {
					return nil, false
				}
				bodies = append(bodies, ev.r.decls[m.Origin()])
			}
		} else if d := ev.r.decls[fn.Origin()]; d != nil {
			bodies = append(bodies, d)
		} else {
			return nil, false
		}
		var out []types.Type
		for _, d := range bodies {
			if d.Body == nil || d.Type.Results == nil || d.Type.Results.NumFields() != 1 {
				return nil, false
			}
			ok := true
			ast.Inspect(d.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.ReturnStmt:
					if len(n.Results) != 1 {
						ok = false
						return false
					}
					ts, k := ev.concrete(n.Results[0], busy, depth+1)
					if !k {
						ok = false
						return false
					}
					out = append(out, ts...)
				}
				return ok
			})
			if !ok {
				return nil, false
			}
		}
		return out, len(out) > 0
	}
	return nil, false
}

// own reports whether t is (a pointer to) a named type of this package.
func (ev *evaluator) own(t types.Type) bool {
	n, ok := types.Unalias(deref(t)).(*types.Named)
	return ok && n.Obj().Pkg() == ev.r.pass.Pkg
}
