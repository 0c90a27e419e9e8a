package backoffjitter

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/retryscope"
)

// handlerWaits judges the waits of the failure handlers called in body,
// the body of a retry scope: a function of this package called on the
// failure path (inside `if err != nil`, or handed the error) that waits
// once, outside any loop of its own, before the next attempt:
//
//	} else if err != nil {
//		err = p.refresh(ctx) // closes, sleeps 250ms, dials again
//	}
//
// Its wait comes between the scope's attempts as if written in the body.
// The wait's duration is evaluated with the handler's parameters bound
// to the caller's arguments (a backoff policy the caller made and hands
// on: handleError(ctx, err, backoff) waiting backoff.Next()). A wait
// that stays unknown at this call is left for another call to judge.
func (r *runner) handlerWaits(body ast.Node, cur inspector.Cursor, sf *classify.SignalFinder, between string) {
	for c := range cur.Preorder((*ast.CallExpr)(nil)) {
		if lit := enclosingLit(c); lit != nil && lit.Pos() >= body.Pos() {
			continue
		}
		call := c.Node().(*ast.CallExpr)
		if r.wait.DurationOf(c) != nil {
			continue // a sleep helper: a wait judged as such
		}
		fn := analysisutil.CalleeFunc(r.info, call)
		if fn == nil {
			continue
		}
		fn = fn.Origin()
		d := r.decls[fn]
		if d == nil || d.Body == nil || fn.Pkg() != r.pass.Pkg || !r.onFailure(c, body, call) {
			continue
		}
		if b, ok := body.(*ast.BlockStmt); ok && retryscope.OnExitPath(b, call) {
			continue
		}
		if sf.StateWait(body, c) {
			continue
		}
		dc, ok := r.in.Root().FindNode(d)
		if !ok {
			continue
		}
		binds := r.bindArgs(d, call)
		for w := range dc.Preorder((*ast.CallExpr)(nil)) {
			if r.inLoopOrLit(w, d) {
				continue
			}
			arg := r.wait.DurationOf(w)
			if arg == nil || r.done[arg.Pos()] {
				continue
			}
			ev := r.newEval()
			ev.args = binds
			v := ev.eval(arg)
			if !v.det() {
				continue
			}
			r.done[arg.Pos()] = true
			r.judgeVal(arg, arg, v, between, plainWait)
		}
	}
}

// onFailure reports whether call, in body, runs on the failure path: in
// the branch of an `if x != nil` on an error, or handed an error.
func (r *runner) onFailure(c inspector.Cursor, body ast.Node, call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if v := analysisutil.IdentVar(r.info, a); v != nil && analysisutil.IsError(v.Type()) {
			return true
		}
	}
	for a := range c.Enclosing((*ast.IfStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		ifs, ok := a.Node().(*ast.IfStmt)
		if !ok || ifs.Pos() < body.Pos() || ifs.End() > body.End() {
			return false
		}
		if call.Pos() >= ifs.Body.Pos() && call.End() <= ifs.Body.End() && r.errNotNil(ifs.Cond) {
			return true
		}
	}
	return false
}

// errNotNil reports whether cond tests an error against nil, alone or as
// an operand of &&: err != nil.
func (r *runner) errNotNil(cond ast.Expr) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		if e.Op == token.LAND {
			return r.errNotNil(e.X) || r.errNotNil(e.Y)
		}
		if e.Op != token.NEQ {
			return false
		}
		for _, pair := range [][2]ast.Expr{{e.X, e.Y}, {e.Y, e.X}} {
			if isNilExpr(r.info, pair[1]) && analysisutil.IsError(r.info.TypeOf(pair[0])) {
				return true
			}
		}
	}
	return false
}

// bindArgs binds the parameters of d to the arguments of call.
func (r *runner) bindArgs(d *ast.FuncDecl, call *ast.CallExpr) map[*types.Var]ast.Expr {
	if call.Ellipsis.IsValid() {
		return nil
	}
	binds := map[*types.Var]ast.Expr{}
	i := 0
	for _, f := range d.Type.Params.List {
		if _, ok := f.Type.(*ast.Ellipsis); ok {
			return binds
		}
		for _, id := range f.Names {
			if v, ok := r.info.Defs[id].(*types.Var); ok && v != nil && i < len(call.Args) {
				binds[v] = call.Args[i]
			}
			i++
		}
	}
	return binds
}

// inLoopOrLit reports whether c sits in a loop or a func literal of d: a
// handler that waits in a loop of its own polls or retries by itself.
func (r *runner) inLoopOrLit(c inspector.Cursor, d *ast.FuncDecl) bool {
	for a := range c.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		return a.Node() != ast.Node(d)
	}
	return true
}
