package childbudget

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/budget"
)

// findIngress gives the request parameter of a handler that runs only
// behind http.TimeoutHandler(h, d, msg), with a constant d, the budget d:
// its r.Context() has at most d left. The handler must be a function or
// method of this package that cannot be registered elsewhere (unexported,
// or in package main), and every reference to it in the package must be
// such a wrapping (directly, or through http.HandlerFunc(f)).
func (st *state) findIngress() {
	wraps := map[*types.Func][]budget.IngressBound{}
	wrapped := map[*ast.Ident]bool{}
	for c := range st.in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		fn, _ := typeutil.Callee(st.info, call).(*types.Func)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "net/http" || fn.Name() != "TimeoutHandler" || len(call.Args) != 3 {
			continue
		}
		d, ok := st.tr.Duration(argCursor(c, 1))
		if !ok || d <= 0 {
			continue
		}
		h := ast.Unparen(call.Args[0])
		if conv, ok := h.(*ast.CallExpr); ok && len(conv.Args) == 1 && st.info.Types[conv.Fun].IsType() {
			h = ast.Unparen(conv.Args[0]) // http.HandlerFunc(f)
		}
		var id *ast.Ident
		switch h := h.(type) {
		case *ast.Ident:
			id = h
		case *ast.SelectorExpr:
			id = h.Sel
		}
		if id == nil {
			continue
		}
		if hf, ok := st.info.Uses[id].(*types.Func); ok {
			wraps[hf] = append(wraps[hf], budget.IngressBound{Left: d, Set: call})
			wrapped[id] = true
		}
	}
	if len(wraps) == 0 {
		return
	}
	// Every other reference disqualifies the handler.
	for id, obj := range st.info.Uses {
		if fn, ok := obj.(*types.Func); ok && wraps[fn] != nil && !wrapped[id] {
			delete(wraps, fn)
		}
	}
	for fn, bs := range wraps {
		decl := st.scopes.Decls[fn]
		if decl == nil || (token.IsExported(fn.Name()) && st.pass.Pkg.Name() != "main") {
			continue
		}
		best := bs[0]
		for _, b := range bs[1:] {
			if b.Left > best.Left {
				best = b
			}
		}
		sig := fn.Type().(*types.Signature)
		for i := range sig.Params().Len() {
			if p := sig.Params().At(i); isRequest(p.Type()) {
				if st.tr.Ingress == nil {
					st.tr.Ingress = map[*types.Var]budget.IngressBound{}
				}
				st.tr.Ingress[p] = best
			}
		}
	}
}
