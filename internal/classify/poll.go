package classify

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/knowledge"
)

// IsPoll reports whether a loop whose body runs attempt (its error landing
// in errVar) is a poll rather than a retry: the attempt reads a state (its
// name says get, status, check, describe, ready, ...: see
// knowledge.ReadWords; a write refused by a result code and sent again is
// a retry), and the loop leaves on the first error,
// right where the attempt's error is first tested (`if err != nil {
// return err }`, or `if err := read(); err != nil { break }`), so the
// only rounds it goes are after successful reads — waiting for a status
// to change, not retrying a failure. Its waits are pacing, not backoff.
func IsPoll(info *types.Info, body *ast.BlockStmt, attempt *ast.CallExpr, errVar *types.Var) bool {
	if body == nil || attempt == nil || errVar == nil || !readsState(attempt) {
		return false
	}
	list := pollList(body.List, attempt)
	for i, s := range list {
		if !(s.Pos() <= attempt.Pos() && attempt.End() <= s.End()) {
			continue
		}
		readFirst := i == 0 // nothing runs between a continue and the next read
		if ifs, ok := s.(*ast.IfStmt); ok && ifs.Init != nil && ifs.Init.Pos() <= attempt.Pos() && attempt.End() <= ifs.Init.End() {
			return errLeaves(info, ifs, errVar) && !retriesSome(ifs, readFirst)
		}
		if _, ok := s.(*ast.AssignStmt); !ok || i+1 >= len(list) {
			return false
		}
		ifs, ok := list[i+1].(*ast.IfStmt)
		return ok && ifs.Init == nil && errLeaves(info, ifs, errVar) && !retriesSome(ifs, readFirst)
	}
	return false
}

// pollList returns the statement list where the attempt is made: the
// loop body, or the body of the select case that runs it after the
// pacing wait (select { case <-ctx.Done(): return; case <-time.After(d):
// status, err := read(ctx); ... }).
func pollList(list []ast.Stmt, attempt *ast.CallExpr) []ast.Stmt {
	for _, s := range list {
		sel, ok := s.(*ast.SelectStmt)
		if !ok || !(sel.Pos() <= attempt.Pos() && attempt.End() <= sel.End()) {
			continue
		}
		for _, cc := range sel.Body.List {
			cc := cc.(*ast.CommClause)
			if cc.Comm != nil && cc.Colon < attempt.Pos() && attempt.End() <= cc.End() {
				return cc.Body
			}
		}
	}
	return list
}

// errLeaves reports whether ifs is `if err != nil { ... leave }` for
// errVar, with no else: every error ends the loop. `if !errors.Is(err,
// ErrNoProgress) { return }`, where the sentinel says "nothing yet" (its
// name holds one of knowledge.NotYetWords), leaves on every error and on
// success alike: the loop goes round only while the state it reads has
// not changed.
func errLeaves(info *types.Info, ifs *ast.IfStmt, errVar *types.Var) bool {
	if u, ok := ast.Unparen(ifs.Cond).(*ast.UnaryExpr); ok && u.Op == token.NOT && ifs.Else == nil {
		if c, ok := ast.Unparen(u.X).(*ast.CallExpr); ok && isErrorsIs(info, c) && len(c.Args) == 2 &&
			analysisutil.IdentVar(info, c.Args[0]) == errVar && notYet(c.Args[1]) {
			return analysisutil.EndsBy(ifs.Body.List, analysisutil.ByReturn|analysisutil.ByBreak|analysisutil.ByNoReturn)
		}
	}
	be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ || ifs.Else != nil {
		return false
	}
	x, y := ast.Unparen(be.X), ast.Unparen(be.Y)
	if id, ok := x.(*ast.Ident); ok && id.Name == "nil" {
		x, y = y, x
	}
	if id, ok := y.(*ast.Ident); !ok || id.Name != "nil" {
		return false
	}
	if analysisutil.IdentVar(info, x) != errVar {
		return false
	}
	return analysisutil.EndsBy(ifs.Body.List, analysisutil.ByReturn|analysisutil.ByBreak|analysisutil.ByNoReturn)
}

// retriesSome reports whether the error test ifs goes round for some
// errors with something done before the next read: `if err != nil { if
// temporary(err) { time.Sleep(d); continue }; return err }`, or a bare
// continue when the loop body runs statements before the read (a backoff
// at its top). Then the loop retries those errors and is no poll. A bare
// continue straight to the next read (a tolerated hiccup) leaves the
// waits of the loop pacing successful reads: still a poll.
func retriesSome(ifs *ast.IfStmt, readFirst bool) bool {
	found := false
	var inspect func(n ast.Node) bool
	inspect = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false
		case *ast.BlockStmt:
			for i, st := range n.List {
				if br, ok := st.(*ast.BranchStmt); ok && (br.Tok == token.CONTINUE || br.Tok == token.GOTO) && (i > 0 || !readFirst || br.Tok == token.GOTO) {
					found = true
				}
			}
		}
		return !found
	}
	ast.Inspect(ifs.Body, inspect)
	return found
}

// readsState reports whether the attempt's callee is named for reading a
// state.
func readsState(call *ast.CallExpr) bool {
	var name string
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		name = f.Name
	case *ast.SelectorExpr:
		name = f.Sel.Name
	default:
		return false
	}
	return slices.ContainsFunc(Words(name), func(w string) bool { return slices.Contains(knowledge.ReadWords, w) })
}

// notYet reports whether the sentinel error e is named for a state that
// has not arrived yet (io.ErrNoProgress, ErrNotReady, ErrPending).
func notYet(e ast.Expr) bool {
	var name string
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		name = e.Name
	case *ast.SelectorExpr:
		name = e.Sel.Name
	}
	return slices.ContainsFunc(Words(name), func(w string) bool { return slices.Contains(knowledge.NotYetWords, w) })
}

func isErrorsIs(info *types.Info, c *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(info, c).(*types.Func)
	return knowledge.IsErrorsFunc(fn, "Is")
}
