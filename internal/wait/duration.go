package wait

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisutil"
)

// DurationOf returns the duration that the call at c waits for, or nil
// when the call is not such a wait. A wait is time.Sleep(d);
// time.After(d), time.NewTimer(d) or t.Reset(d) whose channel is received
// alone or in a select whose other cases only receive from channels
// closed to broadcast (a select that also receives a result is a timeout,
// not a wait); or a call of a sleep helper (Fact.Param), for its
// argument.
func (r *Result) DurationOf(c inspector.Cursor) ast.Expr {
	call, ok := c.Node().(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := analysisutil.CalleeFunc(r.info, call)
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	sig := fn.Type().(*types.Signature)
	arg := func(i int) ast.Expr {
		if i < len(call.Args) && !call.Ellipsis.IsValid() && len(call.Args) == sig.Params().Len() {
			return call.Args[i]
		}
		return nil
	}
	if fn.Pkg() != nil && fn.Pkg().Path() == "time" {
		switch fn.Name() {
		case "Sleep":
			return arg(0)
		case "After":
			if u, ok := c.Parent().Node().(*ast.UnaryExpr); ok && u.Op == token.ARROW && r.receiveWaits(c.Parent()) {
				return arg(0)
			}
			if ch := assignedVar(r.info, c); ch != nil && r.chanWaits(c, ch) {
				return arg(0) // waitCh = time.After(wait) ... <-waitCh
			}
		case "NewTimer":
			if t := assignedVar(r.info, c); t != nil && r.timerWaits(c, t) {
				return arg(0)
			}
		case "Reset":
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && analysisutil.IsNamedExact(r.info.TypeOf(sel.X), "time", "Timer") {
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
					if t, ok := r.info.Uses[id].(*types.Var); ok && r.timerWaits(c, t) {
						return arg(0)
					}
				}
			}
		}
		return nil
	}
	if f := r.paramFact(fn); f >= 0 {
		return arg(f)
	}
	if i := AfterShape(sig); i >= 0 {
		// clock.After(d) of a clock abstraction (a fake clock in tests,
		// the real one in production): the same wait as time.After.
		if u, ok := c.Parent().Node().(*ast.UnaryExpr); ok && u.Op == token.ARROW && r.receiveWaits(c.Parent()) {
			return arg(i)
		}
		if ch := assignedVar(r.info, c); ch != nil && r.chanWaits(c, ch) {
			return arg(i)
		}
	}
	return nil
}

// AfterShape returns the index of the duration parameter of a function
// shaped like time.After, func(time.Duration) <-chan time.Time (a clock
// abstraction's After or Tick method), or -1.
func AfterShape(sig *types.Signature) int {
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 ||
		!analysisutil.IsNamedExact(sig.Params().At(0).Type(), "time", "Duration") {
		return -1
	}
	ch, ok := sig.Results().At(0).Type().(*types.Chan)
	if !ok || ch.Dir() == types.SendOnly || !analysisutil.IsNamedExact(ch.Elem(), "time", "Time") {
		return -1
	}
	return 0
}

// paramFact returns the duration parameter that fn waits for (this
// package's inference so far, or an imported Fact), or -1.
func (r *Result) paramFact(fn *types.Func) int {
	if i, ok := r.param[fn]; ok {
		return i
	}
	if fn.Pkg() != nil && fn.Pkg() != r.pass.Pkg {
		if f := r.Fact(fn); f != nil {
			return f.Param
		}
	}
	return -1
}

// assignedVar returns the variable that the call at c is assigned to
// (t := time.NewTimer(d), t = ..., var t = ...), or nil.
func assignedVar(info *types.Info, c inspector.Cursor) *types.Var {
	var id ast.Expr
	switch p := c.Parent().Node().(type) {
	case *ast.AssignStmt:
		if len(p.Lhs) == 1 && len(p.Rhs) == 1 {
			id = p.Lhs[0]
		}
	case *ast.ValueSpec:
		if len(p.Names) == 1 && len(p.Values) == 1 {
			id = p.Names[0]
		}
	}
	if i, ok := id.(*ast.Ident); ok {
		v, _ := info.ObjectOf(i).(*types.Var)
		return v
	}
	return nil
}

// timerWaits reports whether the function around c receives from t.C in a
// way that waits (see receiveWaits).
func (r *Result) timerWaits(c inspector.Cursor, t *types.Var) bool {
	var fc inspector.Cursor
	found := false
	for a := range c.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		fc, found = a, true
		break
	}
	if !found {
		return false
	}
	for u := range fc.Preorder((*ast.UnaryExpr)(nil)) {
		ue := u.Node().(*ast.UnaryExpr)
		if ue.Op != token.ARROW {
			continue
		}
		sel, ok := ast.Unparen(ue.X).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "C" {
			continue
		}
		if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && r.info.Uses[id] == t && r.receiveWaits(u) {
			return true
		}
	}
	return false
}

// chanWaits reports whether the function around c receives from the
// channel variable ch in a way that waits (see receiveWaits): a timer's
// channel kept in a variable and received later (waitCh =
// clock.After(wait) at the end of one round, <-waitCh at the top of the
// next).
func (r *Result) chanWaits(c inspector.Cursor, ch *types.Var) bool {
	var fc inspector.Cursor
	found := false
	for a := range c.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		fc, found = a, true
		break
	}
	if !found {
		return false
	}
	for u := range fc.Preorder((*ast.UnaryExpr)(nil)) {
		ue := u.Node().(*ast.UnaryExpr)
		if ue.Op != token.ARROW {
			continue
		}
		if id, ok := ast.Unparen(ue.X).(*ast.Ident); ok && r.info.Uses[id] == ch && r.receiveWaits(u) {
			return true
		}
	}
	return false
}

// receiveWaits reports whether the receive at u waits: it is a statement
// of its own (`<-time.After(d)`), or a case of a select without default
// whose other cases all receive from channels closed to broadcast
// (ctx.Done(), a chan struct{}), as a context-aware sleep does.
func (r *Result) receiveWaits(u inspector.Cursor) bool {
	p := u.Parent()
	switch p.Node().(type) {
	case *ast.ExprStmt, *ast.AssignStmt:
	default:
		return false
	}
	cc, ok := p.Parent().Node().(*ast.CommClause)
	if !ok {
		_, isStmt := p.Node().(*ast.ExprStmt)
		return isStmt
	}
	if cc.Comm != p.Node() {
		return false
	}
	block, ok := p.Parent().Parent().Node().(*ast.BlockStmt)
	if !ok {
		return false
	}
	for _, s := range block.List {
		other := s.(*ast.CommClause)
		if other == cc {
			continue
		}
		if !ClassifyCase(r.info, other, nil).Closes() {
			return false
		}
	}
	return true
}

// TickerPeriodOf returns the period of the ticker that the receive at u
// waits for, or nil when u is no such wait: `<-t.C` where t is a local
// variable given one value, time.NewTicker(d), or `<-tick` where tick is
// time.Tick(d); the receive must wait as receiveWaits says (alone, or in
// a select whose other cases only receive from channels closed to
// broadcast), and a select case of it must do nothing but go on (work in
// the tick's case is a periodic job run on the tick). A ticker's ticks stay on the grid of its creation however
// long the work between them takes.
func (r *Result) TickerPeriodOf(u inspector.Cursor) ast.Expr {
	ue, ok := u.Node().(*ast.UnaryExpr)
	if !ok || ue.Op != token.ARROW {
		return nil
	}
	d := r.tickerPeriod(u, ue.X)
	if d == nil || !r.receiveWaits(u) {
		return nil
	}
	if cc, ok := u.Parent().Parent().Node().(*ast.CommClause); ok {
		// Work done in the tick's own case runs on the tick: a periodic
		// job (publish every second), not attempts paced by the ticker.
		for _, st := range cc.Body {
			switch st.(type) {
			case *ast.BranchStmt, *ast.EmptyStmt:
			default:
				return nil
			}
		}
	}
	return d
}

// RangeTickerPeriodOf returns the period of the ticker that the range
// statement at c ranges over (`for range t.C` with t := time.NewTicker(d)
// made before it and never reset, or `for range tick` with tick :=
// time.Tick(d)), or nil: each round waits for its tick, on the grid of
// the ticker's creation.
func (r *Result) RangeTickerPeriodOf(c inspector.Cursor) ast.Expr {
	rs, ok := c.Node().(*ast.RangeStmt)
	if !ok {
		return nil
	}
	if call, ok := ast.Unparen(rs.X).(*ast.CallExpr); ok && len(call.Args) == 1 {
		// for range time.Tick(d)
		if fn := analysisutil.CalleeFunc(r.info, call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" && fn.Name() == "Tick" {
			return call.Args[0]
		}
		return nil
	}
	return r.tickerPeriod(c, rs.X)
}

// tickerPeriod returns the period of the ticker whose channel x is (t.C of
// a local t := time.NewTicker(d), or a local tick := time.Tick(d)) when
// the function around at never resets it, or nil.
func (r *Result) tickerPeriod(at inspector.Cursor, x ast.Expr) ast.Expr {
	x = ast.Unparen(x)
	want := "Tick"
	if sel, ok := x.(*ast.SelectorExpr); ok && sel.Sel.Name == "C" && analysisutil.IsNamedExact(deref(r.info.TypeOf(sel.X)), "time", "Ticker") {
		x, want = ast.Unparen(sel.X), "NewTicker"
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := r.info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	call, ok := ast.Unparen(r.Defs[v]).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	fn := analysisutil.CalleeFunc(r.info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "time" || fn.Name() != want {
		return nil
	}
	if r.resets(at, v) {
		return nil
	}
	return call.Args[0]
}

// resets reports whether the function around u calls t.Reset: the period
// then changes as the code goes.
func (r *Result) resets(u inspector.Cursor, t *types.Var) bool {
	for a := range u.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		for c := range a.Preorder((*ast.CallExpr)(nil)) {
			sel, ok := ast.Unparen(c.Node().(*ast.CallExpr).Fun).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Reset" {
				continue
			}
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && r.info.Uses[id] == t {
				return true
			}
		}
		break
	}
	return false
}

func deref(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}
