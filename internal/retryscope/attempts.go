package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/wait"
)

// boundInBody reports whether a loop whose counter is spelled in the for
// statement (for attempt := 0; ; attempt++) tests its bound in the body:
// an if that compares an attempt counter with its bound, or a flag
// assigned that comparison (lastAttempt := attempt > c.RetryMax). Like a
// bound in the loop condition, it makes an immediate retry a retry loop.
func boundInBody(info *types.Info, body *ast.BlockStmt) bool {
	return analysisutil.AnyInBody(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			return countsAttempts(n.Cond)
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return false
			}
			for i, r := range n.Rhs {
				if v := analysisutil.IdentVar(info, n.Lhs[i]); v != nil && isBool(v.Type()) && countsAttempts(r) {
					return true
				}
			}
		}
		return false
	})
}

// goroutineAttempt finds an attempt run in a goroutine started in the
// loop, whose error the loop receives from a channel (err = <-errc, in a
// select case or alone), and says how the loop retries it. The goroutine
// must be started in the same loop as the receive: work fanned out by one
// loop and collected by another is no attempt.
func (st *state) goroutineAttempt(c inspector.Cursor, loop ast.Node) (*ast.CallExpr, *types.Var, Evidence) {
	body := analysisutil.LoopBody(loop)
	sent := map[*types.Var]*ast.CallExpr{} // channel -> the call whose error a goroutine sends on it
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.GoStmt:
			lit, ok := ast.Unparen(n.Call.Fun).(*ast.FuncLit)
			if !ok {
				return false
			}
			ast.Inspect(lit.Body, func(m ast.Node) bool {
				send, ok := m.(*ast.SendStmt)
				if !ok {
					return true
				}
				ch := analysisutil.IdentVar(st.info, send.Chan)
				call, ok := ast.Unparen(send.Value).(*ast.CallExpr)
				if ch != nil && ok && returnsError(st.info, call) && !wait.IsWaitCall(st.info, call) {
					sent[ch] = call
				}
				return true
			})
			return false
		}
		return true
	})
	if len(sent) == 0 {
		return nil, nil, 0
	}
	for cc := range c.Preorder((*ast.AssignStmt)(nil)) {
		a := cc.Node().(*ast.AssignStmt)
		if len(a.Lhs) != 1 || len(a.Rhs) != 1 || !st.attemptOf(cc, loop) {
			continue
		}
		recv, ok := ast.Unparen(a.Rhs[0]).(*ast.UnaryExpr)
		if !ok || recv.Op != token.ARROW {
			continue
		}
		call := sent[analysisutil.IdentVar(st.info, recv.X)]
		errVar := analysisutil.IdentVar(st.info, a.Lhs[0])
		if call == nil || errVar == nil || !analysisutil.IsError(errVar.Type()) {
			continue
		}
		if how := retryHowAt(st.info, loop, call, recv, errVar, st.labels[loop]); how != 0 {
			return call, errVar, how | EvGoroutine
		}
	}
	return nil, nil, 0
}
