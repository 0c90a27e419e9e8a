package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/wait"
)

// Retry by re-queue: a worker takes a job from a channel, runs it, and
// when it fails sends the same job back on the same channel, to be run
// again:
//
//	for job := range w.jobs {
//		if err := w.run(job); err != nil {
//			w.jobs <- job
//		}
//	}
//
// Only the channel form is recognised: a send of the very value received,
// on the very channel it came from, on the failure path of an attempt
// that was handed it. A queue type's methods (Push, Add, Done, Nack) do
// not say by their shape whether they put the job back, mark it finished
// or hand it to a dead-letter queue, so they are not guessed. A job sent
// to another channel (failures to a dead-letter channel), or a value
// given back whatever happened (a connection returned to its pool), is no
// re-queue.

// findRequeues records worker loops that re-queue a failed job.
func (st *state) findRequeues(in *inspector.Inspector, res *Result) {
	loops := res.scopeLoops()
	for c := range in.Root().Preorder((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
		loop := c.Node()
		if loops[loop] {
			continue
		}
		guard.Mark(st.pass, loop.Pos())
		body := analysisutil.LoopBody(loop)
		ch, item := st.received(loop)
		if body == nil || ch == nil || item == nil {
			continue
		}
		attempt, errVar := st.requeueAttempt(body, ch, item)
		if attempt == nil {
			continue
		}
		ev := EvRequeue | EvFailureGoesRound
		if wait.InBody(st.info, body) || st.callsSleeper(body) || st.jobSleeps(attempt) {
			ev |= EvWaits
		}
		res.Scopes = append(res.Scopes, &Scope{
			Kind: Requeue, Body: body, Loop: loop, Attempt: attempt, ErrVar: errVar, Helper: "re-queue loop", Evidence: ev,
		})
	}
}

// received returns the channel a worker loop takes its jobs from and the
// variable a job lands in: for job := range ch, or job := <-ch (also
// job, ok := <-ch) as the first statement of the body.
func (st *state) received(loop ast.Node) (ch, item *types.Var) {
	switch l := loop.(type) {
	case *ast.RangeStmt:
		t := st.info.TypeOf(l.X)
		if t == nil || l.Key == nil {
			return nil, nil // broken code
		}
		if _, ok := t.Underlying().(*types.Chan); !ok {
			return nil, nil
		}
		return chanVar(st.info, l.X), analysisutil.IdentVar(st.info, l.Key)
	case *ast.ForStmt:
		if len(l.Body.List) == 0 {
			return nil, nil
		}
		a, ok := l.Body.List[0].(*ast.AssignStmt)
		if !ok || len(a.Rhs) != 1 || len(a.Lhs) == 0 {
			return nil, nil
		}
		u, ok := ast.Unparen(a.Rhs[0]).(*ast.UnaryExpr)
		if !ok || u.Op != token.ARROW {
			return nil, nil
		}
		return chanVar(st.info, u.X), analysisutil.IdentVar(st.info, a.Lhs[0])
	}
	return nil, nil
}

// chanVar returns the variable or field that holds a channel: ch, w.jobs.
func chanVar(info *types.Info, e ast.Expr) *types.Var {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := info.Uses[x].(*types.Var)
		return v
	case *ast.SelectorExpr:
		v, _ := info.Uses[x.Sel].(*types.Var)
		return v
	}
	return nil
}

// requeueAttempt returns the call that runs the job (it is handed item
// and its error lands in a variable) when a test of that error that
// holds a send of item back on ch follows it.
func (st *state) requeueAttempt(body *ast.BlockStmt, ch, item *types.Var) (*ast.CallExpr, *types.Var) {
	var attempt *ast.CallExpr
	var errVar *types.Var
	var parents []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if attempt != nil {
			return false
		}
		if n == nil {
			parents = parents[:len(parents)-1]
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok && len(parents) > 0 && returnsError(st.info, call) && analysisutil.Mentions(st.info, call, item) {
			if v := errVarOf(st.info, parents[len(parents)-1], call); v != nil && st.sendsBackOnFailure(body, call, v, ch, item) {
				attempt, errVar = call, v
				return false
			}
		}
		parents = append(parents, n)
		return true
	})
	return attempt, errVar
}

// sendsBackOnFailure reports whether an if after call, taken when errVar
// is not nil (err != nil, or a verdict on it), sends item on ch.
func (st *state) sendsBackOnFailure(body *ast.BlockStmt, call *ast.CallExpr, errVar, ch, item *types.Var) bool {
	return analysisutil.AnyInBody(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || ifs.Cond.Pos() < call.End() {
			return false
		}
		var failure ast.Node
		switch {
		case nilTest(st.info, ifs.Cond, errVar, token.NEQ) && !negatesConjunct(st.info, ifs.Cond, errVar), verdictOn(st.info, ifs.Cond, errVar):
			failure = ifs.Body
		case nilTest(st.info, ifs.Cond, errVar, token.EQL) && ifs.Else != nil:
			failure = ifs.Else
		case nilTest(st.info, ifs.Cond, errVar, token.EQL) &&
			analysisutil.EndsBy(ifs.Body.List, analysisutil.ByContinue|analysisutil.ByReturn):
			// if err == nil { continue }: what follows is the failure path.
			failure = &ast.BlockStmt{List: restAfter(body, ifs)}
		default:
			return false
		}
		// The send may sit in a goroutine or timer callback that puts
		// the job back after a delay: literals are entered.
		found := false
		ast.Inspect(failure, func(m ast.Node) bool {
			if send, ok := m.(*ast.SendStmt); ok && chanVar(st.info, send.Chan) == ch && analysisutil.IdentVar(st.info, send.Value) == item {
				found = true
			}
			return !found
		})
		return found
	})
}

// jobSleeps reports whether the job the attempt runs, a function of this
// package, waits blindly (the fixed sleep inside the job).
func (st *state) jobSleeps(attempt *ast.CallExpr) bool {
	fn := st.callee(attempt)
	return fn != nil && st.isSleeper(fn)
}
