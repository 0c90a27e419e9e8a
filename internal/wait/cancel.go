package wait

// The cancellation checks: which statements leave when a context is done,
// which conditions hold when it is, and which select cases on a done
// context stay in their loop. They say whether a function returns when
// its context is done (Fact.Honors), and the analyzers above ask them
// whether a retry scope checks its caller's context.

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/knowledge"
)

// leavesCheck is how a statement list that acts on a done context must
// end: by return, panic, goto, a break or continue, or an if/else whose
// branches all do. A break or continue counts: inside a retry loop both end
// the path towards the code that follows the check.
const leavesCheck = analysisutil.ByReturn | analysisutil.ByBreak | analysisutil.ByContinue |
	analysisutil.ByGoto | analysisutil.ByPanic | analysisutil.ByIfElse | analysisutil.ByBlock

// ExitsWhenDone reports whether stmt leaves (return, panic, or a break,
// continue or goto) when a context is done, and returns that context:
// `if ctx.Err() != nil { return ... }`, `if err := ctx.Err(); err != nil
// { ... return }`, `if ctx.Err() != nil || ... { return }`, a tagless
// switch whose `case ctx.Err() != nil:` leaves, or a select whose
// `case <-ctx.Done():` leaves.
func ExitsWhenDone(info *types.Info, stmt ast.Stmt) *types.Var {
	switch s := stmt.(type) {
	case *ast.IfStmt:
		if v := DoneCond(info, s.Cond, s.Init); v != nil && analysisutil.EndsBy(s.Body.List, leavesCheck) {
			return v
		}
	case *ast.SelectStmt:
		for _, cl := range s.Body.List {
			cc, ok := cl.(*ast.CommClause)
			if !ok || cc.Comm == nil {
				continue
			}
			if v := recvCtx(info, cc.Comm); v != nil && analysisutil.EndsBy(cc.Body, leavesCheck) {
				return v
			}
		}
	case *ast.SwitchStmt:
		if s.Tag != nil {
			return nil
		}
		for _, cl := range s.Body.List {
			cc, ok := cl.(*ast.CaseClause)
			if !ok {
				continue
			}
			for _, e := range cc.List {
				if v := DoneCond(info, e, s.Init); v != nil && analysisutil.EndsBy(cc.Body, leavesCheck) {
					return v
				}
			}
		}
	case *ast.LabeledStmt:
		return ExitsWhenDone(info, s.Stmt)
	}
	return nil
}

// DoneCond returns the context v when cond is true whenever v is done:
// v.Err() != nil, context.Cause(v) != nil, err != nil for an err that
// init assigned from v.Err(), errors.Is(v.Err(), ...), the negation of a
// NotDoneCond, and any || that has such an operand.
func DoneCond(info *types.Info, cond ast.Expr, init ast.Stmt) *types.Var {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return NotDoneCond(info, e.X, init)
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LOR:
			if v := DoneCond(info, e.X, init); v != nil {
				return v
			}
			return DoneCond(info, e.Y, init)
		case token.NEQ:
			return errOperand(info, e, init)
		}
	case *ast.CallExpr:
		// errors.Is(ctx.Err(), context.Canceled)
		if fn, _ := typeutil.Callee(info, e).(*types.Func); knowledge.IsErrorsFunc(fn, "Is") && len(e.Args) == 2 {
			return errCtx(info, e.Args[0], init)
		}
	}
	return nil
}

// NotDoneCond returns the context v when cond is false whenever v is
// done: v.Err() == nil, context.Cause(v) == nil, the negation of a
// DoneCond, and any && that has such an operand.
func NotDoneCond(info *types.Info, cond ast.Expr, init ast.Stmt) *types.Var {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return DoneCond(info, e.X, init)
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			if v := NotDoneCond(info, e.X, init); v != nil {
				return v
			}
			return NotDoneCond(info, e.Y, init)
		case token.EQL:
			return errOperand(info, e, init)
		}
	}
	return nil
}

// errOperand returns v for a comparison of v's error with nil.
func errOperand(info *types.Info, e *ast.BinaryExpr, init ast.Stmt) *types.Var {
	for _, pair := range [][2]ast.Expr{{e.X, e.Y}, {e.Y, e.X}} {
		if id, ok := ast.Unparen(pair[1]).(*ast.Ident); ok && id.Name == "nil" {
			if v := errCtx(info, pair[0], init); v != nil {
				return v
			}
		}
	}
	return nil
}

// errCtx returns v when e is v.Err(), context.Cause(v), or a variable
// that init assigned from one of them.
func errCtx(info *types.Info, e ast.Expr, init ast.Stmt) *types.Var {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Done" {
			return nil
		}
		return analysisutil.ContextOf(info, call)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	as, ok := init.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != len(as.Rhs) {
		return nil
	}
	for i, l := range as.Lhs {
		if lid, ok := l.(*ast.Ident); ok && info.ObjectOf(lid) == info.ObjectOf(id) {
			if call, ok := ast.Unparen(as.Rhs[i]).(*ast.CallExpr); ok {
				return errCtx(info, call, nil)
			}
		}
	}
	return nil
}

// recvCtx returns v for a select communication `<-v.Done()` (possibly
// assigned), or nil.
func recvCtx(info *types.Info, comm ast.Stmt) *types.Var {
	return ClassifyCase(info, &ast.CommClause{Comm: comm}, nil).Ctx
}

// DoneCaseStays reports whether cc, the `case <-ctx.Done():` of a select
// in a loop, surely does not leave that loop: its body neither leaves
// (return, panic, goto, a labeled break or continue), nor leaves on
// anything but context.DeadlineExceeded (a cancellation goes round), nor
// assigns a variable declared outside it (a flag or error the loop may
// test later), nor calls a function of pkg or a func value (which may set
// such state), nor closes or sends. Once the context is done, Done() stays
// ready, and such a loop takes this case at once on every round: it
// spins. An unlabeled break leaves the select only.
func DoneCaseStays(info *types.Info, pkg *types.Package, cc *ast.CommClause) bool {
	unsure := false
	ast.Inspect(&ast.BlockStmt{List: cc.Body}, func(n ast.Node) bool {
		if unsure {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if deadlineOnly(info, n.Cond) && n.Else == nil {
				return false // leaves on DeadlineExceeded only: Canceled goes round
			}
		case *ast.ReturnStmt:
			unsure = true
		case *ast.BranchStmt:
			switch {
			case n.Tok == token.GOTO:
				unsure = true
			case n.Label != nil && (n.Tok == token.BREAK || n.Tok == token.CONTINUE):
				// break retry / continue outer: a labeled loop other than
				// a nested one inside the case.
				unsure = true
			}
		case *ast.CallExpr:
			switch callee := typeutil.Callee(info, n).(type) {
			case *types.Func:
				// A function of this package may set the state the loop
				// tests (s.shutdown()); another package's (a logger) does
				// not, unless it does not return.
				unsure = analysisutil.NoReturnCall(n) || callee.Pkg() == pkg
			case *types.Builtin:
				unsure = callee.Name() == "close" || callee.Name() == "panic"
			case nil:
				// A conversion is harmless; a func value may do anything.
				unsure = !info.Types[n.Fun].IsType()
			default:
				unsure = true
			}
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if n.Tok == token.DEFINE {
					continue
				}
				if v := analysisutil.IdentVar(info, lhs); v == nil || !(cc.Pos() <= v.Pos() && v.Pos() < cc.End()) {
					unsure = true // a flag or error the loop may test later
				}
			}
		case *ast.IncDecStmt, *ast.SendStmt:
			unsure = true
		}
		return true
	})
	return !unsure
}

// deadlineOnly reports whether cond holds only for context.DeadlineExceeded:
// errors.Is(x, context.DeadlineExceeded) or x == context.DeadlineExceeded,
// alone or joined by && with other tests.
func deadlineOnly(info *types.Info, cond ast.Expr) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			return deadlineOnly(info, e.X) || deadlineOnly(info, e.Y)
		case token.EQL:
			for _, x := range []ast.Expr{e.X, e.Y} {
				if isDeadlineExceeded(info, x) {
					return true
				}
			}
		}
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(info, e).(*types.Func)
		if knowledge.IsErrorsFunc(fn, "Is") && len(e.Args) == 2 {
			return isDeadlineExceeded(info, e.Args[1])
		}
	}
	return false
}

// isDeadlineExceeded reports whether e is context.DeadlineExceeded.
func isDeadlineExceeded(info *types.Info, e ast.Expr) bool {
	id := analysisutil.RefIdent(e)
	if id == nil {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == "context" && v.Name() == "DeadlineExceeded"
}

// ExitsOnErr reports whether `if err := ...; err != nil { ... }` leaves
// in its body.
func ExitsOnErr(info *types.Info, ifs *ast.IfStmt) bool {
	be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	return ok && be.Op == token.NEQ && analysisutil.EndsBy(ifs.Body.List, analysisutil.ByReturn|analysisutil.ByBreak|analysisutil.ByGoto)
}
