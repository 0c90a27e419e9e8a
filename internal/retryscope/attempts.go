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

// failureCounted reports whether the loop's condition bounds a counter
// (n < 3) that the body counts up only on a failure path: inside the body
// of an if that tests an error (err != nil) or the else of one that tests
// success (err == nil). A counter of failures bounding the loop is an
// attempt counter whatever its name (nr, n, i), and a loop that counts
// its failures against a bound retries.
func failureCounted(info *types.Info, loop ast.Node) bool {
	f, ok := loop.(*ast.ForStmt)
	if !ok || f.Cond == nil || f.Post != nil {
		return false
	}
	be, ok := ast.Unparen(f.Cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	var counter *types.Var
	switch be.Op {
	case token.LSS, token.LEQ:
		if tv, ok := info.Types[be.Y]; ok && tv.Value != nil {
			counter = analysisutil.IdentVar(info, be.X)
		}
	case token.GTR, token.GEQ:
		if tv, ok := info.Types[be.X]; ok && tv.Value != nil {
			counter = analysisutil.IdentVar(info, be.Y)
		}
	}
	if counter == nil {
		return false
	}
	onFailure, elsewhere := false, false
	var walk func(n ast.Node, failing bool)
	walk = func(n ast.Node, failing bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.IfStmt:
				if m.Init != nil {
					walk(m.Init, failing)
				}
				body, els := failing, failing
				if errTest(info, m.Cond, token.NEQ) {
					body = true
				} else if errTest(info, m.Cond, token.EQL) {
					els = true
				}
				walk(m.Body, body)
				if m.Else != nil {
					walk(m.Else, els)
				}
				return false
			case *ast.IncDecStmt:
				if m.Tok == token.INC && analysisutil.IdentVar(info, m.X) == counter {
					if failing {
						onFailure = true
					} else {
						elsewhere = true
					}
				}
			case *ast.AssignStmt:
				for _, l := range m.Lhs {
					if analysisutil.IdentVar(info, l) == counter {
						if failing && m.Tok == token.ADD_ASSIGN {
							onFailure = true
						} else {
							elsewhere = true
						}
					}
				}
			}
			return true
		})
	}
	walk(f.Body, false)
	return onFailure && !elsewhere
}

// errTest reports whether cond is err op nil for a variable of type error.
func errTest(info *types.Info, cond ast.Expr, op token.Token) bool {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || be.Op != op {
		return false
	}
	x, y := be.X, be.Y
	if isNil(info, x) {
		x, y = y, x
	}
	v := analysisutil.IdentVar(info, x)
	return v != nil && analysisutil.IsError(v.Type()) && isNil(info, y)
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
