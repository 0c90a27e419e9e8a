package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/wait"
)

// Retry by put-back: a drain loop works while a pending set is not
// empty, takes what is pending, runs it, and puts what failed back into
// the set, so the loop goes round and runs it again:
//
//	for len(r.dirty) > 0 {
//		batch := maps.Clone(r.dirty)
//		clear(r.dirty)
//		err := r.flush(batch)
//		if err != nil {
//			time.Sleep(time.Second)
//			maps.Copy(r.dirty, batch)
//		}
//	}
//
// The loop's condition is len(set) > 0 (or != 0); a branch on the error
// of a call in the body puts items back into the very set (maps.Copy into
// it, an element stored in it, an append to it); and the body waits. The
// loop leaves when everything has succeeded, as a retry loop does, but it
// is kept apart from Scopes (Result.Drains): a rule reads drains only when
// it is about the wait between the rounds.

// findDrains records the package's drain loops that put failed work back.
func (st *state) findDrains(in *inspector.Inspector, res *Result) {
	loops := res.scopeLoops()
	for c := range in.Root().Preorder((*ast.ForStmt)(nil)) {
		loop := c.Node().(*ast.ForStmt)
		if loops[loop] || loop.Cond == nil {
			continue
		}
		guard.Mark(st.pass, loop.Pos())
		set := st.drainedSet(loop.Cond)
		if set == nil {
			continue
		}
		if !wait.InBody(st.info, loop.Body) && !st.callsSleeper(loop.Body) {
			continue
		}
		errs := map[*types.Var]*ast.CallExpr{}
		var ifs []*ast.IfStmt
		ast.Inspect(loop.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.AssignStmt:
				if len(n.Rhs) == 1 {
					if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && returnsError(st.info, call) {
						if v := errVarOf(st.info, n, call); v != nil {
							errs[v] = call
						}
					}
				}
			case *ast.IfStmt:
				ifs = append(ifs, n)
			}
			return true
		})
		for _, ifs := range ifs {
			var attempt *ast.CallExpr
			var errVar *types.Var
			for v, call := range errs {
				if nilTest(st.info, ifs.Cond, v, token.NEQ) && (attempt == nil || call.Pos() < attempt.Pos()) {
					attempt, errVar = call, v
				}
			}
			if attempt != nil && st.putsBack(ifs.Body, set) {
				res.Drains = append(res.Drains, &Scope{
					Kind: Loop, Loop: loop, Body: loop.Body, Attempt: attempt, ErrVar: errVar,
					Helper: "put-back loop", Evidence: EvRequeue | EvFailureGoesRound | EvWaits,
				})
				break
			}
		}
	}
}

// drainedSet returns the variable or field of len(x) > 0, len(x) != 0 or
// 0 < len(x), when x is a map or a slice.
func (st *state) drainedSet(cond ast.Expr) types.Object {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	l, r := ast.Unparen(be.X), ast.Unparen(be.Y)
	switch be.Op {
	case token.GTR, token.NEQ:
	case token.LSS:
		l, r = r, l
	default:
		return nil
	}
	if tv, ok := st.info.Types[r]; !ok || tv.Value == nil || tv.Value.String() != "0" {
		return nil
	}
	call, ok := l.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); !ok || id.Name != "len" {
		return nil
	} else if _, ok := st.info.Uses[id].(*types.Builtin); !ok {
		return nil
	}
	t := st.info.TypeOf(call.Args[0])
	if t == nil {
		return nil // broken code
	}
	switch t.Underlying().(type) {
	case *types.Map, *types.Slice:
	default:
		return nil
	}
	return setObj(st.info, call.Args[0])
}

// setObj returns the variable or field e names.
func setObj(info *types.Info, e ast.Expr) types.Object {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.Uses[e].(*types.Var); ok {
			return v
		}
	case *ast.SelectorExpr:
		if v, ok := info.Uses[e.Sel].(*types.Var); ok {
			return v
		}
	}
	return nil
}

// putsBack reports whether body puts items into set: maps.Copy(set, ...),
// set[k] = v, or set = append(set, ...).
func (st *state) putsBack(body *ast.BlockStmt, set types.Object) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			fn := analysisutil.CalleeFunc(st.info, n)
			if fn != nil && fn.Pkg() != nil && fn.Name() == "Copy" && (fn.Pkg().Path() == "maps" || fn.Pkg().Path() == "golang.org/x/exp/maps") &&
				len(n.Args) == 2 && setObj(st.info, n.Args[0]) == set {
				found = true
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok && setObj(st.info, ix.X) == set {
					found = true
				}
				if setObj(st.info, l) == set && i < len(n.Rhs) {
					if call, ok := ast.Unparen(n.Rhs[i]).(*ast.CallExpr); ok {
						if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "append" && len(call.Args) > 0 && setObj(st.info, call.Args[0]) == set {
							found = true
						}
					}
				}
			}
		}
		return !found
	})
	return found
}
