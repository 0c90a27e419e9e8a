package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/wait"
)

// A status poll that stops at the first error is no retry: it waits only
// between successful reads. But a poll whose check swallows the read's
// error goes round on a failed read exactly as on a "not yet":
//
//	flushed := func() bool {
//		resp, err := c.svc.GetFlushState(ctx, req)
//		if err != nil {
//			return false // the loop goes round
//		}
//		return resp.GetFlushed()
//	}
//	for !flushed() {
//		time.Sleep(200 * time.Millisecond)
//	}
//
// A failed read then waits and reads again: the read is retried. Such
// polls are kept apart (Result.SwallowPolls): only a rule about the wait
// between attempts reads them; a poll's pacing is no backoff.

// findSwallowPolls records the loops `for !check() { ...wait... }` (or
// `for check() { ... }`) with no init or post, that are no scope of
// another kind, whose check is a function of this package returning one
// bool (a literal held in a local or field only ever given literals, or a
// function or method declared here) that answers, when the error of a
// call in its own body is not nil, the value that keeps the loop going.
func (st *state) findSwallowPolls(in *inspector.Inspector, res *Result) {
	loops := res.scopeLoops()
	for c := range in.Root().Preorder((*ast.ForStmt)(nil)) {
		loop := c.Node().(*ast.ForStmt)
		if loops[loop] || loop.Init != nil || loop.Post != nil || loop.Cond == nil {
			continue
		}
		guard.Mark(st.pass, loop.Pos())
		goOn := true // the answer of the check that keeps the loop going
		cond := ast.Unparen(loop.Cond)
		if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
			cond, goOn = ast.Unparen(u.X), false
		}
		call, ok := cond.(*ast.CallExpr)
		if !ok || !isBool(st.info.TypeOf(call)) {
			continue
		}
		if !wait.InBody(st.info, loop.Body) && !st.callsSleeper(loop.Body) {
			continue
		}
		read := st.swallowedRead(call, goOn)
		if read == nil {
			continue
		}
		res.SwallowPolls = append(res.SwallowPolls, &Scope{
			Kind: Loop, Loop: loop, Body: loop.Body, Attempt: call, Helper: "poll that swallows errors",
			Evidence: EvWaits | EvFailureGoesRound,
		})
	}
}

// swallowedRead returns the call in the body of the check called by call
// whose error makes the check answer goOn, or nil.
func (st *state) swallowedRead(call *ast.CallExpr, goOn bool) *ast.CallExpr {
	var bodies []*ast.BlockStmt
	if fn, ok := typeutil.Callee(st.info, call).(*types.Func); ok {
		if d := st.decls[fn.Origin()]; d != nil && d.Body != nil {
			bodies = append(bodies, d.Body)
		}
	} else if v := analysisutil.IdentVar(st.info, call.Fun); v != nil {
		for _, lit := range st.litDefs[v] {
			bodies = append(bodies, lit.Body)
		}
	}
	if len(bodies) != 1 {
		return nil
	}
	var read *ast.CallExpr
	ast.Inspect(bodies[0], func(n ast.Node) bool {
		if read != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false
		case *ast.AssignStmt:
			if len(n.Rhs) != 1 {
				return true
			}
			c, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
			if !ok {
				return true
			}
			if v := errVarOf(st.info, n, c); v != nil && st.answersOnErr(bodies[0], n, v, goOn) {
				read = c
			}
		}
		return true
	})
	return read
}

// answersOnErr reports whether the statement after as in body (or the
// if statement whose init it is) is `if err != nil { return goOn }`.
func (st *state) answersOnErr(body *ast.BlockStmt, as *ast.AssignStmt, v *types.Var, goOn bool) bool {
	var ifs *ast.IfStmt
	ast.Inspect(body, func(n ast.Node) bool {
		if ifs != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if n.Init == as {
				ifs = n
			}
		case *ast.BlockStmt:
			for i, s := range n.List {
				if s == as && i+1 < len(n.List) {
					ifs, _ = n.List[i+1].(*ast.IfStmt)
				}
			}
		}
		return true
	})
	if ifs == nil || !nilTest(st.info, ifs.Cond, v, token.NEQ) {
		return false
	}
	if be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr); !ok || be.Op != token.NEQ {
		return false // err != nil && other: only some errors
	}
	if len(ifs.Body.List) == 0 {
		return false
	}
	ret, ok := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	tv, ok := st.info.Types[ret.Results[0]]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value) == goOn
}
