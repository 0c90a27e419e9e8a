package noretrycanceled

// N4: in a retry loop whose attempts run under a per-attempt child
// context, the attempt's error is classified before the parent context is
// checked.

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/ctxaware"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/knowledge"
)

func (r *runner) n4(loops []*loop) {
	for _, l := range loops {
		guard.Mark(r.pass, l.node.Pos()) // the position of an internal error
		children, parents := r.attemptContexts(l)
		if len(parents) == 0 {
			continue
		}
		// The errors produced by attempts under a child context.
		errs := r.attemptErrors(l, children)
		if len(errs) == 0 {
			continue
		}
		for c := range l.cur.Preorder((*ast.CallExpr)(nil), (*ast.BinaryExpr)(nil)) {
			if analysisutil.InFuncLit(c, l.node) {
				continue
			}
			errVar := r.classifies(c, errs)
			if errVar == nil {
				continue
			}
			checked := ctxaware.CheckedBefore(r.info, c, errVar)
			if checked != nil && !children[checked] {
				continue
			}
			if after := ctxaware.CheckedAfter(r.info, c, r.waitLeaves); after != nil && !children[after] {
				continue // the verdict is overridden when the parent is done
			}
			parent := parents[0].name
			r.reportf(analysisdoc.N4, c.Node().Pos(), "the attempt's error is classified before %s.Err() is checked: under a per-attempt timeout a DeadlineExceeded from the attempt looks the same as the caller's spent deadline, and the loop retries for a caller that has gone; check %s.Err() first", parent, parent)
		}
	}
}

// attemptContexts finds the per-attempt children in the loop body and
// their parents: `actx, cancel := context.WithTimeout(ctx, per)` in the
// body, or a call that hands ctx to a function known (by Fact) to run its
// operation under such a child.
func (r *runner) attemptContexts(l *loop) (children map[*types.Var]bool, parents []parentCtx) {
	children = map[*types.Var]bool{}
	for c := range l.cur.Preorder((*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)) {
		if analysisutil.InFuncLit(c, l.node) {
			continue
		}
		switch n := c.Node().(type) {
		case *ast.AssignStmt:
			if len(n.Rhs) != 1 || len(n.Lhs) == 0 {
				continue
			}
			call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
			if !ok {
				continue
			}
			// A parent that is never done (Background, WithoutCancel) has
			// an Err() that is always nil: nothing to check first.
			if p := ctxaware.TimeoutParent(r.info, call); p != nil && !ctxaware.NeverDoneVar(r.info, p, r.defs, call.Pos()) {
				if ch := analysisutil.IdentVar(r.info, n.Lhs[0]); ch != nil {
					children[ch] = true
					parents = append(parents, parentCtx{p, types.ExprString(call.Args[0])})
				}
			}
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(r.info, n).(*types.Func)
			if f := r.ctx.Fact(fn); f != nil {
				for _, i := range f.Timeout {
					if i < len(n.Args) {
						if v := analysisutil.IdentVar(r.info, n.Args[i]); v != nil && analysisutil.IsContext(v.Type()) && !ctxaware.NeverDoneVar(r.info, v, r.defs, n.Pos()) {
							parents = append(parents, parentCtx{v, v.Name()})
						}
					}
				}
			}
		}
	}
	return children, parents
}

// parentCtx is the caller's context a per-attempt child derives from, and
// its spelling for messages (ctx, s.ctx, r.Context()).
type parentCtx struct {
	v    *types.Var
	name string
}

// attemptErrors returns the error variables assigned, in the loop, from
// calls that run under a per-attempt child: calls taking a child context,
// or calls of a per-attempt-timeout helper (by Fact).
func (r *runner) attemptErrors(l *loop, children map[*types.Var]bool) map[*types.Var]bool {
	errs := map[*types.Var]bool{}
	for c := range l.cur.Preorder((*ast.AssignStmt)(nil)) {
		if analysisutil.InFuncLit(c, l.node) {
			continue
		}
		as := c.Node().(*ast.AssignStmt)
		if len(as.Rhs) != 1 || len(as.Lhs) == 0 {
			continue
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			continue
		}
		ev := analysisutil.IdentVar(r.info, as.Lhs[len(as.Lhs)-1])
		if ev == nil || !analysisutil.IsError(ev.Type()) {
			continue
		}
		underChild := false
		for _, a := range call.Args {
			if v := analysisutil.IdentVar(r.info, a); v != nil && children[v] {
				underChild = true
			}
		}
		fn, _ := typeutil.Callee(r.info, call).(*types.Func)
		if f := r.ctx.Fact(fn); f != nil && len(f.Timeout) > 0 {
			underChild = true
		}
		if underChild {
			errs[ev] = true
		}
	}
	return errs
}

// classifies reports whether the node at c classifies one of errs, and
// returns it: a call of a classifier-shaped function or func value with
// the error (but no context: a classifier given the context can tell the
// caller's deadline apart), errors.Is(err, context.DeadlineExceeded), or
// err == context.DeadlineExceeded.
func (r *runner) classifies(c inspector.Cursor, errs map[*types.Var]bool) *types.Var {
	switch n := c.Node().(type) {
	case *ast.CallExpr:
		var errVar *types.Var
		for _, a := range n.Args {
			if v := analysisutil.IdentVar(r.info, a); v != nil && errs[v] {
				errVar = v
			}
		}
		if errVar == nil || passesContext(r.info, n) {
			return nil
		}
		fn, _ := typeutil.Callee(r.info, n).(*types.Func)
		if fn != nil && fn.Pkg() != nil {
			path := fn.Pkg().Path()
			if knowledge.IsErrorsFunc(fn, "Is") {
				path = "errors"
			}
			switch path {
			case "errors":
				if fn.Name() == "Is" && len(n.Args) == 2 {
					if h, ok := classify.ContextErrorOf(r.info, n.Args[1], r.defs); ok && h == classify.DeadlineExceeded {
						return errVar
					}
				}
				return nil
			case "os":
				if fn.Name() == "IsTimeout" {
					return errVar
				}
				return nil
			case "fmt", "log", "log/slog", "context", "time", "strings":
				return nil
			}
		}
		ft := r.info.TypeOf(n.Fun)
		if ft == nil {
			return nil
		}
		sig, ok := ft.Underlying().(*types.Signature)
		if !ok || !ctxaware.ClassifierShaped(sig) {
			return nil
		}
		// A method on the error itself (err.Timeout()) is not a
		// classifier of it.
		return errVar
	case *ast.BinaryExpr:
		if n.Op != token.EQL && n.Op != token.NEQ {
			return nil
		}
		for _, pair := range [][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
			if v := analysisutil.IdentVar(r.info, pair[0]); v != nil && errs[v] {
				if h, ok := classify.ContextErrorOf(r.info, pair[1], r.defs); ok && h == classify.DeadlineExceeded {
					return v
				}
			}
		}
	}
	return nil
}
