package ctxaware

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/knowledge"
)

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
	var id *ast.Ident
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == "context" && v.Name() == "DeadlineExceeded"
}
