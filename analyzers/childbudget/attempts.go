package childbudget

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"math"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/budget"
	"github.com/reslint/reslint/internal/retryscope"
)

// attempts reports B3 (a): a retry loop with a constant attempt bound n
// whose attempts each run under WithTimeout(parent, per), where the parent
// has at most B left and n*per (plus the constant waits between attempts)
// exceeds B.
func (st *state) attempts() {
	loops := map[ast.Node]*retryscope.Scope{}
	for _, s := range st.scopes.Scopes {
		if s.Kind == retryscope.Loop {
			loops[s.Loop] = s
		}
	}
	if len(loops) == 0 {
		return
	}
	for lc := range st.in.Root().Preorder((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
		s := loops[lc.Node()]
		if s == nil {
			continue
		}
		n, ok := st.attemptBound(s.Loop)
		if !ok || n < 2 {
			continue
		}
		body := analysisutil.LoopBody(s.Loop)
		var timeouts []inspector.Cursor
		var wait time.Duration
		for c := range lc.Preorder((*ast.CallExpr)(nil), (*ast.FuncLit)(nil), (*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
			if !contains(body, c.Node().Pos()) {
				continue
			}
			call, ok := c.Node().(*ast.CallExpr)
			if !ok || inNested(c, s.Loop) {
				continue
			}
			if budget.IsTimeoutCall(st.info, call) {
				timeouts = append(timeouts, c)
			} else if d, ok := st.waitOf(c); ok {
				wait += d
			}
		}
		for _, c := range timeouts {
			call := c.Node().(*ast.CallExpr)
			per, ok := st.tr.Timeout(c)
			if !ok || st.b1[call] || st.inClamp(c) {
				continue
			}
			parent := st.tr.Context(argCursor(c, 0))
			if parent.Kind != budget.AtMost || parent.Set == nil || contains(s.Loop, parent.Set.Pos()) || per > parent.Left {
				continue
			}
			if per+wait <= 0 || n > int64(math.MaxInt64/(per+wait)) {
				continue // not a loop anyone wrote; avoid overflow
			}
			total := time.Duration(n)*per + time.Duration(n-1)*wait
			if total <= parent.Left {
				continue
			}
			sum := fmt.Sprintf("%d attempts x %s", n, short(per))
			if wait > 0 {
				sum += fmt.Sprintf(" + %d waits x %s", n-1, short(wait))
			}
			st.r.Report(analysis.Diagnostic{
				Pos:      call.Pos(),
				End:      call.End(),
				Category: string(analysisdoc.B3),
				Message: fmt.Sprintf("%s = %s do not fit in the at most %s left on the parent context (%s), so the last attempts are cut short by the parent's deadline; lower the attempts or the per-attempt timeout, or give the series more time",
					sum, short(total), short(parent.Left), st.where(parent.Set)),
			})
		}
	}
}

func contains(n ast.Node, pos token.Pos) bool {
	return n != nil && n.Pos() <= pos && pos < n.End()
}

// inNested reports whether c sits in a function literal or a loop nested
// inside loop: such code does not run once per attempt.
func inNested(c inspector.Cursor, loop ast.Node) bool {
	for p := range c.Enclosing((*ast.FuncLit)(nil), (*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
		return p.Node() != loop
	}
	return false
}

// attemptBound returns the constant number of times loop can run (see
// retryscope.LoopAttempts, shared with retrystorm).
func (st *state) attemptBound(loop ast.Node) (int64, bool) {
	return retryscope.LoopAttempts(st.info, loop)
}

func isInteger(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func (st *state) identVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := st.info.ObjectOf(id).(*types.Var)
	return v
}

// waitOf returns the constant duration a call waits between attempts:
// time.Sleep(d), time.After(d), time.NewTimer(d), or a wait helper
// (sleep/backoff/pause in its name, and, when its body is in this package,
// a body that does sleep or block on a timer) given a constant duration.
func (st *state) waitOf(c inspector.Cursor) (time.Duration, bool) {
	call := c.Node().(*ast.CallExpr)
	fn, _ := typeutil.Callee(st.info, call).(*types.Func)
	if fn == nil {
		return 0, false
	}
	isTime := fn.Pkg() != nil && fn.Pkg().Path() == "time" && fn.Type().(*types.Signature).Recv() == nil
	if !(isTime && (fn.Name() == "Sleep" || fn.Name() == "After" || fn.Name() == "NewTimer")) && !st.wait.CallWaits(call) {
		return 0, false
	}
	for i, a := range call.Args {
		if budget.IsDuration(st.info.TypeOf(a)) {
			return st.tr.Duration(argCursor(c, i))
		}
	}
	return 0, false
}
