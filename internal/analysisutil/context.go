package analysisutil

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// ContextOf returns the context variable that e consults, or nil: e is
// v.Err(), v.Done() or context.Cause(v) for a context.Context variable v
// (a parameter, local or captured variable; also a field such as c.ctx,
// reported as its field variable; for r.Context() of an *http.Request r,
// the variable r).
func ContextOf(info *types.Info, e ast.Expr) *types.Var {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil {
		return nil
	}
	if IsFunc(fn, "context", "Cause") && len(call.Args) == 1 {
		return ContextVar(info, call.Args[0])
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || (fn.Name() != "Err" && fn.Name() != "Done") {
		return nil
	}
	if !IsContext(info.TypeOf(sel.X)) {
		return nil
	}
	return ContextVar(info, sel.X)
}

// ContextVar returns the variable that the context expression e (an
// identifier or a field selector) denotes, or nil; for r.Context() of an
// *http.Request r, the variable r, and so for any context accessor
// (ContextAccessor: cli.Ctx(), stream.Context()) the variable whose
// context it returns.
func ContextVar(info *types.Info, e ast.Expr) *types.Var {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if x := ContextAccessor(info, e); x != nil {
			return ContextVar(info, x)
		}
	case *ast.Ident:
		v, _ := info.Uses[e].(*types.Var)
		return v
	case *ast.SelectorExpr:
		v, _ := info.Uses[e.Sel].(*types.Var)
		return v
	}
	return nil
}

// ContextAccessor returns x when call is x.M() for a method M with no
// parameters whose one result is a context.Context (r.Context() of a
// request, cli.Ctx() of a client, stream.Context() of a gRPC stream): the
// context of the value x, which x's owner cancels. It returns nil
// otherwise, and for a package-level function.
func ContextAccessor(info *types.Info, call *ast.CallExpr) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 0 {
		return nil
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || sig.Params().Len() != 0 || sig.Results().Len() != 1 || !IsContext(sig.Results().At(0).Type()) {
		return nil
	}
	return sel.X
}
