package ambiguouswrite

// The suggested fix of W2: the retried function gets a transaction of its
// own, begun, run and committed in each attempt, so that a conflict
// reruns the whole transaction.

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/retryscope"
)

// txFix offers the fix where it is mechanical: the retried function is a
// func() error literal; the transaction is a local tx, err :=
// x.Begin...(args) of the enclosing function whose receiver and
// arguments are plain names still visible in the literal; and outside the
// literal the transaction is only committed or rolled back (so it holds
// no other statement whose atomicity the fix would break). The literal's
// body then runs in a transaction of its own:
//
//	func() error {
//		tx, err := db.BeginTx(ctx, nil)
//		if err != nil {
//			return err
//		}
//		if err := func() error { ...the body... }(); err != nil {
//			tx.Rollback()
//			return err
//		}
//		return tx.Commit()
//	}
//
// The outer transaction is left empty; removing it is the reader's call.
func (r *runner) txFix(s *retryscope.Scope, w *write) (analysis.SuggestedFix, bool) {
	var none analysis.SuggestedFix
	lit, ok := s.Func.(*ast.FuncLit)
	if !ok || s.Kind != retryscope.Closure {
		return none, false
	}
	sig, ok := r.info.TypeOf(lit).(*types.Signature)
	if !ok || sig.Params().Len() != 0 || sig.Results().Len() != 1 || !analysisutil.IsError(sig.Results().At(0).Type()) {
		return none, false
	}
	id, ok := ast.Unparen(w.exec).(*ast.Ident)
	if !ok {
		return none, false
	}
	v, _ := r.info.Uses[id].(*types.Var)
	if v == nil {
		return none, false
	}
	file := r.fileOf(lit.Pos())
	if file == nil {
		return none, false
	}
	begin, commit, rollback := r.txUses(file, v, lit)
	if begin == nil || commit == nil || rollback == nil || !r.visibleIn(begin, lit.Body) {
		return none, false
	}
	errName := "err"
	if as := r.beginAssign(file, begin); as == nil || len(as.Lhs) != 2 {
		return none, false
	}
	head := "\n" + v.Name() + ", " + errName + " := " + r.src(begin) + "\nif " + errName + " != nil {\nreturn " + errName + "\n}\nif " + errName + " := func() error {"
	tail := "}(); " + errName + " != nil {\n" + r.src(rollback) + "\nreturn " + errName + "\n}\nreturn " + r.src(commit) + "\n"
	return analysis.SuggestedFix{
		Message: "begin, run and commit the transaction in each attempt",
		TextEdits: []analysis.TextEdit{
			{Pos: lit.Body.Lbrace + 1, End: lit.Body.Lbrace + 1, NewText: []byte(head)},
			{Pos: lit.Body.Rbrace, End: lit.Body.Rbrace, NewText: []byte(tail)},
		},
	}, true
}

// fileOf returns the file holding pos.
func (r *runner) fileOf(pos token.Pos) *ast.File {
	for _, f := range r.pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// txUses finds, outside lit, the call that begins v (tx, err :=
// x.Begin(...)), and calls of v's Commit and Rollback; it returns nil for
// all three when v is used outside lit for anything else.
func (r *runner) txUses(file *ast.File, v *types.Var, lit *ast.FuncLit) (begin, commit, rollback *ast.CallExpr) {
	other := false
	var stack []ast.Node
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if n == lit {
			return false
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE && len(n.Rhs) == 1 && len(n.Lhs) >= 1 {
				if lid, ok := n.Lhs[0].(*ast.Ident); ok && r.info.Defs[lid] == v {
					if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
						if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && slices.Contains(knowledge.SQLBeginMethods, sel.Sel.Name) {
							begin = call
						}
					}
				}
			}
		case *ast.Ident:
			if r.info.Uses[n] != v {
				return true
			}
			// v.Commit(...) or v.Rollback(...)
			if len(stack) >= 3 {
				if sel, ok := stack[len(stack)-2].(*ast.SelectorExpr); ok && sel.X == n {
					if call, ok := stack[len(stack)-3].(*ast.CallExpr); ok && call.Fun == sel {
						switch sel.Sel.Name {
						case "Commit":
							commit = call
							return true
						case "Rollback":
							rollback = call
							return true
						}
					}
				}
			}
			other = true
		}
		return true
	})
	if other {
		return nil, nil, nil
	}
	return begin, commit, rollback
}

// beginAssign returns the assignment whose right-hand side is begin.
func (r *runner) beginAssign(file *ast.File, begin *ast.CallExpr) *ast.AssignStmt {
	var out *ast.AssignStmt
	ast.Inspect(file, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == begin {
			out = as
		}
		return out == nil
	})
	return out
}

// visibleIn reports whether every name call mentions is a plain name
// (no call inside), resolving to the same object at the start of body.
func (r *runner) visibleIn(call *ast.CallExpr, body *ast.BlockStmt) bool {
	scope := r.pass.Pkg.Scope().Innermost(body.Lbrace + 1)
	if scope == nil {
		return false
	}
	ok := true
	ast.Inspect(call, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if n != call {
				ok = false
			}
		case *ast.SelectorExpr:
			ast.Inspect(n.X, func(m ast.Node) bool {
				if id, isID := m.(*ast.Ident); isID && !r.sameIn(scope, id, body.Lbrace+1) {
					ok = false
				}
				return ok
			})
			return false
		case *ast.Ident:
			if !r.sameIn(scope, n, body.Lbrace+1) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// sameIn reports whether id names the same object at pos in scope.
func (r *runner) sameIn(scope *types.Scope, id *ast.Ident, pos token.Pos) bool {
	obj := r.info.Uses[id]
	if obj == nil {
		return id.Name == "nil"
	}
	if _, isPkg := obj.(*types.PkgName); isPkg {
		return true
	}
	_, found := scope.LookupParent(id.Name, pos)
	return found == obj
}

// src prints n.
func (r *runner) src(n ast.Node) string {
	var b bytes.Buffer
	if err := format.Node(&b, r.pass.Fset, n); err != nil {
		return ""
	}
	return b.String()
}
