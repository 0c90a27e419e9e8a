package wait

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// SiteKind types a wait site.
type SiteKind int

const (
	// NoSite: the node does not wait (or is part of a site: the receive
	// of a select case).
	NoSite SiteKind = iota
	// Sleep is a blind sleep: time.Sleep(d).
	Sleep
	// TimerRecv is a receive from a timer outside a select:
	// <-time.After(d), <-t.C.
	TimerRecv
	// SelectWait is a select statement; Site.Select types its cases.
	SelectWait
	// BlindCall is a call of a function that waits blindly by its Fact.
	BlindCall
)

// Site is a wait site typed once.
type Site struct {
	Kind   SiteKind
	Node   ast.Node
	Select *Select     // for SelectWait
	Callee *types.Func // for BlindCall
}

// SiteAt types the node at c as a wait site: a call (time.Sleep, or a
// call of a blind waiter by its Fact), a receive from a timer outside a
// select, or a select statement. Anything else is NoSite.
func (r *Result) SiteAt(c inspector.Cursor) Site {
	s := Site{Node: c.Node()}
	switch n := c.Node().(type) {
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(r.info, n).(*types.Func)
		switch {
		case IsBlindSleep(fn):
			s.Kind = Sleep
		case r.blindFact(fn):
			s.Kind, s.Callee = BlindCall, fn
		}
	case *ast.UnaryExpr:
		if n.Op == token.ARROW && IsTimerChan(r.info, n.X) && SelectOf(c) == nil {
			s.Kind = TimerRecv
		}
	case *ast.SelectStmt:
		s.Kind, s.Select = SelectWait, r.Select(n)
	}
	return s
}

// OnceWaits returns the blind wait sites that the function declared at
// fc runs in its own body, once per call: a time.Sleep, a timer receive
// outside a select, a select on timers alone, or a call of a blind waiter
// by its Fact. Sites in the function's own loops (its loop is judged as
// a loop) and in function literals (they may run elsewhere) are left
// out, and so is the drain of a stopped timer. A function that takes a
// context and waits here ignores its context for the wait: a caller that
// runs it between the attempts of a retry loop cannot cut the pause
// short.
func (r *Result) OnceWaits(fc inspector.Cursor) []Site {
	if _, ok := fc.Node().(*ast.FuncDecl); !ok {
		return nil
	}
	var out []Site
	for c := range fc.Preorder((*ast.CallExpr)(nil), (*ast.UnaryExpr)(nil), (*ast.SelectStmt)(nil)) {
		if inLitOrLoop(c) || inDrain(r.info, c) {
			continue
		}
		s := r.SiteAt(c)
		switch s.Kind {
		case Sleep, TimerRecv, BlindCall:
			out = append(out, s)
		case SelectWait:
			if s.Select.Shape() == TimerOnly {
				out = append(out, s)
			}
		}
	}
	return out
}

// inDrain reports whether c lies in the drain of a stopped timer (`if
// !t.Stop() { <-t.C }`), which does not wait.
func inDrain(info *types.Info, c inspector.Cursor) bool {
	for p := range c.Enclosing((*ast.IfStmt)(nil)) {
		if IsTimerDrain(info, p.Node().(*ast.IfStmt)) {
			return true
		}
	}
	return false
}
