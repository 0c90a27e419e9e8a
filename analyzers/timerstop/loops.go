package timerstop

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/wait"
)

// loopAround returns the innermost loop of c's function whose every
// iteration evaluates c: c is in the loop's body, condition or post
// statement (not its init, nor a range's operand, evaluated once).
func loopAround(c inspector.Cursor) (inspector.Cursor, bool) {
	for cur := c; ; {
		k := cur.ParentEdgeKind()
		if k == edge.Invalid {
			return inspector.Cursor{}, false
		}
		p := cur.Parent()
		switch k {
		case edge.ForStmt_Body, edge.ForStmt_Cond, edge.ForStmt_Post, edge.RangeStmt_Body:
			return p, true
		}
		switch p.Node().(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return inspector.Cursor{}, false
		}
		cur = p
	}
}

// clauseOf returns the select clause whose communication is the receive
// `<-call` (c is the call), or ok=false.
func clauseOf(c inspector.Cursor) (inspector.Cursor, bool) {
	if c.ParentEdgeKind() != edge.UnaryExpr_X || c.Parent().Node().(*ast.UnaryExpr).Op != token.ARROW {
		return inspector.Cursor{}, false
	}
	cur := c.Parent()
	switch cur.ParentEdgeKind() {
	case edge.ExprStmt_X, edge.AssignStmt_Rhs:
		cur = cur.Parent()
	default:
		return inspector.Cursor{}, false
	}
	if cur.ParentEdgeKind() != edge.CommClause_Comm {
		return inspector.Cursor{}, false
	}
	return cur.Parent(), true
}

// checkAfters applies T2 to the time.After calls of the package, and to
// the calls of functions that return a fresh timer channel.
func (st *state) checkAfters() {
	for _, c := range st.afters {
		guard.Mark(st.pass, c.Node().Pos())
		old := st.old(c.Node().Pos())
		if !old && !strict {
			continue
		}
		call := c.Node().(*ast.CallExpr)
		what := "time.After"
		if fn := st.freshTimerFunc(call); fn != nil {
			what = fn.Name() + " (a new time.After timer per call)"
		}
		// `case <-time.After(d):` in a select of the loop.
		if cc, ok := clauseOf(c); ok {
			if loop, ok := loopAround(cc); ok {
				st.checkAfterCase(call, what, cc, loop, old)
			}
			continue
		}
		// `ch = time.After(d)`, read by `case <-ch:` in a select of the
		// same loop.
		v := assignedTo(st.info, c)
		if v == nil {
			continue
		}
		loop, ok := loopAround(c.Parent())
		if !ok || st.guarded(c.Parent(), loop, v) {
			continue // under `if ch == nil`, the pending timer is kept
		}
		cc, ok := st.recvClause(loop, v)
		if !ok {
			continue
		}
		switch k := c.Parent().Parent().ParentEdgeKind(); {
		case k == edge.ForStmt_Body || k == edge.RangeStmt_Body:
			// A statement of the loop body: evaluated on every iteration,
			// like the case itself.
			st.checkAfterCase(call, what, cc, loop, old)
		case st.inSiblingCase(c.Parent(), cc):
			// Assigned in another case of the select that reads it: each
			// time that case wins, the pending timer is replaced unfired.
			other := enclosingClause(c.Parent())
			if st.terminates(other.Node().(*ast.CommClause).Body, labelOf(cc.Parent().Parent()), labelOf(loop)) {
				continue // the new channel is never read
			}
			msg := fmt.Sprintf("%s replaces the pending timer in %s each time this case wins, and the replaced timer stays live until it fires (before Go 1.23), so a busy loop piles up timers; create one timer with time.NewTimer before the loop and Reset it, or use a context deadline", what, v.Name())
			if !old {
				msg = fmt.Sprintf("%s replaces the pending timer in %s each time this case wins: a new timer per event, and the replaced one stays scheduled until it fires or is collected (a cost, not a leak, since Go 1.23); create one timer with time.NewTimer before the loop and Reset it", what, v.Name())
			}
			st.r.Report(analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: string(analysisdoc.T2), Message: msg})
		}
	}
}

// checkAfterCase applies T2 to the time.After call whose channel the
// select clause cc of a select in loop receives from. Two shapes leave
// timers behind: another case goes round the loop (one timer per
// iteration it wins), or the timer's case is the one that goes round and
// another case leaves (one timer per exit: per cancelled call).
func (st *state) checkAfterCase(call *ast.CallExpr, what string, cc, loop inspector.Cursor, old bool) {
	var msg string
	if st.goesRound(cc, loop) {
		msg = what + " in a loop: when another case of this select wins and the loop goes round, the timer it created stays live until it fires (before Go 1.23), so a busy loop piles up timers; create one timer with time.NewTimer before the loop and Reset it, or use a context deadline"
		if !old {
			msg = what + " in a loop allocates a timer on every iteration, and one that another case beat stays scheduled until it fires or is collected (a cost, not a leak, since Go 1.23); create one timer with time.NewTimer before the loop and Reset it, or use a context deadline"
		}
	} else if exit, other := st.exitCase(cc, loop); exit != "" && st.perCallCancel(other, loop) {
		// Only a per-call cancellation leaves timers in numbers: a
		// long-lived loop that leaves once, on shutdown or a quit
		// channel, leaves one.
		msg = fmt.Sprintf("%s in a loop: each exit through the %s case leaves this timer live until its duration elapses (before Go 1.23), one per cancelled call; create one timer with time.NewTimer before the loop, defer its Stop and Reset it each round", what, exit)
		if !old {
			msg = fmt.Sprintf("%s in a loop allocates a timer on every iteration, and each exit through the %s case leaves it scheduled until it fires or is collected (a cost, not a leak, since Go 1.23); create one timer with time.NewTimer before the loop, defer its Stop and Reset it each round", what, exit)
		}
	} else {
		return
	}
	st.r.Report(analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: string(analysisdoc.T2), Message: msg})
}

// exitCase describes ("<-ctx.Done()") a clause of cc's select that leaves
// the loop while the timer of cc is pending, when cc is the only clause
// that goes round the loop (the retry wait `case <-ctx.Done(): return`,
// `case <-time.After(backoff):`; the worker loop `case <-quit: return`).
// It returns "" when cc itself leaves the loop (time.After is then
// evaluated once per loop, as outside one), when the select has a
// default clause (the timer's case is then never chosen), or when every
// other clause ends the process (panic, log.Fatal): nothing outlives it.
// clause is the leaving clause.
func (st *state) exitCase(cc, loop inspector.Cursor) (exit string, clause *ast.CommClause) {
	sel := cc.Parent().Parent()
	selLabel, loopLabel := labelOf(sel), labelOf(loop)
	if st.terminates(cc.Node().(*ast.CommClause).Body, selLabel, loopLabel) {
		return "", nil
	}
	for _, s := range sel.Node().(*ast.SelectStmt).Body.List {
		other := s.(*ast.CommClause)
		if other == cc.Node() {
			continue
		}
		if other.Comm == nil {
			return "", nil
		}
		if exit == "" && !st.dies(other.Body) {
			exit = commString(other)
			clause = other
		}
	}
	return exit, clause
}

// perCallCancel reports whether the leaving clause receives from the
// cancellation of a function called per request: the Done() of the
// enclosing function's context parameter, of r.Context() for its
// *http.Request parameter r, or of a local derived from one
// (WithTimeout, WithCancel, WithValue; ctx := r.Context()); and the loop
// also ends another way (the work done, the attempts spent). A loop
// whose only way out is that cancellation runs until shutdown, and a
// quit channel or a field's context is no per-call cancellation: either
// leaves one timer, once.
func (st *state) perCallCancel(clause *ast.CommClause, loop inspector.Cursor) bool {
	if clause == nil {
		return false
	}
	done := wait.ClassifyCase(st.info, clause, nil)
	fc, ok := enclosingFunc(loop)
	if !ok {
		return false
	}
	fn := fc.Node()
	if done.Kind != wait.ContextDone && !st.requestCancel(done.Chan, fn) {
		return false
	}
	// A function started with go is a long-lived worker, not a call.
	switch f := fn.(type) {
	case *ast.FuncLit:
		if st.goLits[f] {
			return false
		}
	case *ast.FuncDecl:
		if obj, ok := st.info.Defs[f.Name].(*types.Func); ok && st.goFuncs[obj] {
			return false
		}
	}
	if done.Kind == wait.ContextDone && !st.fromParam(done.CtxExpr, fn, 4) {
		return false
	}
	if fs, ok := loop.Node().(*ast.ForStmt); ok && fs.Cond != nil {
		return true // the condition ends it: attempts spent, work done
	}
	return st.loopExitsBut(loop, clause)
}

// fromParam reports whether the context expression x is a context
// parameter of fn, r.Context() of an *http.Request parameter r, or a
// local given one of these (or a context derived from one) once.
func (st *state) fromParam(x ast.Expr, fn ast.Node, depth int) bool {
	if depth == 0 {
		return false
	}
	switch e := ast.Unparen(x).(type) {
	case *ast.Ident:
		v, ok := st.info.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		if isParamOf(v, fn, st.info) {
			return analysisutil.IsContext(v.Type())
		}
		if st.defs == nil {
			st.defs = analysisutil.SingleDefs(st.info, st.in)
		}
		if d := st.defs[v]; d != nil {
			return st.fromParam(d, fn, depth-1)
		}
		// tctx, cancel := context.WithTimeout(ctx, d): the first of two.
		var d ast.Expr
		ast.Inspect(fn, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.DEFINE && len(as.Lhs) == 2 && len(as.Rhs) == 1 {
				if id, ok := as.Lhs[0].(*ast.Ident); ok && st.info.Defs[id] == v {
					d = as.Rhs[0]
				}
			}
			return d == nil
		})
		if d != nil {
			return st.fromParam(d, fn, depth-1)
		}
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Context" && len(e.Args) == 0 {
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
				if v, ok := st.info.Uses[id].(*types.Var); ok && isParamOf(v, fn, st.info) && analysisutil.IsNamedExact(v.Type(), "net/http", "Request") {
					return true
				}
			}
			return false
		}
		callee, _ := typeutil.Callee(st.info, e).(*types.Func)
		if callee != nil && callee.Pkg() != nil && callee.Pkg().Path() == "context" && len(e.Args) > 0 {
			switch callee.Name() {
			case "WithTimeout", "WithDeadline", "WithCancel", "WithValue", "WithTimeoutCause", "WithDeadlineCause", "WithCancelCause":
				return st.fromParam(e.Args[0], fn, depth-1)
			}
		}
	}
	return false
}

// requestCancel reports whether ch, received from in fn, is the
// cancellation of the request fn handles, spelled without a Done() call
// in fn: the Cancel channel of its *http.Request parameter (req.Cancel,
// the older per-request cancellation), or a local given once the result
// of a function of this package that returns the Done channel of the
// request's context (or of a context) it is handed: done :=
// contextForRequest(req), with `return req.Context().Done()`.
func (st *state) requestCancel(ch ast.Expr, fn ast.Node) bool {
	switch e := ast.Unparen(ch).(type) {
	case *ast.SelectorExpr:
		f, ok := st.info.Uses[e.Sel].(*types.Var)
		return ok && f.IsField() && f.Name() == "Cancel" && f.Pkg() != nil && f.Pkg().Path() == "net/http" && st.requestParam(e.X, fn)
	case *ast.Ident:
		v, ok := st.info.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		if st.defs == nil {
			st.defs = analysisutil.SingleDefs(st.info, st.in)
		}
		call, ok := ast.Unparen(st.defs[v]).(*ast.CallExpr)
		if !ok {
			return false
		}
		callee, _ := typeutil.Callee(st.info, call).(*types.Func)
		if callee == nil || callee.Pkg() != st.pass.Pkg {
			return false
		}
		if st.decls == nil {
			st.decls = analysisutil.FuncDecls(st.info, st.in)
		}
		d := st.decls[callee.Origin()]
		if d == nil || d.Body == nil || len(d.Body.List) != 1 {
			return false
		}
		ret, ok := d.Body.List[0].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 || !wait.IsContextDone(st.info, ret.Results[0]) {
			return false
		}
		// The context whose Done is returned: a parameter, or the
		// Context() of a request parameter.
		x := ast.Unparen(ast.Unparen(ret.Results[0]).(*ast.CallExpr).Fun).(*ast.SelectorExpr).X
		if c, ok := ast.Unparen(x).(*ast.CallExpr); ok && len(c.Args) == 0 {
			if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Context" {
				x = sel.X
			}
		}
		p, ok := st.info.Uses[identOf(x)].(*types.Var)
		if !ok || !isParamOf(p, d, st.info) {
			return false
		}
		sig := callee.Type().(*types.Signature)
		for i := range sig.Params().Len() {
			if sig.Params().At(i) != p || i >= len(call.Args) {
				continue
			}
			if analysisutil.IsContext(p.Type()) {
				return st.fromParam(call.Args[i], fn, 4)
			}
			return st.requestParam(call.Args[i], fn)
		}
	}
	return false
}

// requestParam reports whether e is an *http.Request parameter of fn.
func (st *state) requestParam(e ast.Expr, fn ast.Node) bool {
	v, ok := st.info.Uses[identOf(e)].(*types.Var)
	return ok && isParamOf(v, fn, st.info) && analysisutil.IsNamedExact(v.Type(), "net/http", "Request")
}

// isParamOf reports whether v is a parameter of the function fn.
func isParamOf(v *types.Var, fn ast.Node, info *types.Info) bool {
	var ft *ast.FuncType
	switch f := fn.(type) {
	case *ast.FuncDecl:
		ft = f.Type
	case *ast.FuncLit:
		ft = f.Type
	}
	if ft == nil || ft.Params == nil {
		return false
	}
	for _, field := range ft.Params.List {
		for _, id := range field.Names {
			if info.Defs[id] == v {
				return true
			}
		}
	}
	return false
}

// commString renders a select clause's communication for messages:
// "<-ctx.Done()", "out <- x".
func commString(cc *ast.CommClause) string {
	if ch := analysisutil.CommRecv(cc.Comm); ch != nil {
		return "<-" + exprString(ch)
	}
	if send, ok := cc.Comm.(*ast.SendStmt); ok {
		return exprString(send.Chan) + " <- " + exprString(send.Value)
	}
	return "other"
}

// dies reports whether the statement list ends the process or the
// goroutine's stack: it ends in panic or a call that never returns, on
// every branch.
func (st *state) dies(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	switch s := list[len(list)-1].(type) {
	case *ast.ExprStmt:
		if call, ok := s.X.(*ast.CallExpr); ok {
			return st.noReturn(call)
		}
	case *ast.BlockStmt:
		return st.dies(s.List)
	case *ast.IfStmt:
		if s.Else == nil {
			return false
		}
		var els []ast.Stmt
		switch e := s.Else.(type) {
		case *ast.BlockStmt:
			els = e.List
		case *ast.IfStmt:
			els = []ast.Stmt{e}
		}
		return st.dies(s.Body.List) && st.dies(els)
	}
	return false
}

// guarded reports whether the statement at c, in loop, runs under a
// condition that reads v (`if ch == nil { ch = time.After(d) }`), or
// inside a switch or nested statement the shape does not follow.
func (st *state) guarded(c, loop inspector.Cursor, v *types.Var) bool {
	for cur := c.Parent(); cur != loop; cur = cur.Parent() {
		switch n := cur.Node().(type) {
		case *ast.BlockStmt, *ast.CommClause, *ast.SelectStmt:
		case *ast.IfStmt:
			if st.reads(n.Cond, v) || n.Init != nil && st.reads(n.Init, v) {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// reads reports whether n uses v.
func (st *state) reads(n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && st.info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}

// enclosingClause returns the innermost select clause around c.
func enclosingClause(c inspector.Cursor) inspector.Cursor {
	for cur := range c.Enclosing((*ast.CommClause)(nil)) {
		return cur
	}
	return inspector.Cursor{}
}

// inSiblingCase reports whether the statement at c lies in the body of a
// clause of the same select as cc, other than cc.
func (st *state) inSiblingCase(c, cc inspector.Cursor) bool {
	other := enclosingClause(c)
	if other == (inspector.Cursor{}) || other == cc {
		return false
	}
	return other.Parent() == cc.Parent()
}

// recvClause finds, in loop, a select clause `case <-v:` whose innermost
// loop is loop itself.
func (st *state) recvClause(loop inspector.Cursor, v *types.Var) (inspector.Cursor, bool) {
	for cc := range loop.Preorder((*ast.CommClause)(nil)) {
		if ch := analysisutil.CommRecv(cc.Node().(*ast.CommClause).Comm); ch != nil && localVar(st.info, ch) == v {
			if l, ok := loopAround(cc); ok && l == loop {
				return cc, true
			}
		}
	}
	return inspector.Cursor{}, false
}

// goesRound reports whether another clause of cc's select (or its
// default) can complete and let the loop start another iteration, which
// evaluates time.After again while the previous timer is still pending.
// Clauses that return, panic, or break or continue out of the loop do
// not: they leave at most one timer behind, like a time.After outside a
// loop. A clause that assigns a variable of the loop's condition is taken
// to end the loop too.
func (st *state) goesRound(cc, loop inspector.Cursor) bool {
	sel := cc.Parent().Parent()
	selLabel := labelOf(sel)
	loopLabel := labelOf(loop)
	var cond ast.Expr
	if fs, ok := loop.Node().(*ast.ForStmt); ok {
		cond = fs.Cond
	}
	for _, s := range sel.Node().(*ast.SelectStmt).Body.List {
		other := s.(*ast.CommClause)
		if other == cc.Node() {
			continue
		}
		// Once a context is done its Done channel stays ready, and the
		// code after the select checks it (or its next call fails): the
		// case is taken as the end of the loop, whatever its body.
		if wait.ClassifyCase(st.info, other, nil).Kind == wait.ContextDone {
			continue
		}
		if st.terminates(other.Body, selLabel, loopLabel) || cond != nil && st.assignsCondVar(other.Body, cond) {
			continue
		}
		return true
	}
	return false
}

// labelOf returns the label of the statement at c, or "".
func labelOf(c inspector.Cursor) string {
	if c.ParentEdgeKind() == edge.LabeledStmt_Stmt {
		return c.Parent().Node().(*ast.LabeledStmt).Label.Name
	}
	return ""
}

// terminates reports whether the statement list, in a select clause
// directly inside a loop, always leaves the loop: it ends in a return, a
// call that never returns, a goto, or a break or continue that targets
// the loop or something outside it.
func (st *state) terminates(list []ast.Stmt, selLabel, loopLabel string) bool {
	if len(list) == 0 {
		return false
	}
	switch s := list[len(list)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		switch s.Tok {
		case token.GOTO:
			return true
		case token.BREAK:
			return s.Label != nil && s.Label.Name != selLabel
		case token.CONTINUE:
			return s.Label != nil && s.Label.Name != loopLabel
		}
	case *ast.ExprStmt:
		if call, ok := s.X.(*ast.CallExpr); ok {
			return st.noReturn(call)
		}
	case *ast.BlockStmt:
		return st.terminates(s.List, selLabel, loopLabel)
	case *ast.IfStmt:
		if s.Else == nil {
			return false
		}
		var els []ast.Stmt
		switch e := s.Else.(type) {
		case *ast.BlockStmt:
			els = e.List
		case *ast.IfStmt:
			els = []ast.Stmt{e}
		}
		return st.terminates(s.Body.List, selLabel, loopLabel) && st.terminates(els, selLabel, loopLabel)
	}
	return false
}

// assignsCondVar reports whether list assigns a variable that cond reads.
func (st *state) assignsCondVar(list []ast.Stmt, cond ast.Expr) bool {
	vars := make(map[types.Object]bool)
	ast.Inspect(cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && st.info.Uses[id] != nil {
			vars[st.info.Uses[id]] = true
		}
		return true
	})
	found := false
	for _, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok {
				for _, lhs := range as.Lhs {
					if id, ok := lhs.(*ast.Ident); ok && vars[st.info.ObjectOf(id)] {
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

// checkTicks applies T3 to the time.Tick calls of the package.
func (st *state) checkTicks() {
	for _, c := range st.ticks {
		guard.Mark(st.pass, c.Node().Pos())
		call := c.Node()
		if !st.old(call.Pos()) {
			continue
		}
		fc, ok := enclosingFunc(c)
		if !ok {
			continue // a package-level ticker lives as long as the program
		}
		if _, ok := loopAround(c); ok {
			st.r.Report(analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: string(analysisdoc.T3),
				Message: "time.Tick in a loop creates a ticker on every iteration that can never be stopped nor collected (before Go 1.23); create one time.NewTicker before the loop and defer its Stop"})
			continue
		}
		if st.processLifetime(fc) || !st.tickUsedHere(c) || !st.canReturn(fc.Node()) {
			continue
		}
		st.r.Report(analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: string(analysisdoc.T3),
			Message: fmt.Sprintf("time.Tick's ticker can never be stopped, so it keeps firing after %s returns and is never collected (before Go 1.23); use time.NewTicker and defer its Stop", funcName(fc.Node()))})
	}
}

// processLifetime reports whether the function at fc runs once for the
// life of the process: main.main, an init function, or a function literal
// directly in one of them, outside loops (a metrics printer started by a
// command's main).
func (st *state) processLifetime(fc inspector.Cursor) bool {
	for c := fc; ; {
		if st.isMainOrInit(c.Node()) {
			return true
		}
		if _, ok := c.Node().(*ast.FuncLit); !ok {
			return false
		}
		if _, ok := loopAround(c); ok {
			return false
		}
		outer, ok := enclosingFunc(c)
		if !ok {
			return false
		}
		c = outer
	}
}

// tickUsedHere reports whether the channel of the time.Tick call at c is
// used by its own function only: ranged over, received from, held in a
// local, or handed to a goroutine the function starts (go report(tick,
// ...)): that goroutine cannot stop it either, and outlives the call as a
// local's would. A channel returned, stored or passed to a plain call is
// meant to outlive the function.
func (st *state) tickUsedHere(c inspector.Cursor) bool {
	switch c.ParentEdgeKind() {
	case edge.RangeStmt_X, edge.UnaryExpr_X:
		return true
	case edge.CallExpr_Args:
		if c.Parent().ParentEdgeKind() == edge.GoStmt_Call {
			return true
		}
	}
	v := assignedTo(st.info, c)
	if v == nil {
		return false
	}
	fc, _ := enclosingFunc(c)
	body := funcBody(fc.Node())
	return body != nil && body.Pos() <= v.Pos() && v.Pos() < body.End()
}

func funcName(fn ast.Node) string {
	if d, ok := fn.(*ast.FuncDecl); ok {
		return d.Name.Name
	}
	return "the function literal"
}

// canReturn reports whether fn has a reachable return. A range over a
// tick channel only ends by break or return: the channel is never closed.
func (st *state) canReturn(fn ast.Node) bool {
	g := st.cfgOf(fn)
	if g == nil || len(g.Blocks) == 0 {
		return false
	}
	seen := make(map[*cfg.Block]bool)
	stack := []*cfg.Block{g.Blocks[0]}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if b.Return() != nil {
			return true
		}
		succs := b.Succs
		if rs, ok := b.Stmt.(*ast.RangeStmt); ok && b.Kind == cfg.KindRangeLoop && len(succs) == 2 && st.tickChan(rs.X) {
			succs = succs[:1] // the body, not the done block
		}
		if len(succs) == 2 && st.alwaysErrCond(b) {
			succs = succs[:1] // if err := srv.Serve(l); err != nil: only the error branch
		}
		stack = append(stack, succs...)
	}
	return false
}

// alwaysErrCond reports whether block b ends in the condition `err != nil`
// (or `f() != nil`) where err was just assigned from a call documented to
// always return an error (knowledge.StdAlwaysErr: http.Server.Serve and
// its kin), so that only the condition's true branch is ever taken.
func (st *state) alwaysErrCond(b *cfg.Block) bool {
	if len(b.Nodes) == 0 {
		return false
	}
	be, ok := b.Nodes[len(b.Nodes)-1].(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	x := be.X
	if id, ok := ast.Unparen(be.Y).(*ast.Ident); !ok || id.Name != "nil" {
		return false
	}
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		// err, assigned by the block's previous node: `err := srv.Serve(l)`.
		v := localVar(st.info, x)
		if v == nil || len(b.Nodes) < 2 {
			return false
		}
		as, ok := b.Nodes[len(b.Nodes)-2].(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || localVar(st.info, as.Lhs[0]) != v {
			return false
		}
		if call, ok = ast.Unparen(as.Rhs[0]).(*ast.CallExpr); !ok {
			return false
		}
	}
	return analysisutil.InStdTable(knowledge.StdAlwaysErr, calleeFunc(st.info, call))
}

// tickChan reports whether e is a channel that is never closed: x.C of
// a timer or ticker, a time.Tick call, or a local holding one.
func (st *state) tickChan(e ast.Expr) bool {
	if x, _ := chanOf(st.info, e); x != nil {
		return true
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && timeFunc(st.info, call) == "Tick" {
		return true
	}
	v := localVar(st.info, e)
	return v != nil && st.tickVar[v]
}

// checkLoops applies T5 to the loops of the package.
func (st *state) checkLoops() {
	for _, c := range st.loops {
		guard.Mark(st.pass, c.Node().Pos()) // the position of an internal error
		x := st.tickerLoop(c.Node())
		if x == nil {
			continue
		}
		fc, ok := enclosingFunc(c)
		if !ok {
			continue
		}
		// A loop whose every exit lies after the tick of its iteration
		// (for { <-tk.C; if done() { break } }) blocks in the receive
		// as surely once the ticker is stopped: it never gets to the
		// exit. Unless the goroutine tells someone it has left (wg.Done,
		// close(done), a send and return), who may wait for it before
		// the stop.
		afterTick := false
		if st.loopExits(c) {
			if !st.exitsOnlyAfterTick(c) || signalsExit(funcBody(fc.Node())) {
				continue
			}
			afterTick = true
		}
		if v := localVar(st.info, x); v != nil {
			st.checkLocalTickerLoop(c, fc, x, v, afterTick)
		} else if f := fieldOf(st.info, x); f != nil {
			st.checkFieldTickerLoop(c, fc, x, f, afterTick)
		}
	}
}

// tickerLoop returns x when loop waits for x's ticks on every iteration:
// `for range x.C`, or a `for` without condition whose body, at its top
// level, receives from x.C or selects on x.C alone. x is a *time.Ticker.
func (st *state) tickerLoop(loop ast.Node) ast.Expr {
	switch loop := loop.(type) {
	case *ast.RangeStmt:
		return st.ticker(loop.X)
	case *ast.ForStmt:
		if loop.Cond != nil {
			return nil
		}
		for _, s := range loop.Body.List {
			if x, ok := st.tickerStmt(s); ok {
				return x
			}
		}
	}
	return nil
}

// ticker returns x when ch is x.C of a *time.Ticker x.
func (st *state) ticker(ch ast.Expr) ast.Expr {
	if x, k := chanOf(st.info, ch); k == isTicker {
		return x
	}
	return nil
}

// tickerStmt reports whether s, a statement of a loop body, is the one
// tickerLoop looks at: a receive (x is the ticker, or nil for another
// channel) or a select on ticker x alone.
func (st *state) tickerStmt(s ast.Stmt) (ast.Expr, bool) {
	switch s := s.(type) {
	case *ast.ExprStmt:
		if ch := recvChan(s.X); ch != nil {
			return st.ticker(ch), true
		}
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			if ch := recvChan(s.Rhs[0]); ch != nil {
				return st.ticker(ch), true
			}
		}
	case *ast.SelectStmt:
		if x := st.tickerSelect(s, st.ticker); x != nil {
			return x, true
		}
	}
	return nil, false
}

// tickerSelect returns x when every case of sel receives from the same
// ticker x: a select that blocks on the ticker alone. A send or a default
// case means it does not.
func (st *state) tickerSelect(sel *ast.SelectStmt, ticker func(ast.Expr) ast.Expr) ast.Expr {
	var x ast.Expr
	for _, cs := range sel.Body.List {
		ch := analysisutil.CommRecv(cs.(*ast.CommClause).Comm)
		if ch == nil {
			return nil
		}
		y := ticker(ch)
		if y == nil || x != nil && !sameTimer(st.info, x, y) {
			return nil
		}
		x = y
	}
	return x
}

// exitsOnlyAfterTick reports whether every way out of the ticker loop at
// c lies after the loop's receive from the ticker in its iteration: any
// exit of a range over the channel, and of a `for` whose body reaches its
// top-level receive (or ticker-only select) without an exit on the way.
func (st *state) exitsOnlyAfterTick(c inspector.Cursor) bool {
	loop, ok := c.Node().(*ast.ForStmt)
	if !ok {
		return true // a RangeStmt: the receive heads each iteration
	}
	for i, s := range loop.Body.List {
		if _, ok := st.tickerStmt(s); ok {
			return !st.exitsIn(c, loop.Body.List[:i], nil)
		}
	}
	return false
}

// signalsExit reports whether the goroutine body tells someone it ends:
// wg.Done(), close(ch), or a send followed by a return or break (done <-
// struct{}{}; return). The function that stops the ticker may wait for
// that signal before its stop. Nested function literals are not entered.
func signalsExit(body *ast.BlockStmt) bool {
	if body == nil {
		return true
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			switch f := ast.Unparen(n.Fun).(type) {
			case *ast.Ident:
				found = found || f.Name == "close"
			case *ast.SelectorExpr:
				found = found || f.Sel.Name == "Done"
			}
		case *ast.BlockStmt:
			for i, s := range n.List[:max(len(n.List)-1, 0)] {
				if _, ok := s.(*ast.SendStmt); ok {
					switch e := n.List[i+1].(type) {
					case *ast.ReturnStmt:
						found = true
					case *ast.BranchStmt:
						found = found || e.Tok == token.BREAK
					}
				}
			}
		}
		return !found
	})
	return found
}

// loopExits reports whether the loop at c has a way out other than its
// channel closing: a return, a goto out of it, a break or labelled
// continue that leaves it, or a call that never returns (panic, os.Exit, log.Fatal,
// runtime.Goexit). Function literals in the body are not entered.
func (st *state) loopExits(c inspector.Cursor) bool { return st.loopExitsBut(c, nil) }

// loopExitsBut is loopExits with the statements of skip (a select clause)
// left out.
func (st *state) loopExitsBut(c inspector.Cursor, skip ast.Node) bool {
	return st.exitsIn(c, analysisutil.LoopBody(c.Node()).List, skip)
}

// exitsIn reports whether stmts, statements of the body of the loop at c,
// hold a way out of that loop (see loopExits); skip is left out.
func (st *state) exitsIn(c inspector.Cursor, stmts []ast.Stmt, skip ast.Node) bool {
	body := analysisutil.LoopBody(c.Node())
	own := labelOf(c)
	inner := make(map[string]bool) // labels defined inside the body
	ast.Inspect(body, func(n ast.Node) bool {
		if l, ok := n.(*ast.LabeledStmt); ok {
			inner[l.Label.Name] = true
		}
		return true
	})
	exits := false
	var walk func(n ast.Node, breakable int)
	walk = func(n ast.Node, breakable int) {
		ast.Inspect(n, func(m ast.Node) bool {
			if exits || m == nil {
				return false
			}
			if skip != nil && m == skip {
				return false
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				exits = true
			case *ast.BranchStmt:
				switch {
				case m.Tok == token.GOTO:
					// A goto to a label inside the body (goto again:
					// repeat this tick's work) stays in the loop.
					exits = m.Label == nil || !inner[m.Label.Name]
				case m.Label != nil:
					exits = !inner[m.Label.Name] && !(m.Tok == token.CONTINUE && m.Label.Name == own)
				case m.Tok == token.BREAK:
					exits = breakable == 0
				}
			case *ast.CallExpr:
				if st.noReturn(m) {
					exits = true
				}
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				if m != n {
					// An unlabelled break inside breaks this statement.
					walk(m, breakable+1)
					return false
				}
			}
			return !exits
		})
	}
	for _, s := range stmts {
		switch s.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			walk(s, 1) // an unlabelled break in it stays in the loop
		default:
			walk(s, 0)
		}
	}
	return exits
}

// checkLocalTickerLoop applies T5 to a goroutine (function literal fc)
// ranging over the ticker held by local v of an enclosing function.
//
// afterTick says the loop has exits, all after its tick: it blocks only
// once the ticker is stopped, so only a stop is reported.
func (st *state) checkLocalTickerLoop(c, fc inspector.Cursor, x ast.Expr, v *types.Var, afterTick bool) {
	tv := st.vars[v]
	lit, ok := fc.Node().(*ast.FuncLit)
	if tv == nil || !ok || tv.fn == fc || !st.goLits[lit] {
		return // not a goroutine, or it owns the ticker it ranges over
	}
	if !afterTick {
		// The goroutine never lets go of the ticker: T1's advice (stop
		// it when the goroutine returns) does not apply, whatever T5
		// says.
		st.t5[v] = true
	}
	inLit := func(p token.Pos) bool { return lit.Pos() <= p && p < lit.End() }
	for _, s := range tv.stops {
		if !inLit(s.call.Pos()) {
			st.reportT5Stop(c, x, s.call.Pos(), afterTick)
			return
		}
	}
	if afterTick {
		return
	}
	if tv.escaped && !tv.reassigned {
		// Returned to the caller, who stops it: Stop does not close
		// the channel the goroutine ranges over.
		if stop := st.callerStops(tv.fn.Node(), v); stop.IsValid() {
			st.reportT5Stop(c, x, stop, false)
		}
		return
	}
	if len(tv.stops) > 0 || tv.reassigned || st.isMainOrInit(tv.fn.Node()) || !st.canReturn(tv.fn.Node()) {
		return
	}
	name := exprString(x)
	st.r.Report(analysis.Diagnostic{Pos: c.Node().Pos(), Category: string(analysisdoc.T5),
		Message: fmt.Sprintf("this goroutine receives from %s.C with no other exit and nothing stops %s, so the ticker and the goroutine run forever after %s returns; also select on a done channel or ctx.Done() and return, and stop the ticker",
			name, name, funcName(tv.fn.Node()))})
}

// checkFieldTickerLoop applies T5 to a goroutine ranging over a ticker
// held in struct field f, when code of the package stops that field's
// ticker (and does not replace it: a loop that re-reads the field could
// then pick up the new ticker).
func (st *state) checkFieldTickerLoop(c, fc inspector.Cursor, x ast.Expr, f *types.Var, afterTick bool) {
	started := false
	switch fn := fc.Node().(type) {
	case *ast.FuncLit:
		started = st.goLits[fn]
	case *ast.FuncDecl:
		obj, _ := st.info.Defs[fn.Name].(*types.Func)
		started = obj != nil && st.goFuncs[obj]
	}
	if !started || len(st.fStops[f]) == 0 || st.fSets[f] > 1 {
		return
	}
	st.reportT5Stop(c, x, st.fStops[f][0], afterTick)
}

func (st *state) reportT5Stop(c inspector.Cursor, x ast.Expr, stop token.Pos, afterTick bool) {
	name := exprString(x)
	exit := "with no other exit"
	if afterTick {
		exit = "and only leaves after a tick"
	}
	st.r.Report(analysis.Diagnostic{
		Pos: c.Node().Pos(), Category: string(analysisdoc.T5),
		Message: fmt.Sprintf("this goroutine receives from %s.C %s, and %s.Stop() at line %d does not close the channel, so once the ticker is stopped the goroutine blocks here forever; also select on a done channel or ctx.Done() and return",
			name, exit, name, st.line(stop)),
		Related: []analysis.RelatedInformation{{Pos: stop, Message: "the ticker is stopped here"}},
	})
}

// callerStops returns the position of a Stop of the ticker v that the
// function decl returns (return v), made by a caller in this package on
// the result: `t := startHeartbeat(); ...; t.Stop()`, `c.hb =
// startHeartbeat()` with c.hb.Stop() somewhere, or
// `startHeartbeat().Stop()`. It is invalid when no caller here stops it.
func (st *state) callerStops(decl ast.Node, v *types.Var) token.Pos {
	fd, ok := decl.(*ast.FuncDecl)
	if !ok || fd.Body == nil {
		return token.NoPos
	}
	fn, _ := st.info.Defs[fd.Name].(*types.Func)
	if fn == nil || fn.Type().(*types.Signature).Results().Len() != 1 {
		return token.NoPos
	}
	returned := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 1 && (localVar(st.info, n.Results[0]) == v || st.wrapsTicker(fd.Body, n.Results[0], v)) {
				returned = true
			}
		}
		return !returned
	})
	if !returned {
		return token.NoPos
	}
	for c := range st.in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		if typeutil.Callee(st.info, call) != fn {
			continue
		}
		switch p := c.Parent().Node().(type) {
		case *ast.SelectorExpr: // startHeartbeat().Stop()
			if p.Sel.Name == "Stop" {
				return p.Sel.Pos()
			}
		case *ast.AssignStmt:
			if len(p.Lhs) != 1 || len(p.Rhs) != 1 {
				continue
			}
			if f := fieldOf(st.info, p.Lhs[0]); f != nil && len(st.fStops[f]) > 0 && st.fSets[f] <= 1 {
				return st.fStops[f][0]
			}
			if u := localVar(st.info, p.Lhs[0]); u != nil {
				if fc, ok := enclosingFunc(c); ok {
					if pos := stopOf(st.info, fc.Node(), u); pos.IsValid() {
						return pos
					}
				}
			}
		}
	}
	return token.NoPos
}

// stopOf returns the position of a u.Stop() call in fn, or NoPos.
func stopOf(info *types.Info, fn ast.Node, u *types.Var) token.Pos {
	pos := token.NoPos
	ast.Inspect(fn, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !pos.IsValid() {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Stop" && localVar(info, sel.X) == u {
				pos = call.Pos()
			}
		}
		return !pos.IsValid()
	})
	return pos
}

// wrapsTicker reports whether e, a value returned from body, is a struct
// literal (or a pointer to one, or a local given one once) with the
// ticker v as a field value: `return &tickerWithInitialTick{C: c, Ticker:
// ticker}`, whose embedded Ticker's Stop the caller calls.
func (st *state) wrapsTicker(body *ast.BlockStmt, e ast.Expr, v *types.Var) bool {
	lit := compositeOf(e)
	if lit == nil {
		w := localVar(st.info, e)
		if w == nil {
			return false
		}
		n := 0
		ast.Inspect(body, func(m ast.Node) bool {
			if as, ok := m.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
				for i, l := range as.Lhs {
					if localVar(st.info, l) == w {
						n++
						lit = compositeOf(as.Rhs[i])
					}
				}
			}
			return true
		})
		if n != 1 {
			return false
		}
	}
	if lit == nil {
		return false
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			el = kv.Value
		}
		if localVar(st.info, el) == v {
			return true
		}
	}
	return false
}

// compositeOf returns the literal of T{...} or &T{...}, or nil.
func compositeOf(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}
