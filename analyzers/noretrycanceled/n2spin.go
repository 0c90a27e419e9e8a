package noretrycanceled

// N2, the busy spin: a select on ctx.Done() whose case does not leave the
// loop. Once the context is done its Done() channel stays ready, so every
// later round takes that case at once and the loop spins through its
// attempts without waiting.

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/ctxaware"
	"github.com/reslint/reslint/internal/wait"
)

// spinningDone returns the ctx.Done() case of the select at c when that
// case does not leave the loop l on cancellation: its body neither leaves
// (return, panic, goto, a break or continue to a label outside the loop),
// nor leaves on anything but context.DeadlineExceeded, nor assigns a
// variable declared outside it (a flag or error the loop may test later),
// and the loop's own condition does not consult a context. Anything less
// plain is left alone.
func (r *runner) spinningDone(l *loop, c inspector.Cursor, sel *ast.SelectStmt) *ast.CommClause {
	if analysisutil.EnclosingLoop(c) != l.node {
		return nil // a nested loop's select: its own business
	}
	if fs, ok := l.node.(*ast.ForStmt); ok && (fs.Cond != nil && ctxaware.ConsultsContext(r.info, fs.Cond, nil) || fs.Post != nil && ctxaware.ConsultsContext(r.info, fs.Post, nil)) {
		return nil
	}
	if checksBefore(r, l, c) {
		return nil
	}
	for _, cl := range sel.Body.List {
		cc, ok := cl.(*ast.CommClause)
		if !ok || r.wait.Case(cc).Kind != wait.ContextDone {
			continue
		}
		if !wait.DoneCaseStays(r.info, r.pass.Pkg, cc) {
			return nil
		}
		if !endsInContinue(cc.Body) && followedInLoop(c, l.node) {
			// select { case <-tk.C: ...; continue; case <-ctx.Done(): };
			// break — the case falls out of the select into statements
			// of the loop that may leave it.
			return nil
		}
		return cc
	}
	return nil
}

// checksBefore reports whether a statement of the loop's body that runs
// before the select at c, on every round, leaves when a context is done
// (if err := context.Cause(ctx); err != nil { return err } at the top):
// the round after the Done case falls out of the select ends there.
func checksBefore(r *runner, l *loop, c inspector.Cursor) bool {
	if l.body == nil {
		return false
	}
	for _, st := range l.body.List {
		if st.Pos() <= c.Node().Pos() && c.Node().End() <= st.End() {
			return false // the select's own statement: nothing before it checks
		}
		if wait.ExitsWhenDone(r.info, st) != nil {
			return true
		}
	}
	return false
}

// endsInContinue reports whether body's last statement is an unlabeled
// continue: the case goes round without running what follows the select.
func endsInContinue(body []ast.Stmt) bool {
	if len(body) == 0 {
		return false
	}
	br, ok := body[len(body)-1].(*ast.BranchStmt)
	return ok && br.Tok == token.CONTINUE && br.Label == nil
}

// followedInLoop reports whether some statement of the loop's body runs
// after the statement at c: c, or a statement holding it, is not the last
// of its block, up to the loop.
func followedInLoop(c inspector.Cursor, loop ast.Node) bool {
	for p := c; p.Valid() && p.Node() != loop; p = p.Parent() {
		if p.ParentEdgeKind() != edge.BlockStmt_List {
			continue
		}
		_, i := p.ParentEdge()
		if b := p.Parent().Node().(*ast.BlockStmt); i < len(b.List)-1 {
			return true
		}
	}
	return false
}

// spinLoops reports the busy spin in the loops that are no retry loop
// (a wait until a state is reached, a poll, a periodic job): a select
// that waits on a timer beside a ctx.Done() case that does not leave
// spins them just the same once the context is done. judged are the
// loops already walked as retry loops.
func (r *runner) spinLoops(judged []*loop) {
	if !analysisutil.ImportsAny(r.pass.Pkg, "context") {
		return
	}
	seen := map[ast.Node]bool{}
	for _, l := range judged {
		seen[l.node] = true
	}
	for c := range r.in.Root().Preorder((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
		if seen[c.Node()] {
			continue
		}
		body := analysisutil.LoopBody(c.Node())
		if body == nil {
			continue
		}
		fn, ok := analysisutil.EnclosingFunc(c)
		if !ok {
			continue
		}
		l := &loop{cur: c, node: c.Node(), body: body, stmts: []inspector.Cursor{c}, root: fn.Node()}
		for sc := range c.Preorder((*ast.SelectStmt)(nil)) {
			if analysisutil.EnclosingLoop(sc) != c.Node() || analysisutil.InFuncLit(sc, c.Node()) {
				continue
			}
			sel := r.wait.SiteAt(sc).Select
			if sel == nil || sel.Shape() != wait.Cancellable {
				continue
			}
			if cc := r.spinningDone(l, sc, sc.Node().(*ast.SelectStmt)); cc != nil {
				r.reportSpin(cc)
			}
		}
	}
}
