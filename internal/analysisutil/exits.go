package analysisutil

import (
	"go/ast"
	"go/token"
	"slices"

	"github.com/reslint/reslint/internal/knowledge"
)

// An Exit is a set of ways a statement list may end "by leaving". Callers
// name the ways that count for their question, so every "does this block
// leave" in the suite is EndsBy with explicit semantics.
type Exit uint

const (
	ByReturn   Exit = 1 << iota // return
	ByBreak                     // break (labelled or not)
	ByContinue                  // continue
	ByGoto                      // goto
	ByPanic                     // a call of the builtin panic
	ByNoReturn                  // panic, or a call NoReturnCall recognises (os.Exit, log.Fatal, t.Fatal, ...)
	ByIfElse                    // an if/else (chain) all of whose branches end by leaving
	ByBlock                     // a nested block that ends by leaving
)

// EndsBy reports whether the last statement of list leaves in one of the
// ways in how. Only the last statement is looked at: code after a
// conditional exit still runs on the other path.
func EndsBy(list []ast.Stmt, how Exit) bool {
	if len(list) == 0 {
		return false
	}
	switch s := list[len(list)-1].(type) {
	case *ast.ReturnStmt:
		return how&ByReturn != 0
	case *ast.BranchStmt:
		switch s.Tok {
		case token.BREAK:
			return how&ByBreak != 0
		case token.CONTINUE:
			return how&ByContinue != 0
		case token.GOTO:
			return how&ByGoto != 0
		}
	case *ast.ExprStmt:
		if c, ok := s.X.(*ast.CallExpr); ok {
			if how&ByNoReturn != 0 && NoReturnCall(c) {
				return true
			}
			if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok && id.Name == "panic" {
				return how&(ByPanic|ByNoReturn) != 0
			}
		}
	case *ast.IfStmt:
		if how&ByIfElse == 0 || s.Else == nil {
			return false
		}
		var elseExits bool
		switch e := s.Else.(type) {
		case *ast.BlockStmt:
			elseExits = EndsBy(e.List, how)
		case *ast.IfStmt:
			elseExits = EndsBy([]ast.Stmt{e}, how)
		}
		return elseExits && EndsBy(s.Body.List, how)
	case *ast.BlockStmt:
		return how&ByBlock != 0 && EndsBy(s.List, how)
	}
	return false
}

// NoReturnCall reports whether call does not return to its caller's code:
// the builtin panic, or a function or method named like os.Exit,
// log.Fatal*, log.Panic*, t.Fatal*/FailNow/Skip* or runtime.Goexit
// (knowledge.NoReturnSelectors). Recognised by name, without types: a
// loop that ends in one of these is taken to leave, which keeps retry
// recognition conservative. (Rules that need precision use ctrlflow's
// noReturn facts instead.)
func NoReturnCall(call *ast.CallExpr) bool {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return f.Name == "panic"
	case *ast.SelectorExpr:
		return slices.Contains(knowledge.NoReturnSelectors, f.Sel.Name)
	}
	return false
}
