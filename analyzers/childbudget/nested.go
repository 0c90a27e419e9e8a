package childbudget

import (
	"fmt"
	"go/ast"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/budget"
)

// exceeds reports whether a child that wants d cannot fit in the left its
// parent has: d > left, or, with a reserve above 0, d > left - reserve.
func exceeds(d, left time.Duration) bool {
	if d > left {
		return true
	}
	return reserve > 0 && d > left-reserve
}

// excess says how d fails to fit in left, for messages.
func excess(d, left time.Duration) string {
	if d > left {
		return fmt.Sprintf("exceeds the %s left", short(left))
	}
	return fmt.Sprintf("leaves less than the %s reserve of the %s left", short(reserve), short(left))
}

// nested reports B1: context.WithTimeout(p, d) or
// context.WithDeadline(p, time.Now().Add(d)) with a constant d that does
// not fit in what p can at most have left.
func (st *state) nested() {
	for c := range st.in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		if !budget.IsTimeoutCall(st.info, call) {
			continue
		}
		d, ok := st.tr.Timeout(c)
		if !ok {
			continue
		}
		parent := st.tr.Context(c.ChildAt(edge.CallExpr_Args, 0))
		if parent.Kind != budget.AtMost || !exceeds(d, parent.Left) || st.inClamp(c) {
			continue
		}
		st.b1[call] = true
		st.r.Report(analysis.Diagnostic{
			Pos:      call.Pos(),
			End:      call.End(),
			Category: string(analysisdoc.B1),
			Message: fmt.Sprintf("timeout %s %s on its parent context (%s), so it can never fire as intended; take less than what the parent has left",
				short(d), excess(d, parent.Left), st.where(parent.Set)),
		})
	}
}

// where names the call that set a bound: "WithTimeout at line 12".
func (st *state) where(call *ast.CallExpr) string {
	if call == nil {
		return "bound above"
	}
	name, ok := budget.ContextFunc(st.info, call)
	if !ok {
		name = "http.TimeoutHandler"
	}
	return fmt.Sprintf("%s at line %d", name, st.pass.Fset.Position(call.Pos()).Line)
}

// argCursor returns the cursor of call's argument i.
func argCursor(c inspector.Cursor, i int) inspector.Cursor {
	return c.ChildAt(edge.CallExpr_Args, i)
}
