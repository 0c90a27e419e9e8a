package timerstop

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// A timerVar is a local variable holding the result of time.NewTimer or
// time.NewTicker: the subject of T1, T4 and (for tickers) T5.
type timerVar struct {
	v    *types.Var
	kind kind
	stmt ast.Node         // the creation, *ast.AssignStmt or *ast.ValueSpec: a CFG node
	call inspector.Cursor // the time.NewTimer/NewTicker call
	fn   inspector.Cursor // the function whose body declares v

	// declared: the creation declares v (`t := ...`, `var t = ...`), so
	// reaching it again in a loop makes a new timer while the old one may
	// still run.
	declared bool

	// escaped: someone else may own or stop it (returned, stored, passed,
	// captured by a closure that stops it, ...). reassigned: v is
	// assigned again, and which timer a Stop stops is not tracked.
	escaped, reassigned bool

	// effects maps the nodes of fn that act on the timer to what they do:
	// Stop and Reset calls, receives from v.C, and defer statements that
	// stop it. Closures other than deferred ones are not included.
	effects map[ast.Node]effect
	// commRecv holds the select clauses whose communication receives from
	// v.C; the receive happens when the case is chosen, not when the
	// select's channel operands are evaluated (where the CFG puts it).
	commRecv map[ast.Stmt]bool
	// drainComms holds the communications of selects with a default case
	// that receive from v.C: a non-blocking drain of the channel (T4).
	drainComms map[ast.Node]bool
	// usedStop holds the Stop calls whose result is looked at, as in
	// `if !t.Stop() { <-t.C }`: the author handles a pending tick (T4).
	usedStop map[*ast.CallExpr]bool

	resets []*ast.CallExpr // v.Reset calls in fn itself
	// stops lists every v.Stop() call, with the outermost closure of fn
	// it sits in (nil when directly in fn).
	stops []stopCall
	// goRefs are goroutines started in fn that read v.C without stopping
	// v; closureRef is set when another kind of closure reads it.
	goRefs     []*ast.FuncLit
	closureRef bool
}

type stopCall struct {
	call *ast.CallExpr
	lit  *ast.FuncLit
}

// An effect is what a CFG node does to a timer.
type effect int

const (
	effNone      effect = iota
	effStop             // v.Stop()
	effReset            // v.Reset(d): armed again
	effRecv             // <-v.C: a Timer has fired and is gone
	effDeferStop        // defer v.Stop(): every later return is covered
)

// creation records the variable that the NewTimer/NewTicker call at c is
// assigned to, when it is a local of the enclosing function's body
// (parameters, named results and outer variables are owned elsewhere).
func (st *state) creation(c inspector.Cursor, call *ast.CallExpr) {
	v := assignedTo(st.info, c)
	if v == nil || v.Name() == "_" {
		return
	}
	fc, ok := enclosingFunc(c)
	if !ok {
		return
	}
	body := funcBody(fc.Node())
	if body == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return
	}
	if tv := st.vars[v]; tv != nil {
		tv.reassigned = true
		return
	}
	k := kindOf(st.info.TypeOf(call))
	if k == notTimer {
		return
	}
	tv := &timerVar{
		v: v, kind: k, stmt: c.Parent().Node(), call: c, fn: fc,
		effects:    make(map[ast.Node]effect),
		commRecv:   make(map[ast.Stmt]bool),
		drainComms: make(map[ast.Node]bool),
		usedStop:   make(map[*ast.CallExpr]bool),
	}
	switch stmt := tv.stmt.(type) {
	case *ast.AssignStmt:
		tv.declared = stmt.Tok == token.DEFINE && v.Pos() >= stmt.Pos() && v.Pos() < stmt.End()
	case *ast.ValueSpec:
		tv.declared = true
	}
	st.vars[v] = tv
	if len(st.byFunc[fc.Node()]) == 0 {
		st.funcs = append(st.funcs, fc)
	}
	st.byFunc[fc.Node()] = append(st.byFunc[fc.Node()], tv)
}

// A role is what one use of a timer variable does with it.
type role int

const (
	roleNeutral role = iota // comparison with nil, the creation itself
	roleEscape              // anything that may hand it to someone else
	roleAssign              // assigned again
	roleStop                // v.Stop()
	roleReset               // v.Reset(d)
	roleRecv                // <-v.C
	roleRead                // range over v.C, len(v.C), cap(v.C)
)

// uses classifies every use of the timer variables declared in function
// fc, including uses in nested closures.
func (st *state) uses(fc inspector.Cursor, tvs []*timerVar) {
	for ic := range fc.Preorder((*ast.Ident)(nil)) {
		v, ok := st.info.Uses[ic.Node().(*ast.Ident)].(*types.Var)
		if !ok {
			continue // declarations are not uses
		}
		if tv := st.vars[v]; tv != nil && tv.fn == fc {
			st.use(tv, ic)
		}
	}
}

func (st *state) use(tv *timerVar, ic inspector.Cursor) {
	r, node := st.role(tv, ic)
	switch r {
	case roleNeutral:
		return
	case roleEscape:
		tv.escaped = true
		return
	case roleAssign:
		tv.reassigned = true
		return
	}
	lit, deferStmt, isGo := closureOf(tv.fn, ic, st.goLits)
	if r == roleStop {
		tv.stops = append(tv.stops, stopCall{node.(*ast.CallExpr), lit})
	}
	if lit != nil && deferStmt == nil {
		// A closure that is not deferred runs at a time the CFG does not
		// show. If it stops the timer, it owns it. A Timer read from a
		// closure is left alone; a Ticker read by a goroutine is what T5
		// and the goroutine variant of T1 are about.
		if r == roleStop || tv.kind == isTimer {
			tv.escaped = true
			return
		}
		if isGo {
			if len(tv.goRefs) == 0 || tv.goRefs[len(tv.goRefs)-1] != lit {
				tv.goRefs = append(tv.goRefs, lit)
			}
		} else {
			tv.closureRef = true
		}
		return
	}
	switch r {
	case roleStop:
		call := node.(*ast.CallExpr)
		cc := ic.Parent().Parent() // v.Stop -> v.Stop()
		switch {
		case deferStmt != nil:
			tv.effects[deferStmt] = effDeferStop
		case cc.ParentEdgeKind() == edge.DeferStmt_Call:
			tv.effects[cc.Parent().Node()] = effDeferStop
		case cc.ParentEdgeKind() == edge.GoStmt_Call:
			tv.escaped = true // `go t.Stop()`: stopped at some point
		default:
			tv.effects[call] = effStop
			if k := cc.ParentEdgeKind(); k != edge.ExprStmt_X && !(k == edge.AssignStmt_Rhs && isBlank(cc.Parent().Node())) {
				tv.usedStop[call] = true
			}
		}
	case roleReset:
		if deferStmt == nil {
			tv.effects[node] = effReset
			tv.resets = append(tv.resets, node.(*ast.CallExpr))
		}
	case roleRecv:
		if deferStmt != nil {
			return
		}
		if clause, sel := commOf(ic); clause != nil {
			tv.commRecv[clause] = true
			if hasDefault(sel) {
				tv.drainComms[clause.Comm] = true
			}
			return
		}
		tv.effects[node] = effRecv
	}
}

// isBlank reports whether n is `_ = x`.
func isBlank(n ast.Node) bool {
	as, ok := n.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 {
		return false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	return ok && id.Name == "_"
}

// role classifies the use of tv's variable at identifier ic, and returns
// the node that acts: the Stop or Reset call, or the receive.
func (st *state) role(tv *timerVar, ic inspector.Cursor) (role, ast.Node) {
	p := ic.Parent()
	switch ic.ParentEdgeKind() {
	case edge.SelectorExpr_X:
		sel := p.Node().(*ast.SelectorExpr)
		switch sel.Sel.Name {
		case "Stop", "Reset":
			if p.ParentEdgeKind() != edge.CallExpr_Fun {
				return roleEscape, nil // method value: called who knows when
			}
			if sel.Sel.Name == "Stop" {
				return roleStop, p.Parent().Node()
			}
			return roleReset, p.Parent().Node()
		case "C":
			cc := p
			for cc.ParentEdgeKind() == edge.ParenExpr_X {
				cc = cc.Parent()
			}
			switch cc.ParentEdgeKind() {
			case edge.UnaryExpr_X:
				if u := cc.Parent().Node().(*ast.UnaryExpr); u.Op == token.ARROW {
					return roleRecv, u
				}
			case edge.RangeStmt_X:
				return roleRead, nil
			case edge.CallExpr_Args:
				if b := builtinName(st.info, cc.Parent().Node().(*ast.CallExpr)); b == "len" || b == "cap" {
					return roleRead, nil
				}
			}
			// The channel is handed out: whoever gets it may drain it.
			return roleEscape, nil
		}
	case edge.AssignStmt_Lhs:
		if p.Node() == tv.stmt {
			return roleNeutral, nil
		}
		return roleAssign, nil
	case edge.BinaryExpr_X, edge.BinaryExpr_Y:
		b := p.Node().(*ast.BinaryExpr)
		if (b.Op == token.EQL || b.Op == token.NEQ) && (isNil(st.info, b.X) || isNil(st.info, b.Y)) {
			return roleNeutral, nil
		}
	}
	return roleEscape, nil
}

func isNil(info *types.Info, e ast.Expr) bool {
	_, ok := info.Types[e].Type.(*types.Basic)
	return ok && info.Types[e].IsNil()
}

// closureOf finds the outermost function literal of fn that contains ic.
// It returns nil when ic is directly in fn. deferStmt is set when the
// literal is deferred (`defer func() { ... }()`), isGo when it runs as a
// goroutine.
func closureOf(fn, ic inspector.Cursor, goLits map[*ast.FuncLit]bool) (lit *ast.FuncLit, deferStmt ast.Node, isGo bool) {
	var lc inspector.Cursor
	for c := range ic.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		if c == fn {
			break
		}
		lc = c
	}
	if lc == (inspector.Cursor{}) {
		return nil, nil, false
	}
	lit = lc.Node().(*ast.FuncLit)
	if lc.ParentEdgeKind() == edge.CallExpr_Fun && lc.Parent().ParentEdgeKind() == edge.DeferStmt_Call {
		return lit, lc.Parent().Parent().Node(), false
	}
	return lit, nil, goLits[lit]
}

// commOf returns the select clause whose communication holds the receive
// at ic (an identifier inside `<-v.C`), and its select statement.
func commOf(ic inspector.Cursor) (*ast.CommClause, *ast.SelectStmt) {
	for c := ic.Parent(); ; c = c.Parent() {
		switch c.ParentEdgeKind() {
		case edge.CommClause_Comm:
			cc := c.Parent()
			return cc.Node().(*ast.CommClause), cc.Parent().Parent().Node().(*ast.SelectStmt)
		case edge.ParenExpr_X, edge.UnaryExpr_X, edge.ExprStmt_X, edge.AssignStmt_Rhs:
			continue
		}
		return nil, nil
	}
}

func hasDefault(sel *ast.SelectStmt) bool {
	for _, cc := range sel.Body.List {
		if cc.(*ast.CommClause).Comm == nil {
			return true
		}
	}
	return false
}
