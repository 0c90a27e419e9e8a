package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/wait"
)

// Restart loops retry with no error value: the work is a session (a
// connection's read loop, a subscription, a stream) that runs until it
// breaks, and its returning is the failure. The loop waits and runs it
// again until it is closed:
//
//	for {
//		c.readLoop(conn)
//		select {
//		case <-c.closing:
//			return
//		case <-time.After(delay):
//		}
//		delay = min(2*delay, maxDelay)
//	}
//
// The same statement shape runs periodic jobs (flush, sync, a batch of
// queue items) and event loops, which are no retry. What tells them
// apart is the work: a session is a function of this package whose own
// loop runs forever and leaves only when something breaks (an error, an
// error received from the connection's channel, a closed channel, a
// liveness or idle timer, the caller's cancellation), never because its
// work is done (an empty queue, a last page), or a function that ends by
// running a session. A keep-running helper that takes
// the session as a function value (runForever(fn func())) is a restart
// loop when every call of it in the package hands it one. A job that
// waits on a ticker runs at a fixed rate whatever happened: a periodic
// job, not a restart.

// findRestarts records restart loops: a for statement with no clauses
// whose body runs a session as a statement, then waits, and never leaves
// on what the session returned.
func (st *state) findRestarts(in *inspector.Inspector, res *Result) {
	loops := res.scopeLoops()
	for c := range in.Root().Preorder((*ast.ForStmt)(nil)) {
		loop := c.Node().(*ast.ForStmt)
		if loops[loop] || loop.Init != nil || loop.Post != nil || loop.Cond != nil && countsAttempts(loop.Cond) {
			continue
		}
		guard.Mark(st.pass, loop.Pos())
		if session, ev := st.restartOf(loop); session != nil {
			res.Scopes = append(res.Scopes, &Scope{
				Kind: Restart, Body: loop.Body, Loop: loop, Attempt: session, Helper: "restart loop", Evidence: ev,
			})
		}
	}
}

// restartOf returns the session call of a restart loop, and the evidence.
func (st *state) restartOf(loop *ast.ForStmt) (*ast.CallExpr, Evidence) {
	list := loop.Body.List
	for i, s := range list {
		call, errVar := sessionStmt(st.info, s)
		if call == nil || !st.isSession(call) {
			continue
		}
		rest := list[i+1:]
		if h := st.failureHandler(rest, errVar); h >= 0 {
			// The session's error goes to a handler that waits (its
			// backoff) and answers whether to go on: the handler's
			// answer decides, not the session's error.
			if decidesOn(st.info, &ast.BlockStmt{List: rest[:h]}, errVar) {
				return nil, 0
			}
			return call, EvRestart | EvWaits
		}
		if !st.waitsAfter(rest) {
			return nil, 0
		}
		if errVar != nil && decidesOn(st.info, loop.Body, errVar) {
			return nil, 0 // its error decides something: a retry loop's or a poll's business
		}
		return call, EvRestart | EvWaits
	}
	return nil, 0
}

// failureHandler returns the index in rest of a statement that hands
// the session's error to a function of this package that waits on some
// path and takes its answer back into the error (err = c.handleError(ctx,
// err, backoff)), or -1.
func (st *state) failureHandler(rest []ast.Stmt, errVar *types.Var) int {
	if errVar == nil {
		return -1
	}
	for i, s := range rest {
		var as *ast.AssignStmt
		switch s := s.(type) {
		case *ast.AssignStmt:
			as = s
		case *ast.IfStmt:
			as, _ = s.Init.(*ast.AssignStmt)
		}
		if as == nil || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 || !isVar(st.info, as.Lhs[0], errVar) {
			continue
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || !st.wait.Blocks(call) {
			continue
		}
		for _, a := range call.Args {
			if isVar(st.info, a, errVar) {
				return i
			}
		}
	}
	return -1
}

// sessionStmt returns the call a statement runs for its effect: f(x),
// _ = f(x), or err := f(x) (the error kept only to be logged; returned
// as errVar), also as the init of an if that tests it (if err := f(x);
// err != nil { log }).
func sessionStmt(info *types.Info, s ast.Stmt) (*ast.CallExpr, *types.Var) {
	switch s := s.(type) {
	case *ast.IfStmt:
		if s.Init == nil {
			return nil, nil
		}
		call, errVar := sessionStmt(info, s.Init)
		if errVar == nil {
			return nil, nil // the if tests something else than the session's error
		}
		return call, errVar
	case *ast.ExprStmt:
		call, _ := ast.Unparen(s.X).(*ast.CallExpr)
		return call, nil
	case *ast.AssignStmt:
		if len(s.Lhs) != 1 || len(s.Rhs) != 1 {
			return nil, nil
		}
		call, ok := ast.Unparen(s.Rhs[0]).(*ast.CallExpr)
		if !ok || !returnsError(info, call) {
			return nil, nil
		}
		if id, ok := s.Lhs[0].(*ast.Ident); ok && id.Name == "_" {
			return call, nil
		}
		if v := analysisutil.IdentVar(info, s.Lhs[0]); v != nil && analysisutil.IsError(v.Type()) {
			return call, v
		}
	}
	return nil, nil
}

// decidesOn reports whether a test in body that mentions errVar leaves
// or goes round (its branch returns, breaks or continues): the error is
// more than logged.
func decidesOn(info *types.Info, body *ast.BlockStmt, errVar *types.Var) bool {
	x := loopExits{local: labelsIn(body), breaks: loopBreaks(body)}
	return analysisutil.AnyInBody(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || !analysisutil.Mentions(info, ifs.Cond, errVar) {
			return false
		}
		return x.leaves(ifs.Body.List) || x.goesRoundIn(ifs.Body) ||
			ifs.Else != nil && (x.leaves([]ast.Stmt{ifs.Else}) || x.goesRoundIn(ifs.Else))
	})
}

// waitsAfter reports whether the statements that follow the session wait
// for a delay before the next run: a sleep, a timer or time.After
// receive (alone or in a select), a call of a waiting function. A
// ticker's channel runs a job at a fixed rate: that is a periodic job.
func (st *state) waitsAfter(rest []ast.Stmt) bool {
	block := &ast.BlockStmt{List: rest}
	if tickerReceive(st.info, block) {
		return false
	}
	return wait.InBody(st.info, block) || st.callsSleeper(block)
}

// tickerReceive reports whether body receives from a ticker's channel
// (time.Tick, (*time.Ticker).C).
func tickerReceive(info *types.Info, body ast.Node) bool {
	return analysisutil.AnyInBody(body, func(n ast.Node) bool {
		u, ok := n.(*ast.UnaryExpr)
		if !ok || u.Op != token.ARROW {
			return false
		}
		switch e := ast.Unparen(u.X).(type) {
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(info, e).(*types.Func)
			return fn != nil && analysisutil.IsPkgFunc(fn, knowledge.Time, "Tick")
		case *ast.SelectorExpr:
			return e.Sel.Name == "C" && analysisutil.IsNamed(info.TypeOf(e.X), knowledge.Time, "Ticker")
		}
		return false
	})
}

// isSession reports whether call runs a session: a function or method of
// this package whose body holds a loop that runs forever and leaves only
// when something breaks, or that ends by running one (a wrapper that
// gathers the session's arguments and calls it last).
func (st *state) isSession(call *ast.CallExpr) bool {
	return st.isSessionDepth(call, 0)
}

func (st *state) isSessionDepth(call *ast.CallExpr, depth int) bool {
	fn := st.callee(call)
	if fn == nil {
		return depth == 0 && st.sessionParam(call)
	}
	d := st.decls[fn]
	if d == nil || d.Body == nil {
		return false
	}
	if n := len(d.Body.List); n > 0 && depth < 2 {
		if es, ok := d.Body.List[n-1].(*ast.ExprStmt); ok {
			if c, ok := ast.Unparen(es.X).(*ast.CallExpr); ok && st.callee(c) != nil && st.callee(c) != fn && st.isSessionDepth(c, depth+1) {
				return true
			}
		}
	}
	found := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt:
			if n.Cond == nil && n.Init == nil && n.Post == nil && st.breaksOnly(n) {
				found = true
			}
		}
		return true
	})
	return found
}

// breaksOnly reports whether the endless loop has exits, and each one
// (a return, or a break of the loop) is taken only when something
// broke: in a branch of a test of an error or of a comma-ok receive's
// ok, or in a select case that receives from a done or closing channel,
// receives an error (the connection's end, `case err := <-wait`), or
// fires on a timer (an idle or liveness timeout).
// An exit under any other test (the queue is empty, the last page came)
// ends work that was done, not a session.
func (st *state) breaksOnly(loop *ast.ForStmt) bool {
	x := loopExits{local: labelsIn(loop.Body), breaks: loopBreaks(loop.Body)}
	oks := recvOKs(st.info, loop.Body)
	exits, broken := 0, 0
	var walk func(n ast.Node, why bool)
	walk = func(n ast.Node, why bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			if m == nil {
				return false
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.IfStmt:
				if m.Init != nil {
					walk(m.Init, why)
				}
				w := why || st.brokenTest(m.Cond, oks)
				walk(m.Body, w)
				if m.Else != nil {
					walk(m.Else, w)
				}
				return false
			case *ast.CommClause:
				w := why || m.Comm != nil && st.brokenCase(m)
				for _, s := range m.Body {
					walk(s, w)
				}
				return false
			case *ast.ReturnStmt:
				exits++
				if why {
					broken++
				}
			case *ast.BranchStmt:
				if x.leaves([]ast.Stmt{m}) {
					exits++
					if why {
						broken++
					}
				}
			case *ast.ExprStmt:
				if c, ok := m.X.(*ast.CallExpr); ok && analysisutil.NoReturnCall(c) {
					return false // a panic or exit ends the program, not the session
				}
			}
			return true
		})
	}
	walk(loop.Body, false)
	return exits > 0 && exits == broken
}

// brokenCase reports whether the select case cc is taken when something
// broke: it receives from a done or closing channel, receives an error
// value, or fires on a timer.
func (st *state) brokenCase(cc *ast.CommClause) bool {
	c := wait.ClassifyCase(st.info, cc, nil)
	switch {
	case c.Closes(), c.Kind == wait.Timer:
		return true
	case c.Kind == wait.Work:
		t := st.info.TypeOf(c.Chan)
		if t == nil {
			return false
		}
		ch, ok := t.Underlying().(*types.Chan)
		return ok && analysisutil.IsError(ch.Elem())
	}
	return false
}

// brokenTest reports whether cond tests that something broke: it
// mentions an error value (err != nil, errors.Is(err, io.EOF),
// ctx.Err() != nil), or the negated ok of a comma-ok receive (!ok).
func (st *state) brokenTest(cond ast.Expr, oks map[*types.Var]bool) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if v, ok := st.info.Uses[n].(*types.Var); ok && analysisutil.IsError(v.Type()) {
				found = true
			}
		case *ast.UnaryExpr:
			if n.Op == token.NOT {
				if v := analysisutil.IdentVar(st.info, n.X); v != nil && oks[v] {
					found = true
				}
			}
		case *ast.CallExpr:
			if analysisutil.IsError(st.info.TypeOf(n)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// recvOKs returns the oks of the comma-ok receives in body (v, ok :=
// <-ch): false means the channel was closed.
func recvOKs(info *types.Info, body ast.Node) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && len(a.Lhs) == 2 && len(a.Rhs) == 1 {
			if u, ok := ast.Unparen(a.Rhs[0]).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
				if v := analysisutil.IdentVar(info, a.Lhs[1]); v != nil {
					out[v] = true
				}
			}
		}
		return true
	})
	return out
}

// sessionParam reports whether call runs a func-typed parameter of the
// function around it (a runForever(fn func()) helper) and every call of
// that function in the package hands it a session: a function literal
// that runs one, or a function or method value that is one.
func (st *state) sessionParam(call *ast.CallExpr) bool {
	v := analysisutil.IdentVar(st.info, call.Fun)
	if v == nil {
		return false
	}
	var owner *types.Func
	idx := -1
	for fn, d := range st.decls {
		if d.Body == nil || call.Pos() < d.Body.Pos() || call.End() > d.Body.End() {
			continue
		}
		sig := fn.Type().(*types.Signature)
		for i := range sig.Params().Len() {
			if sig.Params().At(i) == v {
				owner, idx = fn, i
			}
		}
	}
	if owner == nil {
		return false
	}
	sites := 0
	for _, d := range st.decls {
		ok := true
		ast.Inspect(d.Body, func(n ast.Node) bool {
			c, isCall := n.(*ast.CallExpr)
			if !ok || !isCall || st.callee(c) != owner {
				return ok
			}
			sites++
			if idx >= len(c.Args) || !st.runsSession(c.Args[idx]) {
				ok = false
			}
			return ok
		})
		if !ok {
			return false
		}
	}
	return sites > 0
}

// runsSession reports whether the function value e runs a session: a
// function or method of this package that is one, or a literal whose
// body calls one as a statement.
func (st *state) runsSession(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		found := false
		for _, s := range e.Body.List {
			if c, _ := sessionStmt(st.info, s); c != nil && st.callee(c) != nil && st.isSession(c) {
				found = true
			}
		}
		return found
	case *ast.Ident, *ast.SelectorExpr:
		fn, _ := st.info.Uses[identOf(e)].(*types.Func)
		if fn == nil {
			return false
		}
		return st.isSession(&ast.CallExpr{Fun: e})
	}
	return false
}

// identOf returns the identifier that names e (x, or x.Sel's Sel).
func identOf(e ast.Expr) *ast.Ident {
	switch e := e.(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	}
	return nil
}
