package timerstop

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
)

// A kind tells a *time.Timer from a *time.Ticker.
type kind int

const (
	notTimer kind = iota
	isTimer
	isTicker
)

func (k kind) String() string {
	if k == isTicker {
		return "ticker"
	}
	return "timer"
}

// kindOf reports whether t is *time.Timer or *time.Ticker. Values of type
// time.Timer are not considered: NewTimer and NewTicker return pointers,
// and a zero Timer value is not a running timer.
func kindOf(t types.Type) kind {
	if t == nil {
		return notTimer
	}
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return notTimer
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "time" {
		return notTimer
	}
	switch n.Obj().Name() {
	case "Timer":
		return isTimer
	case "Ticker":
		return isTicker
	}
	return notTimer
}

// timeFunc returns the name of the package-level function of package time
// that call calls ("NewTimer", "After", ...), or "". Aliased imports and
// function values are resolved through the type information.
func timeFunc(info *types.Info, call *ast.CallExpr) string {
	fn := analysisutil.CalleeFunc(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "time" {
		return ""
	}
	if sig, ok := fn.Type().(*types.Signature); !ok || sig.Recv() != nil {
		return ""
	}
	return fn.Name()
}

// timerMethod returns x and the method name when call is x.Stop() or
// x.Reset(d) on a *time.Timer or *time.Ticker.
func timerMethod(info *types.Info, call *ast.CallExpr) (ast.Expr, string) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, ""
	}
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal || kindOf(s.Recv()) == notTimer {
		return nil, ""
	}
	return sel.X, sel.Sel.Name
}

// chanOf returns x when e is x.C, the channel of a *time.Timer or
// *time.Ticker, and the kind of x.
func chanOf(info *types.Info, e ast.Expr) (ast.Expr, kind) {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "C" {
		return nil, notTimer
	}
	if s := info.Selections[sel]; s == nil || s.Kind() != types.FieldVal {
		return nil, notTimer
	}
	k := kindOf(info.TypeOf(sel.X))
	if k == notTimer {
		return nil, notTimer
	}
	return sel.X, k
}

// recvChan returns ch when e is the receive <-ch.
func recvChan(e ast.Expr) ast.Expr {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
		return u.X
	}
	return nil
}

// localVar returns the variable e denotes when it is an identifier.
func localVar(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	if v, ok := info.Uses[id].(*types.Var); ok {
		return v
	}
	v, _ := info.Defs[id].(*types.Var)
	return v
}

// fieldOf returns the struct field e selects (s.tk, s.cfg.tk), or nil.
func fieldOf(info *types.Info, e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
		v, _ := s.Obj().(*types.Var)
		return v
	}
	return nil
}

// sameTimer reports whether a and b denote the same timer: the same
// variable, or the same field of the same variable's struct.
func sameTimer(info *types.Info, a, b ast.Expr) bool {
	if va := localVar(info, a); va != nil {
		return va == localVar(info, b)
	}
	fa, fb := fieldOf(info, a), fieldOf(info, b)
	if fa == nil || fa != fb {
		return false
	}
	return sameTimer(info, ast.Unparen(a).(*ast.SelectorExpr).X, ast.Unparen(b).(*ast.SelectorExpr).X)
}

// builtinName returns the name of the builtin that call calls, or "".
func builtinName(info *types.Info, call *ast.CallExpr) string {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return ""
	}
	if b, ok := info.Uses[id].(*types.Builtin); ok {
		return b.Name()
	}
	return ""
}

// isGoStarter reports whether call hands its func arguments to a new
// goroutine: errgroup.Group.Go, sync.WaitGroup.Go (Go 1.25) and the like
// are all methods named Go.
func isGoStarter(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Name() != "Go" {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() != nil
}

// exprString renders e for messages, shortened if long.
func exprString(e ast.Expr) string {
	s := types.ExprString(e)
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return strings.TrimSpace(s)
}
