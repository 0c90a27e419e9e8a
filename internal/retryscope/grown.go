package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/reslint/reslint/internal/analysisutil"
)

// GrownOnFailure returns the variables declared outside the loop body
// body that the body grows by a constant factor in a branch taken on an
// error, and only there:
//
//	pc, err := p.newConn(ctx)
//	if err != nil {
//		wait *= 2 // or wait = wait * 3 / 2, wait <<= 1, min(wait*2, max)
//		...
//	} else {
//		wait = p.cfg.MinReconnectInterval
//	}
//	waitCh = clock.After(wait)
//
// Such a variable is the state of a backoff: the wait it feeds comes
// between a failed attempt and the next, whatever else the loop does
// (serve a signal channel, run on success too). A variable grown on
// every round (a poll's interval stretched as it waits for a state) is
// not one, and neither is a backoff after the failure of an operation
// that acts on this machine only (knowledge.LocalOps: an accept on the
// process's own listener that ran out of file descriptors), with no
// shared dependency for a fleet to stampede.
func GrownOnFailure(info *types.Info, body *ast.BlockStmt) map[*types.Var]bool {
	failing := map[*types.Var]bool{} // grown in a failure branch
	other := map[*types.Var]bool{}   // grown elsewhere
	if localFailure(info, body) {
		return failing
	}
	var walk func(n ast.Node, onFailure bool)
	walk = func(n ast.Node, onFailure bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.IfStmt:
				if n.Init != nil {
					walk(n.Init, onFailure)
				}
				then, els := onFailure, onFailure
				switch {
				case failTest(info, n.Cond, token.NEQ):
					then = true
				case failTest(info, n.Cond, token.EQL):
					els = true
				}
				walk(n.Body, then)
				if n.Else != nil {
					walk(n.Else, els)
				}
				return false
			case *ast.AssignStmt:
				if v := grows(info, n); v != nil && v.Pos() < body.Pos() && v.Parent() != nil && v.Parent() != v.Pkg().Scope() && !v.IsField() {
					if onFailure {
						failing[v] = true
					} else {
						other[v] = true
					}
				}
			}
			return true
		})
	}
	walk(body, false)
	for v := range other {
		delete(failing, v)
	}
	return failing
}

// failTest reports whether cond compares an error with nil by op, alone
// or as an operand of && (err != nil && !closed).
func failTest(info *types.Info, cond ast.Expr, op token.Token) bool {
	e, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	if e.Op == token.LAND && op == token.NEQ {
		return failTest(info, e.X, op) || failTest(info, e.Y, op)
	}
	if e.Op != op {
		return false
	}
	return isNil(info, e.Y) && analysisutil.IsError(info.TypeOf(e.X)) ||
		isNil(info, e.X) && analysisutil.IsError(info.TypeOf(e.Y))
}

// grows returns the variable an assignment multiplies by a constant
// factor: v *= k, v <<= k, v = v * k (/ d), v = min(v*k, max).
func grows(info *types.Info, as *ast.AssignStmt) *types.Var {
	if len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil
	}
	v := analysisutil.IdentVar(info, as.Lhs[0])
	if v == nil {
		return nil
	}
	switch as.Tok {
	case token.MUL_ASSIGN, token.SHL_ASSIGN:
		if tv, ok := info.Types[as.Rhs[0]]; ok && tv.Value != nil {
			return v
		}
	case token.ASSIGN:
		if scaled(info, as.Rhs[0], v) {
			return v
		}
	}
	return nil
}

// scaled reports whether e is v times a constant (v * 2, v * 3 / 2,
// v << 1, 2 * v), possibly capped by min.
func scaled(info *types.Info, e ast.Expr, v *types.Var) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "min" {
				for _, a := range e.Args {
					if scaled(info, a, v) {
						return true
					}
				}
			}
		}
	case *ast.BinaryExpr:
		isConst := func(x ast.Expr) bool { tv, ok := info.Types[x]; return ok && tv.Value != nil }
		switch e.Op {
		case token.MUL, token.SHL:
			return isVar(info, e.X, v) && isConst(e.Y) || e.Op == token.MUL && isVar(info, e.Y, v) && isConst(e.X) ||
				scaled(info, e.X, v) && isConst(e.Y)
		case token.QUO:
			return scaled(info, e.X, v) && isConst(e.Y)
		}
	}
	return false
}

// localFailure reports whether body tests against nil the error of an
// operation of knowledge.LocalOps (conn, err := ln.Accept()).
func localFailure(info *types.Info, body *ast.BlockStmt) bool {
	return analysisutil.AnyInBody(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return false
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || !localOp(info, call) {
			return false
		}
		for _, l := range as.Lhs {
			if v := analysisutil.IdentVar(info, l); v != nil && analysisutil.IsError(v.Type()) {
				return true
			}
		}
		return false
	})
}
