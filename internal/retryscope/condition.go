package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/wait"
)

// pollsCondition reports whether the loop runs call, a condition of shape
// func() (done bool, err error), until it says done or fails, and waits
// between rounds: `if ok, err := cond(); err != nil || ok { return err }`
// then a pause. A helper built that way (an exponential-backoff poller)
// retries whatever its condition turns into "not done yet"; the condition
// decides, the helper only goes round and waits.
func pollsCondition(info *types.Info, loop ast.Node, c inspector.Cursor, call *ast.CallExpr) bool {
	tup, ok := info.TypeOf(call).(*types.Tuple)
	if !ok || tup.Len() != 2 || !types.Identical(tup.At(0).Type().Underlying(), types.Typ[types.Bool]) || !analysisutil.IsError(tup.At(1).Type()) {
		return false
	}
	as, ok := c.Parent().Node().(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
		return false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return false
	}
	done, _ := info.ObjectOf(id).(*types.Var)
	body := analysisutil.LoopBody(loop)
	if done == nil || body == nil || !wait.InBody(info, body) {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found {
			return false
		}
		if ifs, ok := n.(*ast.IfStmt); ok && analysisutil.Mentions(info, ifs.Cond, done) && leaves(ifs.Body.List) {
			found = true
		}
		return true
	})
	return found
}

// handedVar returns the call in the function at fc that takes, as
// argument ai, the local variable that the function literal lit is
// assigned to once (condition := func() (bool, error) { ... }; then
// poll(b, condition)), with the call's cursor.
func handedVar(info *types.Info, fc inspector.Cursor, lc inspector.Cursor, lit *ast.FuncLit) (inspector.Cursor, *ast.CallExpr, int) {
	var v *types.Var
	switch p := lc.Parent().Node().(type) {
	case *ast.AssignStmt:
		if p.Tok == token.DEFINE && len(p.Lhs) == 1 && len(p.Rhs) == 1 && ast.Unparen(p.Rhs[0]) == lit {
			if id, ok := p.Lhs[0].(*ast.Ident); ok {
				v, _ = info.Defs[id].(*types.Var)
			}
		}
	case *ast.ValueSpec:
		if len(p.Names) == 1 && len(p.Values) == 1 && ast.Unparen(p.Values[0]) == lit {
			v, _ = info.Defs[p.Names[0]].(*types.Var)
		}
	}
	if v == nil {
		return fc, nil, -1
	}
	for cc := range fc.Preorder((*ast.CallExpr)(nil)) {
		call := cc.Node().(*ast.CallExpr)
		for i, a := range call.Args {
			if id, ok := ast.Unparen(a).(*ast.Ident); ok && info.Uses[id] == v {
				return cc, call, i
			}
		}
	}
	return fc, nil, -1
}

// takesContext reports whether fn has a context.Context parameter.
func takesContext(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	for i := range sig.Params().Len() {
		if analysisutil.IsContext(sig.Params().At(i).Type()) {
			return true
		}
	}
	return false
}

// mentionsContextErr reports whether node looks at a context: a
// context error value (context.Canceled, context.DeadlineExceeded) or a
// context's Err() or Done(). A helper that does has its own stop on
// cancellation.
func mentionsContextErr(info *types.Info, node ast.Node) bool {
	found := false
	ast.Inspect(node, func(n ast.Node) bool { // literals included: a condition closure may check
		switch n := n.(type) {
		case *ast.SelectorExpr:
			v, ok := info.Uses[n.Sel].(*types.Var)
			found = found || ok && v.Pkg() != nil && v.Pkg().Path() == "context"
		case *ast.CallExpr:
			found = found || analysisutil.ContextOf(info, n) != nil
		}
		return !found
	})
	return found
}

// notDoneOnFailure reports whether the condition lit, of shape func()
// (bool, error), answers "not done, no error" (return false, nil) in a
// branch on errVar, the error of the operation it runs: handed to a
// poller, that answer goes round again, so the failure is retried. A
// "not ready yet" on a successful read is a poll's answer, not this.
func notDoneOnFailure(info *types.Info, lit *ast.FuncLit, errVar *types.Var) bool {
	if errVar == nil {
		return false
	}
	found := false
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found {
			return false
		}
		if ifs, ok := n.(*ast.IfStmt); ok && analysisutil.Mentions(info, ifs.Cond, errVar) {
			for _, st := range ifs.Body.List {
				if r, ok := st.(*ast.ReturnStmt); ok && len(r.Results) == 2 {
					b, ok1 := ast.Unparen(r.Results[0]).(*ast.Ident)
					e, ok2 := ast.Unparen(r.Results[1]).(*ast.Ident)
					found = found || ok1 && ok2 && b.Name == "false" && e.Name == "nil"
				}
			}
		}
		return true
	})
	return found
}
