package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/wait"
)

// A work loop (a consumer, an accept loop, a queue sender) is no retry
// loop: success goes on to the next piece of work. But its failure path
// may wait and go round, so the step that failed runs again after the
// wait: a retried step.
//
//	for {
//		entry, err := q.Peek()
//		if err != nil {
//			log.Printf("peek: %v", err)
//			time.Sleep(time.Second)
//			continue
//		}
//		send(ctx, entry)
//	}
//
// Only a loop with no clauses (or a condition that counts nothing) runs
// the same step again: in a range loop, or one with a post statement,
// continue moves on to the next item. A select that ends the branch and
// only polls the stop signals (receives from a context's Done or a
// closing channel, and a default that goes round) goes round too. The
// wait must be in the failure branch itself; what it retries is the call whose error the branch
// tests. Steps are kept apart from Scopes (Result.Steps): a rule reads
// them only when it is about the failure path's wait.

// findSteps records the retried steps of the package's work loops that
// are no retry scope of another kind.
func (st *state) findSteps(in *inspector.Inspector, res *Result) {
	loops := res.scopeLoops()
	for c := range in.Root().Preorder((*ast.ForStmt)(nil)) {
		loop := c.Node().(*ast.ForStmt)
		if loops[loop] || loop.Init != nil || loop.Post != nil || loop.Cond != nil && countsAttempts(loop.Cond) {
			continue
		}
		guard.Mark(st.pass, loop.Pos())
		x := loopExits{local: labelsIn(loop.Body), breaks: loopBreaks(loop.Body), self: st.labels[loop]}
		for i, s := range loop.Body.List {
			if call := stepCall(s); call != nil {
				st.calleeSteps(loop, call, res)
			}
			if sel, ok := s.(*ast.SelectStmt); ok {
				// case <-msg.Nacked(): time.Sleep(d); continue: the
				// consumer refused the delivery, and it is sent again.
				for _, cc := range sel.Body.List {
					cc := cc.(*ast.CommClause)
					if st.refusalRecv(cc.Comm) && goesOn(x, cc.Body) && !x.leaves(cc.Body) &&
						(wait.InBody(st.info, &ast.BlockStmt{List: cc.Body}) || st.callsSleeper(&ast.BlockStmt{List: cc.Body})) {
						res.Steps = append(res.Steps, &Scope{
							Kind: Loop, Loop: loop, Body: cc,
							Helper: "redelivery after a refusal", Evidence: EvWaits | EvFailureGoesRound,
						})
					}
				}
				continue
			}
			ifs, ok := s.(*ast.IfStmt)
			if !ok {
				continue
			}
			var prev ast.Stmt
			if i > 0 {
				prev = loop.Body.List[i-1]
			}
			for ifs != nil {
				if call, errVar, branch := st.stepFailure(ifs, prev, x); call != nil {
					res.Steps = append(res.Steps, &Scope{
						Kind: Loop, Loop: loop, Body: branch, Attempt: call, ErrVar: errVar,
						Helper: "retried step", Evidence: EvWaits | EvFailureGoesRound,
					})
					break
				}
				ifs, _ = ifs.Else.(*ast.IfStmt) // if errors.Is(err, ErrEmpty) { ... } else if err != nil { wait; continue }
			}
		}
	}
}

// stepCall returns the call of a statement that runs one step of a work
// loop and ignores its result: `r.receiveAndRun(ctx)`, also as the
// default case of a select that polls the stop signals first.
func stepCall(s ast.Stmt) *ast.CallExpr {
	switch s := s.(type) {
	case *ast.ExprStmt:
		call, _ := ast.Unparen(s.X).(*ast.CallExpr)
		return call
	case *ast.SelectStmt:
		for _, cl := range s.Body.List {
			if cc, ok := cl.(*ast.CommClause); ok && cc.Comm == nil && len(cc.Body) == 1 {
				return stepCall(cc.Body[0])
			}
		}
	}
	return nil
}

// calleeSteps records the failure branches of a function of this package
// that a work loop calls as a step: a branch of its body (outside any loop
// of its own) that tests the error of a call, waits, and returns, so that
// the loop runs the step, and the failed call, again after the wait.
//
//	func (r *Runner) receiveAndRun(ctx context.Context) {
//		m, err := r.queue.Receive(ctx)
//		if err != nil {
//			time.Sleep(time.Second)
//			return
//		}
//		...
//	}
func (st *state) calleeSteps(loop *ast.ForStmt, call *ast.CallExpr, res *Result) {
	fn, _ := typeutil.Callee(st.info, call).(*types.Func)
	if fn == nil {
		return
	}
	d := st.decls[fn.Origin()]
	if d == nil || d.Body == nil || d.Type.Results != nil && len(d.Type.Results.List) > 0 {
		return // a step whose result the loop ignores returns none
	}
	for i, s := range d.Body.List {
		ifs, ok := s.(*ast.IfStmt)
		if !ok {
			continue
		}
		var prev ast.Stmt
		if i > 0 {
			prev = d.Body.List[i-1]
		}
		if call, errVar, branch := st.calleeFailure(ifs, prev); call != nil && !hasStep(res, branch) {
			res.Steps = append(res.Steps, &Scope{
				Kind: Loop, Loop: loop, Body: branch, Attempt: call, ErrVar: errVar,
				Helper: "retried step", Evidence: EvWaits | EvFailureGoesRound,
			})
		}
	}
}

// hasStep reports whether the failure branch body is recorded already (a
// step function called by two work loops is one step).
func hasStep(res *Result, body ast.Node) bool {
	for _, s := range res.Steps {
		if s.Body == body {
			return true
		}
	}
	return false
}

// calleeFailure is stepFailure for a step function's body: the branch
// must wait and end by returning (to the loop, which goes round).
func (st *state) calleeFailure(ifs *ast.IfStmt, prev ast.Stmt) (*ast.CallExpr, *types.Var, *ast.BlockStmt) {
	call, errVar := st.failedCall(ifs, prev)
	if call == nil {
		return nil, nil, nil
	}
	list := ifs.Body.List
	if n := len(list); n == 0 {
		return nil, nil, nil
	} else if r, ok := list[n-1].(*ast.ReturnStmt); !ok || len(r.Results) > 0 {
		return nil, nil, nil
	}
	if !wait.InBody(st.info, ifs.Body) && !st.callsSleeper(ifs.Body) {
		return nil, nil, nil
	}
	return call, errVar, ifs.Body
}

// failedCall returns the call whose error ifs tests (err != nil, err
// assigned from the call in ifs's init or in the statement before it).
func (st *state) failedCall(ifs *ast.IfStmt, prev ast.Stmt) (*ast.CallExpr, *types.Var) {
	from := prev
	if ifs.Init != nil {
		from = ifs.Init
	}
	a, ok := from.(*ast.AssignStmt)
	if !ok || len(a.Rhs) != 1 || len(a.Lhs) == 0 {
		return nil, nil
	}
	call, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr)
	if !ok || !returnsError(st.info, call) {
		return nil, nil
	}
	errVar := errVarOf(st.info, a, call)
	if errVar == nil || !nilTest(st.info, ifs.Cond, errVar, token.NEQ) {
		return nil, nil
	}
	return call, errVar
}

// stepFailure returns the call whose error ifs tests (err != nil, err
// assigned from the call in ifs's init or in the statement before it),
// and the branch, when that branch waits and ends by going round.
func (st *state) stepFailure(ifs *ast.IfStmt, prev ast.Stmt, x loopExits) (*ast.CallExpr, *types.Var, *ast.BlockStmt) {
	call, errVar := st.failedCall(ifs, prev)
	if call == nil || wait.IsWaitCall(st.info, call) {
		return nil, nil, nil
	}
	body := ifs.Body
	list := body.List
	if n := len(list); n > 0 {
		if sel, ok := list[n-1].(*ast.SelectStmt); ok && st.pollGoesOn(sel, x) {
			// select { case <-ctx.Done(): return; default: continue }:
			// a look at the stop signals that goes round when none is
			// there; its exits are no way out of the failure.
			list = append(list[:n-1:n-1], &ast.BranchStmt{Tok: token.CONTINUE})
		}
	}
	if !goesOn(x, list) || x.leaves(list) {
		return nil, nil, nil
	}
	if !wait.InBody(st.info, body) && !st.callsSleeper(body) {
		return nil, nil, nil
	}
	return call, errVar, body
}

// pollGoesOn reports whether sel only polls for stop signals: its
// default case goes round, and every other case receives from a channel
// closed to broadcast (a context's Done, a quit or closing channel).
func (st *state) pollGoesOn(sel *ast.SelectStmt, x loopExits) bool {
	def := false
	for _, cl := range sel.Body.List {
		cc := cl.(*ast.CommClause)
		if cc.Comm == nil {
			if !goesOn(x, cc.Body) {
				return false
			}
			def = true
			continue
		}
		if !wait.IsClosingRecv(st.info, cc.Comm) {
			return false
		}
	}
	return def
}

// refusalRecv reports whether comm receives from a channel that signals a
// refused delivery: its name (msg.Nacked(), job.failed, w.rejected) holds
// one of knowledge.RefusalWords.
func (st *state) refusalRecv(comm ast.Stmt) bool {
	var x ast.Expr
	switch c := comm.(type) {
	case *ast.ExprStmt:
		x = c.X
	case *ast.AssignStmt:
		if len(c.Rhs) == 1 {
			x = c.Rhs[0]
		}
	}
	u, ok := ast.Unparen(x).(*ast.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return false
	}
	ch := ast.Unparen(u.X)
	if call, ok := ch.(*ast.CallExpr); ok {
		ch = ast.Unparen(call.Fun)
	}
	var name string
	switch e := ch.(type) {
	case *ast.Ident:
		name = e.Name
	case *ast.SelectorExpr:
		name = e.Sel.Name
	}
	return name != "" && slices.ContainsFunc(knowledge.RefusalWords, func(w string) bool { return hasWord(name, w) })
}
