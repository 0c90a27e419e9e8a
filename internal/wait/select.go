package wait

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisutil"
)

// CaseKind types a select case by what it waits for.
type CaseKind int

const (
	// Default is the default clause: the select polls.
	Default CaseKind = iota
	// Send is a send communication.
	Send
	// ContextDone receives from a context's Done(): ctx.Done(), s.ctx.Done(),
	// r.Context().Done(), directly or through a variable given it once
	// (done := ctx.Done()). Whose context it is (the caller's or
	// another) is Case.Ctx.
	ContextDone
	// Signal receives from a chan struct{} that is not a context's Done:
	// a quit, stop or closing channel, which carries no value and is
	// closed to broadcast.
	Signal
	// Timer receives from a channel that fires after a duration
	// (IsTimerChan).
	Timer
	// Work receives a value: a result, a message, an error.
	Work
)

var caseNames = [...]string{"default", "send", "ctxdone", "signal", "timer", "work"}

func (k CaseKind) String() string {
	if int(k) < len(caseNames) {
		return caseNames[k]
	}
	return "?"
}

// Case is a select clause typed once.
type Case struct {
	Clause *ast.CommClause
	Kind   CaseKind
	// Chan is the channel received from, as written (nil for a send or a
	// default).
	Chan ast.Expr
	// Ctx is, for ContextDone, the context variable whose Done it is
	// (analysisutil.ContextOf), and CtxExpr its spelling before .Done().
	Ctx     *types.Var
	CtxExpr ast.Expr
	// Bare reports a receive written as a statement (case <-ch:), its
	// value not kept.
	Bare bool
}

// Closes reports whether the case receives from a channel that is closed
// to broadcast and then stays ready: a context's Done or a signal channel
// (the type says so: a chan struct{} carries nothing but its closing).
func (c Case) Closes() bool { return c.Kind == ContextDone || c.Kind == Signal }

// ClassifyCase types the clause cc. defs (may be nil) maps variables
// given a value once to it, so that `done := ctx.Done()` is followed.
func ClassifyCase(info *types.Info, cc *ast.CommClause, defs map[*types.Var]ast.Expr) Case {
	c := Case{Clause: cc}
	if cc.Comm == nil {
		c.Kind = Default
		return c
	}
	ch := analysisutil.CommRecv(cc.Comm)
	if ch == nil {
		c.Kind = Send
		return c
	}
	c.Chan = ch
	_, c.Bare = cc.Comm.(*ast.ExprStmt)
	x := ch
	if v := analysisutil.IdentVar(info, x); v != nil && defs[v] != nil {
		x = defs[v]
	}
	if IsContextDone(info, x) {
		if v := analysisutil.ContextOf(info, x); v != nil {
			call := ast.Unparen(x).(*ast.CallExpr)
			c.Kind, c.Ctx, c.CtxExpr = ContextDone, v, ast.Unparen(call.Fun).(*ast.SelectorExpr).X
			return c
		}
	}
	switch {
	case IsTimerChan(info, ch):
		c.Kind = Timer
	case isStructChan(info.TypeOf(ch)):
		c.Kind = Signal
	default:
		c.Kind = Work
	}
	return c
}

// IsContextDone reports whether e is the Done channel of a context,
// whatever expression yields the context (a variable, a field,
// r.Context()). ClassifyCase types a case ContextDone only when the
// context is also a variable it can name.
func IsContextDone(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Done" && len(call.Args) == 0 && analysisutil.IsContext(info.TypeOf(sel.X))
}

func isStructChan(t types.Type) bool {
	if t == nil {
		return false // broken code
	}
	c, ok := t.Underlying().(*types.Chan)
	if !ok {
		return false
	}
	s, ok := c.Elem().Underlying().(*types.Struct)
	return ok && s.NumFields() == 0
}

// IsClosingRecv reports whether the communication comm receives from a
// channel closed to broadcast (Case.Closes): a context's Done or a
// signal channel.
func IsClosingRecv(info *types.Info, comm ast.Stmt) bool {
	return comm != nil && ClassifyCase(info, &ast.CommClause{Comm: comm}, nil).Closes()
}

// Select is a select statement with its cases typed.
type Select struct {
	Stmt  *ast.SelectStmt
	Cases []Case
}

// ClassifySelect types every case of sel (see ClassifyCase).
func ClassifySelect(info *types.Info, sel *ast.SelectStmt, defs map[*types.Var]ast.Expr) *Select {
	s := &Select{Stmt: sel}
	for _, cl := range sel.Body.List {
		if cc, ok := cl.(*ast.CommClause); ok {
			s.Cases = append(s.Cases, ClassifyCase(info, cc, defs))
		}
	}
	return s
}

// Has reports whether some case is of kind k.
func (s *Select) Has(k CaseKind) bool {
	for _, c := range s.Cases {
		if c.Kind == k {
			return true
		}
	}
	return false
}

// Shape says what a select waits for, as a whole.
type Shape int

const (
	// Polls: a default case (it does not wait), or no case at all.
	Polls Shape = iota
	// Cancellable: no default, and a context's Done case.
	Cancellable
	// TimerOnly: only timer cases; it waits blindly like a bare timer
	// receive.
	TimerOnly
	// Mixed: no default and no context's Done, and some case that is not
	// a timer (a signal, a work channel, a send), with or without a timer.
	Mixed
)

// Shape classifies the select as a whole.
func (s *Select) Shape() Shape {
	if s.Has(Default) {
		return Polls
	}
	if s.Has(ContextDone) {
		return Cancellable
	}
	timer, other := false, false
	for _, c := range s.Cases {
		if c.Kind == Timer {
			timer = true
		} else {
			other = true
		}
	}
	switch {
	case other:
		return Mixed
	case timer:
		return TimerOnly
	}
	return Polls
}

// SelectOf returns the select statement whose case communication holds
// the node at c (the receive `<-t.C` of `case <-t.C:` or `case v :=
// <-ch:`), or nil: a receive in a case is one way out of a select, not a
// wait of its own.
func SelectOf(c inspector.Cursor) *ast.SelectStmt {
	for p := c.Parent(); p.Node() != nil; p = p.Parent() {
		switch n := p.Node().(type) {
		case *ast.CommClause:
			if n.Comm == nil || !(n.Comm.Pos() <= c.Node().Pos() && c.Node().End() <= n.Comm.End()) {
				return nil
			}
			if s, ok := p.Parent().Parent().Node().(*ast.SelectStmt); ok {
				return s
			}
			return nil
		case ast.Stmt:
			if _, ok := n.(*ast.ExprStmt); ok {
				continue
			}
			if _, ok := n.(*ast.AssignStmt); ok {
				continue
			}
			return nil
		}
	}
	return nil
}
