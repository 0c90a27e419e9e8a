package breakerverdict

// Judging a predicate: what does it answer when the error is the caller's
// context.Canceled? The path evaluator of internal/classify does the work;
// it is polarity-free (it reports the bool each return yields for the
// witness error), so a success predicate, where true means "the
// dependency did fine", is judged with the same machinery as a retry
// classifier, reading the answer the other way round.

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
)

// A predicate is a func-typed expression resolved to a body of this
// package.
type predicate struct {
	expr ast.Expr     // as written at the site
	fn   ast.Node     // *ast.FuncLit or *ast.FuncDecl; nil when not visible
	obj  types.Object // the function, or the variable holding the literal
	errp *types.Var   // the error parameter
	sig  *types.Signature
	// grpc: the predicate was judged for a gRPC status with code Canceled
	// (set by answers).
	grpc bool
}

// canceled names the error the predicate was judged for, in messages.
func (p *predicate) canceled() string {
	if p.grpc {
		return "a gRPC status with code Canceled (the caller's cancellation)"
	}
	return "context.Canceled"
}

// test is the check a fixed predicate makes first, in messages.
func (p *predicate) test() string {
	if p.grpc {
		return "status code codes.Canceled"
	}
	return "errors.Is(err, context.Canceled)"
}

// inline reports whether the predicate is a literal written at the site.
func (p *predicate) inline() bool {
	_, ok := ast.Unparen(p.expr).(*ast.FuncLit)
	return ok
}

// name is how messages refer to a predicate that is not inline.
func (p *predicate) name() string {
	if fn, ok := p.obj.(*types.Func); ok {
		return analysisutil.DisplayName(fn)
	}
	if p.obj != nil {
		return p.obj.Name()
	}
	return types.ExprString(p.expr)
}

// resolve follows a predicate expression to its body in this package: a
// func literal, a variable assigned one once, a function or method
// (value), or a generic instantiation of one. fn is nil when the body is
// not visible (another package, a parameter, a field): such a predicate
// is never judged.
func (r *runner) resolve(e ast.Expr) *predicate {
	p := &predicate{expr: e}
	defs := r.options().Defs
	for range 6 {
		e = ast.Unparen(e)
		switch x := e.(type) {
		case *ast.FuncLit:
			p.fn = x
			p.sig, _ = r.info.TypeOf(x).(*types.Signature)
			return p.params()
		case *ast.IndexExpr:
			e = x.X
			continue
		case *ast.IndexListExpr:
			e = x.X
			continue
		case *ast.Ident:
			switch o := r.info.Uses[x].(type) {
			case *types.Var:
				if p.obj == nil {
					p.obj = o
				}
				if d := defs[o]; d != nil {
					e = d
					continue
				}
			case *types.Func:
				return r.declOf(p, o)
			}
			return p
		case *ast.SelectorExpr:
			if sel := r.info.Selections[x]; sel != nil {
				if fn, ok := sel.Obj().(*types.Func); ok {
					return r.declOf(p, fn)
				}
				return p
			}
			if fn, ok := r.info.Uses[x.Sel].(*types.Func); ok {
				return r.declOf(p, fn)
			}
			return p
		}
		return p
	}
	return p
}

// declOf fills p from fn's declaration, when it is in this package.
func (r *runner) declOf(p *predicate, fn *types.Func) *predicate {
	p.obj = fn
	if d := r.options().Decls[fn.Origin()]; d != nil {
		p.fn = d
		p.sig = fn.Origin().Type().(*types.Signature)
		return p.params()
	}
	return p
}

// params finds the error parameter: the last one of type error (a
// failsafe-go predicate is func(R, error) bool, and R may be error too).
func (p *predicate) params() *predicate {
	if p.sig == nil {
		return p
	}
	ps := p.sig.Params()
	for i := ps.Len() - 1; i >= 0; i-- {
		if analysisutil.IsError(ps.At(i).Type()) {
			p.errp = ps.At(i)
			break
		}
	}
	return p
}

// boolResult reports whether sig's only result is a bool.
func boolResult(sig *types.Signature) bool {
	if sig == nil || sig.Results().Len() != 1 {
		return false
	}
	b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// answers returns the returns of p that certainly answer want for
// context.Canceled: the paths every witness of the caller's cancellation
// takes (under some configuration), ending in a return whose value is
// known. A predicate whose answer depends on something the evaluator
// cannot see (an unknown function, a field) has no certain path there and
// is left alone.
func (r *runner) answers(p *predicate, want classify.Tri) []*ast.ReturnStmt {
	if p == nil || p.fn == nil || p.errp == nil || !boolResult(p.sig) {
		return nil
	}
	as, _ := classify.Eval(r.info, p.fn, p.errp, nil, classify.Canceled, r.options())
	// A predicate written against gRPC's status codes guards gRPC calls,
	// and a gRPC client reports the caller's cancellation as a status
	// with code Canceled, not as context.Canceled itself: such a
	// predicate is judged by what it answers for that status.
	grpc := false
	for _, a := range as {
		grpc = grpc || a.GRPC
	}
	p.grpc = grpc
	var out []*ast.ReturnStmt
	for _, a := range as {
		if a.GRPC != grpc {
			continue
		}
		if a.Certain && a.Value == want && a.Return != nil && !containsRet(out, a.Return) {
			out = append(out, a.Return)
		}
	}
	return out
}

func containsRet(list []*ast.ReturnStmt, s *ast.ReturnStmt) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// calleeFunc returns the function or method a call runs (its generic
// origin), or nil.
func calleeFunc(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil {
		return nil
	}
	return fn.Origin()
}

// isNil reports whether e is the untyped nil.
func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[ast.Unparen(e)]
	return ok && tv.IsNil()
}
