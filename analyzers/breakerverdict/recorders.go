package breakerverdict

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/knowledge"
)

// recorders judges breakers that count what the caller records:
//
//	if err == nil {
//		cb.Success(time.Since(begin))
//	} else {
//		cb.Failure(time.Since(begin))
//	}
//
// The failure recorder called on the branch of a bare nil test of an
// error counts every error, the caller's context.Canceled included. Only
// judged where a context can reach the request (a function around the
// call takes one) and where the function never names context.Canceled,
// context.DeadlineExceeded or ctx.Err(): a recorder that sorts
// cancellation out anywhere before is left alone.
func (r *runner) recorders() {
	for c := range r.in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		fn := calleeFunc(r.info, call)
		if fn == nil || !isFailureRecorder(fn) {
			continue
		}
		if !r.everyError(c) || !takesContext(r.info, c) || r.sortsCancel(c) {
			continue
		}
		r.report(call.Pos(), analysisutil.DisplayName(fn)+" records every non-nil error as a failure, the caller's context.Canceled included, so a wave of cancelled requests opens the breaker; record context.Canceled as neither failure nor success")
	}
}

// isFailureRecorder reports whether fn is a known breaker's failure
// recorder (a method of an interface or a type).
func isFailureRecorder(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || fn.Pkg() == nil {
		return false
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	return slices.ContainsFunc(knowledge.BreakerRecorders, func(b knowledge.BreakerRecorder) bool {
		return b.Path == fn.Pkg().Path() && b.Recv == n.Obj().Name() && b.Failure == fn.Name()
	})
}

// everyError reports whether the call at c is a statement right in the
// branch of an if that a bare nil test of an error takes for every
// error: the body of if err != nil, the else block of if err == nil.
func (r *runner) everyError(c inspector.Cursor) bool {
	stmt := c.Parent()
	if _, ok := stmt.Node().(*ast.ExprStmt); !ok {
		return false
	}
	block := stmt.Parent()
	if _, ok := block.Node().(*ast.BlockStmt); !ok {
		return false
	}
	is, ok := block.Parent().Node().(*ast.IfStmt)
	if !ok {
		return false
	}
	b, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	x, y := b.X, b.Y
	if isNil(r.info, x) {
		x, y = y, x
	}
	if !isNil(r.info, y) || !analysisutil.IsError(r.info.TypeOf(x)) {
		return false
	}
	switch block.ParentEdgeKind() {
	case edge.IfStmt_Body:
		return b.Op == token.NEQ
	case edge.IfStmt_Else:
		return b.Op == token.EQL
	}
	return false
}

// takesContext reports whether a function around c takes a
// context.Context: only then can the caller's cancellation reach the
// request whose error is recorded.
func takesContext(info *types.Info, c inspector.Cursor) bool {
	for f := range c.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var ft *ast.FuncType
		switch n := f.Node().(type) {
		case *ast.FuncDecl:
			ft = n.Type
		case *ast.FuncLit:
			ft = n.Type
		}
		for _, field := range ft.Params.List {
			if analysisutil.IsContext(info.TypeOf(field.Type)) {
				return true
			}
		}
	}
	return false
}

// sortsCancel reports whether the outermost function around c names
// context.Canceled or context.DeadlineExceeded, or asks a context's Err.
func (r *runner) sortsCancel(c inspector.Cursor) bool {
	var outer inspector.Cursor
	for f := range c.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		outer = f
	}
	if !outer.Valid() {
		return false
	}
	for n := range outer.Preorder((*ast.SelectorExpr)(nil)) {
		sel := n.Node().(*ast.SelectorExpr)
		if v, ok := r.info.Uses[sel.Sel].(*types.Var); ok && v.Pkg() != nil && v.Pkg().Path() == "context" &&
			(v.Name() == "Canceled" || v.Name() == "DeadlineExceeded") {
			return true
		}
		if sel.Sel.Name == "Err" && analysisutil.IsContext(r.info.TypeOf(sel.X)) {
			return true
		}
	}
	return false
}
