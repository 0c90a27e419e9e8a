package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/reslint/reslint/internal/analysisutil"
)

// FailureGoesRound reports whether the retry loop s runs call again when
// call fails: call is the loop's Attempt, or another call of its body
// whose error lands in a variable that the loop then tests the way it
// tests an attempt's (success leaves, failure goes round). A loop of
// several steps, each of which can fail into the next round (get a link,
// then send on it), attempts each of them again. A step whose failure
// leaves the loop (if err != nil { return err }) is not attempted again.
// Calls in function literals or in loops nested in s are not judged
// here: a nested loop is a scope of its own.
func (r *Result) FailureGoesRound(info *types.Info, s *Scope, call *ast.CallExpr) bool {
	if s == nil || call == nil || s.Kind != Loop {
		return false
	}
	if call == s.Attempt {
		return true
	}
	body := analysisutil.LoopBody(s.Loop)
	if body == nil || call.Pos() < body.Pos() || call.End() > body.End() {
		return false
	}
	var parent ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if parent != nil || n == nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && ast.Unparen(n.Rhs[0]) == call {
				parent = n
			}
		case *ast.ValueSpec:
			if len(n.Values) == 1 && ast.Unparen(n.Values[0]) == call {
				parent = n
			}
		}
		return parent == nil && n.Pos() <= call.Pos() && call.End() <= n.End()
	})
	if parent == nil {
		return false
	}
	v := errVarOf(info, parent, call)
	return v != nil && retryHow(info, s.Loop, call, v, r.labels[s.Loop]) != 0
}
