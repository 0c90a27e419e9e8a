package breakerverdict

// A breaker's verdict can also be settled where it runs the operation:
//
//	cb.Execute(func() (T, error) {
//		v, err := call(ctx)
//		if errors.Is(err, context.Canceled) {
//			return v, nil // the caller left: not the dependency's failure
//		}
//		return v, err
//	})
//
// A package that does this is not reported for its Settings: which
// breaker runs which operation is not followed, so one such operation
// stands for all.

import (
	"go/ast"
	"go/types"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
)

// opsForgiveCancel reports whether some operation handed to a gobreaker
// breaker's Execute in the package returns a nil error in a branch whose
// condition names context.Canceled.
func (r *runner) opsForgiveCancel() bool {
	if r.forgive != nil {
		return *r.forgive
	}
	found := false
	for c := range r.in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		fn := calleeFunc(r.info, call)
		if fn == nil || fn.Name() != "Execute" || len(call.Args) != 1 || fn.Pkg() == nil ||
			analysisutil.StripMajor(fn.Pkg().Path()) != gobreakerPath {
			continue
		}
		var body *ast.BlockStmt
		switch f := r.resolve(call.Args[0]).fn.(type) {
		case *ast.FuncLit:
			body = f.Body
		case *ast.FuncDecl:
			body = f.Body
		}
		if body != nil && r.returnsNilOnCancel(body) {
			found = true
			break
		}
	}
	r.forgive = &found
	return found
}

// returnsNilOnCancel reports whether body holds
// `if <cond naming context.Canceled> { ... return ..., nil }`.
func (r *runner) returnsNilOnCancel(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		ifs, ok := n.(*ast.IfStmt)
		if !ok || !r.namesCanceled(ifs.Cond) {
			return true
		}
		ast.Inspect(ifs.Body, func(m ast.Node) bool {
			if _, ok := m.(*ast.FuncLit); ok {
				return false
			}
			if ret, ok := m.(*ast.ReturnStmt); ok && len(ret.Results) > 0 {
				last := ret.Results[len(ret.Results)-1]
				if tv, ok := r.info.Types[last]; ok && tv.IsNil() {
					found = true
				}
			}
			return !found
		})
		return !found
	})
	return found
}

// namesCanceled reports whether e mentions context.Canceled (or a
// package variable holding it).
func (r *runner) namesCanceled(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok && !found {
			if h, ok := classify.ContextErrorOf(r.info, x, r.options().Defs); ok && h == classify.Canceled {
				found = true
			}
		}
		return !found
	})
	return found
}

// programWithoutContext reports whether the package is a program (package
// main, whose breakers no other package can use) in which no expression
// is a context.Context or an *http.Request (which carries one): no
// operation its breakers run can see a caller's cancellation, so none
// can fail with context.Canceled (a command-line example wrapping
// http.Get).
func (r *runner) programWithoutContext() bool {
	if r.pass.Pkg.Name() != "main" {
		return false
	}
	for _, tv := range r.info.Types {
		t := tv.Type
		if t == nil {
			continue
		}
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if analysisutil.IsContext(t) || analysisutil.IsNamedExact(t, "net/http", "Request") {
			return false
		}
	}
	return true
}
