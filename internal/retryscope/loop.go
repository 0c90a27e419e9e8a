package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/wait"
)

// errVarOf returns the variable that receives the error result of call:
// the last left-hand side of `v, err := call` / `err = call`, or of
// `var err = call`. It returns nil when the error is not kept in a variable.
func errVarOf(info *types.Info, parent ast.Node, call *ast.CallExpr) *types.Var {
	var lhs []ast.Expr
	switch p := parent.(type) {
	case *ast.AssignStmt:
		if len(p.Rhs) != 1 || ast.Unparen(p.Rhs[0]) != call {
			return nil
		}
		lhs = p.Lhs
	case *ast.ValueSpec:
		if len(p.Values) != 1 || ast.Unparen(p.Values[0]) != call {
			return nil
		}
		for _, n := range p.Names {
			lhs = append(lhs, n)
		}
	default:
		return nil
	}
	if len(lhs) == 0 {
		return nil
	}
	id, ok := ast.Unparen(lhs[len(lhs)-1]).(*ast.Ident)
	if !ok {
		return nil
	}
	obj := info.ObjectOf(id)
	v, _ := obj.(*types.Var)
	if v == nil || !analysisutil.IsError(v.Type()) {
		return nil
	}
	return v
}

// returnsError reports whether the call's last result is an error.
func returnsError(info *types.Info, call *ast.CallExpr) bool {
	t := info.TypeOf(call)
	if tup, ok := t.(*types.Tuple); ok {
		if tup.Len() == 0 {
			return false
		}
		t = tup.At(tup.Len() - 1).Type()
	}
	return analysisutil.IsError(t)
}

// nilTest reports whether cond contains, as a top-level conjunct or
// disjunct, the comparison `v == nil` (op EQL) or `v != nil` (op NEQ).
func nilTest(info *types.Info, cond ast.Expr, v *types.Var, op token.Token) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND, token.LOR:
			return nilTest(info, e.X, v, op) || nilTest(info, e.Y, v, op)
		case op:
			return isVar(info, e.X, v) && isNil(info, e.Y) || isVar(info, e.Y, v) && isNil(info, e.X)
		}
	}
	return false
}

// isVar reports whether e is v: the variable, or, when v is a struct
// field (an error kept in the attempt's result), a selection of it.
func isVar(info *types.Info, e ast.Expr, v *types.Var) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return info.ObjectOf(x) == v
	case *ast.SelectorExpr:
		return v.IsField() && info.Uses[x.Sel] == v
	}
	return false
}

func isNil(info *types.Info, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	_, isNil := info.ObjectOf(id).(*types.Nil)
	return isNil
}

// leaves reports whether stmts contain a return, a panic or a break/goto
// that leaves the loop (a break inside a nested loop, switch or select
// does not), without descending into function literals.
func leaves(stmts []ast.Stmt) bool { return loopExits{}.leaves(stmts) }

// loopExits says what leaves one loop. A goto to a label inside the loop
// goes on (a forward goto to a wait the failure paths share is a
// continue), and an unlabeled break leaves the loop only when no switch,
// select or loop inside it stands between (a break in a failover loop
// over nodes inside the waiting loop leaves only the failover).
type loopExits struct {
	local map[string]bool // labels of statements inside the loop
	self  string          // the loop's own label, if any
	// breaks are the unlabeled breaks that leave the loop; nil when the
	// loop is not known (then a break leaves unless it sits in a
	// breakable statement inside the statements looked at).
	breaks map[*ast.BranchStmt]bool
	// rounds are the unlabeled breaks of a select that ends the loop
	// body: the loop goes round after them (roundBreaks).
	rounds map[*ast.BranchStmt]bool
}

// roundBreaks returns the unlabeled breaks that leave a select ending
// body (`select { case <-quit: return; default: if err := op(); err !=
// nil { break }; return nil }`): nothing follows the select, so the
// loop goes round after them, as after a continue.
func roundBreaks(body *ast.BlockStmt) map[*ast.BranchStmt]bool {
	if len(body.List) == 0 {
		return nil
	}
	sel, ok := body.List[len(body.List)-1].(*ast.SelectStmt)
	if !ok {
		return nil
	}
	out := map[*ast.BranchStmt]bool{}
	for _, cc := range sel.Body.List {
		for _, st := range cc.(*ast.CommClause).Body {
			for br := range loopBreaks(&ast.BlockStmt{List: []ast.Stmt{st}}) {
				out[br] = true
			}
		}
	}
	return out
}

// loopBreak reports whether the unlabeled break br, found in stmts s,
// leaves the loop.
func (x loopExits) loopBreak(s ast.Node, br *ast.BranchStmt) bool {
	if x.breaks != nil {
		return x.breaks[br]
	}
	return !nestedBreakable(s, br)
}

// loopBreaks returns the unlabeled breaks in body that leave the loop
// whose body it is.
func loopBreaks(body *ast.BlockStmt) map[*ast.BranchStmt]bool {
	out := map[*ast.BranchStmt]bool{}
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				return m == n
			case *ast.BranchStmt:
				if m.Tok == token.BREAK && m.Label == nil {
					out[m] = true
				}
			}
			return true
		})
	}
	walk(body)
	return out
}

func (x loopExits) leaves(stmts []ast.Stmt) bool {
	found := false
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				found = true
			case *ast.BranchStmt:
				switch {
				case n.Tok == token.BREAK && n.Label == nil:
					found = x.loopBreak(s, n)
				case n.Label != nil:
					found = x.outward(n)
				}
			case *ast.ExprStmt:
				if c, ok := n.X.(*ast.CallExpr); ok && analysisutil.NoReturnCall(c) {
					found = true
				}
			}
			return true
		})
	}
	return found
}

// outward reports whether the labeled branch br (goto, break or continue)
// leaves the loop: its label is outside the loop, and a continue does not
// name the loop itself.
func (x loopExits) outward(br *ast.BranchStmt) bool {
	name := br.Label.Name
	if x.local[name] {
		return false
	}
	return !(br.Tok == token.CONTINUE && name == x.self)
}

// endsLeaving reports whether the last of stmts leaves the loop.
func (x loopExits) endsLeaving(stmts []ast.Stmt) bool {
	if len(stmts) > 0 {
		if br, ok := stmts[len(stmts)-1].(*ast.BranchStmt); ok {
			switch {
			case br.Label != nil:
				return x.outward(br)
			case br.Tok == token.BREAK && !x.loopBreak(br, br):
				return false
			}
		}
	}
	return analysisutil.EndsBy(stmts, analysisutil.ByReturn|analysisutil.ByBreak|analysisutil.ByGoto|analysisutil.ByNoReturn)
}

// leavesOnSuccess reports whether the success branch stmts leave the loop
// (see leaves), not counting exits inside a select: a branch that waits
// and then goes round again (if err == nil { select { case <-ctx.Done():
// return; case <-t.C: }; continue }) is a heartbeat or poll, whose only
// exit is the cancellation, not success.
func (x loopExits) leavesOnSuccess(stmts []ast.Stmt) bool {
	var outside []ast.Stmt
	for _, s := range stmts {
		if _, ok := s.(*ast.SelectStmt); !ok {
			outside = append(outside, s)
		}
	}
	return x.leaves(outside)
}

// leavesAtTop reports whether one of stmts is itself a return or a break
// of the loop.
func (x loopExits) leavesAtTop(stmts []ast.Stmt) bool {
	for _, s := range stmts {
		switch s := s.(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.BranchStmt:
			if s.Label != nil && x.outward(s) || s.Tok == token.BREAK && s.Label == nil && x.loopBreak(s, s) {
				return true
			}
		}
	}
	return false
}

// nestedBreakable reports whether br sits in a for/range/switch/select
// nested inside root (so an unlabeled break targets that, not our loop).
func nestedBreakable(root ast.Node, br *ast.BranchStmt) bool {
	nested := false
	var walk func(n ast.Node, depth int)
	walk = func(n ast.Node, depth int) {
		ast.Inspect(n, func(m ast.Node) bool {
			if nested || m == nil {
				return false
			}
			if m == br {
				nested = depth > 0
				return false
			}
			switch m.(type) {
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				if m != n {
					walk(m, depth+1)
					return false
				}
			case *ast.FuncLit:
				return false
			}
			return true
		})
	}
	walk(root, 0)
	return nested
}

// retryLike reports whether a loop whose attempt (call) leaves its error in
// errVar leaves when the attempt succeeds and can go round again when it
// fails. The first decisive test of errVar after the call (with no other
// assignment to errVar in between) decides; recognised shapes:
//
//	if err == nil { return/break }               (leave on success)
//	if err != nil { ...; continue }; return nil   (go again on failure)
//	for err != nil { ... }                        (loop condition)
//	if !retryable(err) { return err }             (a verdict with no nil test:
//	                                               nil is "do not retry" too)
//	again = isTemporary(err) ...; if !again { break }   (a verdict flag)
//	if errors.Is(err, ErrBusy) { wait; continue }      (one kind retried,
//	else if err != nil { return err }; break            the rest leave)
//
// A nil test whose body does not leave (if err == nil { log(...) }) is not
// decisive: the search goes on to the next test. Looking only at the tests
// that follow the call keeps a second call that shares the variable
// (err = sleep(ctx, d); if err != nil { return err }) from being taken for
// the attempt. When the error alone does not decide, success or failure
// may be a result value (resultDecides), the attempt may run in the for
// statement's post (postAttempt), or advance a cursor (cursorRetry).
func retryLike(info *types.Info, loop ast.Node, call *ast.CallExpr, errVar *types.Var, self string) bool {
	return retryHow(info, loop, call, errVar, self) != 0
}

// retryHow is retryLike that says which shape decided: failure goes
// round, a verdict, a result value, the post, a cursor; 0 when the loop
// is no retry of call.
func retryHow(info *types.Info, loop ast.Node, call *ast.CallExpr, errVar *types.Var, self string) Evidence {
	return retryHowAt(info, loop, call, call, errVar, self)
}

// retryHowAt is retryHow for an attempt whose error reaches the loop at
// at: the call itself, or the receive from the channel a goroutine
// running the call reports to (err = <-errc).
func retryHowAt(info *types.Info, loop ast.Node, call *ast.CallExpr, at ast.Expr, errVar *types.Var, self string) Evidence {
	var body *ast.BlockStmt
	after := at.End() // the tests that follow the attempt start here
	switch l := loop.(type) {
	case *ast.ForStmt:
		if l.Cond != nil && nilTest(info, l.Cond, errVar, token.NEQ) {
			return EvFailureGoesRound
		}
		body = l.Body
		if l.Post != nil && l.Post.Pos() <= call.Pos() && call.End() <= l.Post.End() {
			after = body.Pos() // for ...; done, err = poll() { body }: the body follows the attempt
		}
	case *ast.RangeStmt:
		body = l.Body
	}
	x := loopExits{local: labelsIn(body), breaks: loopBreaks(body), rounds: roundBreaks(body), self: self}
	flags := map[*types.Var]bool{} // bools assigned a verdict on errVar
	results := attemptResults(info, body, at)
	if after == body.Pos() {
		results = postResults(info, loop.(*ast.ForStmt), call)
	}
	var test *ast.IfStmt
	verdict := false
	nilCase := 0           // a switch on errVar with a case nil: 1 leaves, -1 goes on
	switchVerdict := false // the switch is on a classifier's answer
	// errTested: a (not decisive) test of errVar came first, so an
	// assignment to it below is in a branch on the attempt's error (err =
	// ctx.Err() while waiting out a rate limit), not a second call.
	errTested := false
	// specific: a test of the attempt's error for one kind (if
	// errors.Is(err, ErrBusy) { wait; continue }) that waits and goes
	// round without leaving: the failure retried.
	var specific *ast.IfStmt
	ast.Inspect(body, func(n ast.Node) bool {
		if test != nil || nilCase != 0 || n == nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SwitchStmt:
			// switch err { case nil: ...; case ErrX: ... }: the nil case
			// says what success does.
			if n.Tag != nil && n.Tag.Pos() > after && verdictSwitch(info, n, errVar) {
				// switch cls.Classify(err) { case Succeed, Fail: return;
				// case Retry: wait }: some answers leave, some go round.
				nilCase, switchVerdict = 1, true
				return false
			}
			if n.Tag != nil && n.Tag.Pos() > after && isVar(info, n.Tag, errVar) {
				for _, cl := range n.Body.List {
					cc := cl.(*ast.CaseClause)
					for _, e := range cc.List {
						if isNil(info, e) {
							if x.leaves(cc.Body) {
								nilCase = 1
							} else {
								nilCase = -1
							}
							return false
						}
					}
				}
			}
		case *ast.AssignStmt:
			if n.Pos() > after {
				for i, l := range n.Lhs {
					if isVar(info, l, errVar) && !(n.Pos() <= at.Pos() && at.End() <= n.End()) && !errTested {
						body = nil // reassigned before any test: not this call's error
						return false
					}
					if v := analysisutil.IdentVar(info, l); v != nil && isBool(v.Type()) && len(n.Rhs) == len(n.Lhs) &&
						analysisutil.Mentions(info, n.Rhs[i], errVar) && !isNilComparison(info, n.Rhs[i], errVar) {
						flags[v] = true
					}
					// retry, checkErr := c.checkRetry(ctx, resp, err): a
					// verdict that comes with an error of its own.
					if v := analysisutil.IdentVar(info, l); v != nil && isBool(v.Type()) && len(n.Rhs) == 1 && len(n.Lhs) > 1 {
						if vc, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && vc != call &&
							slices.ContainsFunc(vc.Args, func(a ast.Expr) bool { return isVar(info, a, errVar) }) {
							flags[v] = true
						}
					}
				}
			}
		case *ast.IfStmt:
			if n.Cond.Pos() <= after {
				break
			}
			errTested = errTested || analysisutil.Mentions(info, n.Cond, errVar)
			if n.Else == nil && !analysisutil.Mentions(info, n.Cond, errVar) && !mentionsAny(info, n.Cond, results) &&
				!mentionsAny(info, n.Cond, analysisutil.SortedVars(flags)) && x.endsLeaving(n.Body.List) {
				// if ctxErr := ctx.Err(); ctxErr != nil { err = ctxErr;
				// return }: an exit on something else; what it does to
				// the error before leaving is not a new attempt.
				return false
			}
			eq, neq := nilTest(info, n.Cond, errVar, token.EQL), nilTest(info, n.Cond, errVar, token.NEQ)
			if eq && !x.leaves(n.Body.List) && n.Else == nil {
				break // if err == nil { log(...) }: not the exit, look further
			}
			if neq && n.Else == nil && !x.leaves(n.Body.List) && !goesOn(x, n.Body.List) {
				// if err != nil { lastErr = err; cancel() }: it records or
				// cleans up and falls through to the real decision.
				flagsUnder(info, n.Body, flags, false)
				break
			}
			if (eq || neq) && n.Else != nil && !x.leaves(n.Body.List) && !x.leaves([]ast.Stmt{n.Else}) &&
				!goesOn(x, n.Body.List) && !endsContinue(n.Else) {
				// if err != nil { if retryOn(err) { shouldRetry = true } }
				// else { ... }, or cleanup on both branches: neither
				// branch decides; a later test (a verdict flag) does.
				if neq {
					flagsUnder(info, n.Body, flags, false)
				} else {
					flagsUnder(info, n.Else, flags, false)
				}
				break
			}
			if neq && n.Else == nil && x.leaves(n.Body.List) && guardsMore(info, n.Cond, errVar) {
				// if err != nil && errors.Is(err, ErrFatal) { return }: a
				// terminal error (or the last attempt) leaves; others go on.
				break
			}
			if eq || neq {
				test = n
				return false
			}
			if negatedVerdict(info, n.Cond, errVar, flags) && x.leaves(n.Body.List) {
				test, verdict = n, true
				return false
			}
			if v := analysisutil.IdentVar(info, n.Cond); v != nil && flags[v] && n.Else == nil &&
				wait.InBody(info, n.Body) && (goesOn(x, n.Body.List) || x.goesRoundIn(n.Body)) && x.leavesAtTop(restAfter(body, n)) {
				// _, retry = classify(resp, err); if retry { wait;
				// continue }; break: the verdict goes round, anything
				// else leaves.
				test, verdict = n, true
				return false
			}
			if !eq && !neq && specific == nil && analysisutil.Mentions(info, n.Cond, errVar) && !x.leaves(n.Body.List) &&
				wait.InBody(info, n.Body) && (goesOn(x, n.Body.List) || x.goesRoundIn(n.Body)) {
				specific = n
			}
			if !eq && analysisutil.Mentions(info, n.Cond, errVar) {
				// if retryOn(req, err) { shouldRetry = true }: a flag set
				// under a test of the attempt's error is a verdict.
				flagsUnder(info, n.Body, flags, false)
			} else if !eq && mentionsAny(info, n.Cond, results) {
				// if res.StatusCode == code { shouldRetry = true }: under
				// a test of the result, only a flag named for retrying
				// (a status test may as well mark success).
				flagsUnder(info, n.Body, flags, true)
			}
		}
		return body != nil
	})
	if body == nil {
		return 0
	}
	if nilCase != 0 {
		if nilCase < 0 {
			return 0
		}
		if switchVerdict {
			return EvVerdict
		}
		return EvFailureGoesRound
	}
	r := &resultModel{info: info, loop: loop, body: body, call: call, errVar: errVar, after: after, x: x, results: results}
	switch {
	case test == nil:
		return r.byResult(true)
	case verdict:
		return EvVerdict
	case nilTest(info, test.Cond, errVar, token.EQL):
		// Success leaves; a failure must be able to go round: not leave
		// in an else branch or on its way to the loop's end (if err ==
		// nil { continue outer }; break outer is no retry).
		if els, ok := test.Else.(*ast.BlockStmt); ok && x.endsLeaving(els.List) || !x.mayGoRound(body, test) {
			return 0
		}
		if x.leavesOnSuccess(test.Body.List) {
			return EvFailureGoesRound
		}
		return 0
	case x.endsLeaving(test.Body.List) && nilTest(info, test.Cond, errVar, token.NEQ) && x.goesRoundIn(test.Body) &&
		wait.InBody(info, test.Body) && x.leavesAtTop(restAfter(body, test)):
		// if err != nil { if refused(err) && left > 0 { wait; continue };
		// return err }; return conn: some failures wait and go round,
		// the rest leave, and success leaves right after.
		return EvFailureGoesRound
	case specific != nil && test.Else == nil && x.endsLeaving(test.Body.List) && nilTest(info, test.Cond, errVar, token.NEQ) &&
		x.leavesAtTop(restAfter(body, test)):
		// if errors.Is(err, ErrBusy) { wait; continue } else if err !=
		// nil { return err }; break: one kind of failure waits and goes
		// round, the others leave, and success leaves right after.
		return EvFailureGoesRound
	case test.Else == nil && x.endsLeaving(test.Body.List) && leavesUnlessRetryStatus(info, test.Cond, errVar, body) && x.mayGoRound(body, test):
		// if err != nil || resp.StatusCode != 500 { break }: every error
		// and every other answer leave; a status that asks for a retry
		// goes round.
		return EvFailureGoesRound
	case x.endsLeaving(test.Body.List):
		// Errors are terminal; the retried failure, if any, is a result
		// value (if ok { return }; wait) or a page to fetch again.
		return r.byResult(false)
	case test.Else != nil && x.leaves([]ast.Stmt{test.Else}):
		// Failure path goes on; success leaves in the else branch.
		return EvFailureGoesRound
	}
	// Failure path goes on; success leaves later in the loop body: by a
	// return/break, or by a test of the results (if total >= want {
	// return }).
	// A test of the results counts only after a plain failure test that
	// goes round: then only success reaches it. Reached from both paths
	// (a renewal loop that leaves when its lease runs out) or after a
	// guard for one kind of error, it is no success exit.
	rest := restAfter(body, test)
	switch {
	case x.leavesAtTop(rest):
		return EvFailureGoesRound
	case goesOn(x, test.Body.List) && !guardsMore(info, test.Cond, errVar) && r.leavesOnResult(rest):
		return EvFailureGoesRound | EvResultValue
	case r.cursorRetry():
		return EvCursor
	}
	return 0
}

// byResult is the verdict of the result-value shapes, with post when
// the attempt may run in the for statement's post.
func (r *resultModel) byResult(post bool) Evidence {
	switch {
	case post && r.postAttempt():
		return EvPostAttempt
	case r.resultDecides():
		return EvResultValue
	case r.cursorRetry():
		return EvCursor
	}
	return 0
}

// goesOn reports whether stmts end by going round again: continue, or a
// goto to a label inside the loop.
func goesOn(x loopExits, stmts []ast.Stmt) bool {
	if len(stmts) > 0 {
		if br, ok := stmts[len(stmts)-1].(*ast.BranchStmt); ok && br.Label != nil {
			return (br.Tok == token.CONTINUE || br.Tok == token.GOTO) && !x.outward(br)
		} else if ok && x.rounds[br] {
			return true
		}
	}
	return analysisutil.EndsBy(stmts, analysisutil.ByContinue)
}

// verdictSwitch reports whether s switches on a classifier's answer for
// errVar (a call handed errVar, not a bool) with at least one case that
// leaves the loop and one that waits and goes on.
func verdictSwitch(info *types.Info, s *ast.SwitchStmt, errVar *types.Var) bool {
	call, ok := ast.Unparen(s.Tag).(*ast.CallExpr)
	if !ok || isBool(info.TypeOf(call)) || !slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return isVar(info, a, errVar) }) {
		return false
	}
	leave, stay := false, false
	for _, cl := range s.Body.List {
		// A case that ends by leaving answers "stop"; one that waits and
		// may go on (leaving only on some inner path, a spent budget)
		// answers "retry". A dispatch whose going-on cases do not wait
		// (an event loop that leaves on a fatal kind) is no verdict.
		body := cl.(*ast.CaseClause).Body
		if analysisutil.EndsBy(body, analysisutil.ByReturn|analysisutil.ByBreak|analysisutil.ByGoto|analysisutil.ByNoReturn) {
			leave = true
		} else if wait.InBody(info, &ast.BlockStmt{List: body}) {
			stay = true
		}
	}
	return leave && stay
}

// attemptResults returns the variables the attempt call's results are
// assigned to (res, err := call()).
func attemptResults(info *types.Info, body *ast.BlockStmt, call ast.Expr) []*types.Var {
	var out []*types.Var
	ast.Inspect(body, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && len(a.Rhs) == 1 && ast.Unparen(a.Rhs[0]) == call {
			for _, l := range a.Lhs {
				if v := analysisutil.IdentVar(info, l); v != nil {
					out = append(out, v)
				}
			}
			return false
		}
		return out == nil
	})
	return out
}

func mentionsAny(info *types.Info, n ast.Node, vs []*types.Var) bool {
	for _, v := range vs {
		if analysisutil.Mentions(info, n, v) {
			return true
		}
	}
	return false
}

// flagsUnder records as verdict flags the bools that body (nested
// statements included, function literals not) sets to true; with named,
// only those whose name says retry (shouldRetry, retriable, again).
func flagsUnder(info *types.Info, body ast.Node, flags map[*types.Var]bool, named bool) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				break
			}
			for i, l := range n.Lhs {
				if v := analysisutil.IdentVar(info, l); v != nil && isBool(v.Type()) && isTrue(info, n.Rhs[i]) &&
					(!named || retryName(v.Name())) {
					flags[v] = true
				}
			}
		}
		return true
	})
}

// endsContinue reports whether the else branch s ends by continue.
func endsContinue(s ast.Stmt) bool {
	if b, ok := s.(*ast.BlockStmt); ok {
		return analysisutil.EndsBy(b.List, analysisutil.ByContinue)
	}
	return false
}

// retryName reports whether a flag's name says it asks for a retry.
func retryName(name string) bool {
	l := strings.ToLower(name)
	return strings.Contains(l, "retr") || strings.Contains(l, "again")
}

func isTrue(info *types.Info, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.Uses[id] == types.Universe.Lookup("true")
}

// guardsMore reports whether cond is err != nil and-ed with a further
// condition on the error (errors.Is(err, ErrFatal)) or on the attempt
// count: a guard for terminal errors or the last attempt, not the
// failure exit.
func guardsMore(info *types.Info, cond ast.Expr, errVar *types.Var) bool {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.LAND {
		return false
	}
	for _, side := range []ast.Expr{be.X, be.Y} {
		if isNilComparison(info, side, errVar) {
			continue
		}
		if analysisutil.Mentions(info, side, errVar) || countsAttempts(side) {
			return true
		}
	}
	return false
}

// leavesUnlessRetryStatus reports whether cond, an exit test, is false
// only when the attempt failed with no error and a status that asks for a
// retry: a disjunction of err != nil and tests of the status that hold for
// every other answer (resp.StatusCode != 503, code < 500), each perhaps
// guarded by a nil test of the response. Other ways out may join them:
// no response (res == nil), the last attempt (attempts == maxAttempts),
// and a condition the loop never changes (stream != nil: a body that
// cannot be sent again), which leaves at once or never.
func leavesUnlessRetryStatus(info *types.Info, cond ast.Expr, errVar *types.Var, body ast.Node) bool {
	var disjuncts []ast.Expr
	var flatten func(e ast.Expr)
	flatten = func(e ast.Expr) {
		if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.LOR {
			flatten(b.X)
			flatten(b.Y)
			return
		}
		disjuncts = append(disjuncts, ast.Unparen(e))
	}
	flatten(cond)
	status := false
	for _, d := range disjuncts {
		switch {
		case isNilComparison(info, d, errVar) && nilTest(info, d, errVar, token.NEQ):
		case otherThanRetryStatus(info, d):
			status = true
		case lastAttempt(d) || nilOrInvariant(info, d, body):
		default:
			return false
		}
	}
	return status
}

// lastAttempt reports whether e compares an attempt counter with its
// bound (attempts == maxAttempts, i >= p.MaxRetries).
func lastAttempt(e ast.Expr) bool {
	if be, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && be.Op == token.EQL {
		c := *be
		c.Op = token.GEQ
		return countsAttempts(&c)
	}
	return countsAttempts(e)
}

// nilOrInvariant reports whether e is a nil test of a variable (res ==
// nil: no response to retry on), or a comparison of variables that body
// never assigns (stream != nil, a precondition of the loop).
func nilOrInvariant(info *types.Info, e ast.Expr, body ast.Node) bool {
	be, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || be.Op != token.EQL && be.Op != token.NEQ {
		return false
	}
	x, y := analysisutil.IdentVar(info, be.X), analysisutil.IdentVar(info, be.Y)
	switch {
	case x != nil && isNil(info, be.Y), y != nil && isNil(info, be.X):
		return true
	case x != nil && y == nil:
		tv, ok := info.Types[be.Y]
		return ok && tv.Value != nil && !assigns(info, body, x)
	}
	return false
}

// otherThanRetryStatus reports whether e holds for every status but the
// ones that ask for a retry: s != 503, s < 500, s <= 499, or r != nil &&
// such a test.
func otherThanRetryStatus(info *types.Info, e ast.Expr) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	if b.Op == token.LAND {
		guard := func(x ast.Expr) bool {
			g, ok := ast.Unparen(x).(*ast.BinaryExpr)
			return ok && g.Op == token.NEQ && (isNil(info, g.X) || isNil(info, g.Y))
		}
		return guard(b.X) && otherThanRetryStatus(info, b.Y) || guard(b.Y) && otherThanRetryStatus(info, b.X)
	}
	if !analysisutil.IsStatusRead(info, b.X) {
		return false
	}
	tv, ok := info.Types[b.Y]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return false
	}
	n, _ := constant.Int64Val(tv.Value)
	switch b.Op {
	case token.NEQ:
		return slices.Contains(knowledge.RetryStatuses, n)
	case token.LSS:
		return n == 500
	case token.LEQ:
		return n == 499
	}
	return false
}

// negatedVerdict reports whether cond is "do not retry" for errVar: the
// negation of a bool call that is handed errVar (!shouldRetry(err),
// !p.Retryable(ctx, err)), or of a bool flag assigned such a verdict
// (!again), possibly or-ed with other conditions. Called on nil it
// answers "do not retry" too (a classifier says no for no error), so the
// branch is also the success exit.
func negatedVerdict(info *types.Info, cond ast.Expr, errVar *types.Var, flags map[*types.Var]bool) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		if e.Op == token.LOR {
			return negatedVerdict(info, e.X, errVar, flags) || negatedVerdict(info, e.Y, errVar, flags)
		}
	case *ast.UnaryExpr:
		if e.Op != token.NOT {
			return false
		}
		switch x := ast.Unparen(e.X).(type) {
		case *ast.Ident:
			v, _ := info.ObjectOf(x).(*types.Var)
			return v != nil && flags[v]
		case *ast.CallExpr:
			if !isBool(info.TypeOf(x)) {
				return false
			}
			for _, a := range x.Args {
				if isVar(info, a, errVar) {
					return true
				}
			}
		}
	}
	return false
}

// isNilComparison reports whether e is exactly err == nil or err != nil:
// a flag that records only whether the attempt failed is no verdict.
func isNilComparison(info *types.Info, e ast.Expr, v *types.Var) bool {
	be, ok := ast.Unparen(e).(*ast.BinaryExpr)
	return ok && (be.Op == token.EQL || be.Op == token.NEQ) &&
		(isVar(info, be.X, v) && isNil(info, be.Y) || isVar(info, be.Y, v) && isNil(info, be.X))
}

func isBool(t types.Type) bool {
	b, ok := t.(*types.Basic)
	if !ok && t != nil {
		b, ok = t.Underlying().(*types.Basic)
	}
	return ok && b.Kind() == types.Bool
}

// attemptBounded reports whether loop counts attempts: a for statement
// whose condition compares a counter with a bound (i < n, i <= n) where the
// counter or the bound is named for attempts or retries (attempt,
// maxRetries, p.MaxTries, tries). Such a loop is a retry loop even with no
// wait between attempts (an immediate retry); a counter over a collection
// (i < len(items)) is not.
func attemptBounded(info *types.Info, loop ast.Node) bool {
	switch l := loop.(type) {
	case *ast.ForStmt:
		return l.Cond != nil && countsAttempts(l.Cond)
	case *ast.RangeStmt:
		// for i := range tries: a range over a count named for attempts.
		t := info.TypeOf(l.X)
		if t == nil {
			return false
		}
		if b, ok := t.Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
			return false
		}
		name := lastName(l.X)
		return slices.ContainsFunc(knowledge.AttemptWords, func(w string) bool { return hasWord(name, w) })
	}
	return false
}

// countsAttempts reports whether cond, or one of its && conjuncts,
// compares an attempt counter with its bound.
func countsAttempts(cond ast.Expr) bool {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if ok && be.Op == token.LAND {
		return countsAttempts(be.X) || countsAttempts(be.Y)
	}
	if !ok || (be.Op != token.LSS && be.Op != token.LEQ && be.Op != token.GTR && be.Op != token.GEQ) {
		return false
	}
	for _, e := range []ast.Expr{be.X, be.Y} {
		var name string
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			name = e.Name
		case *ast.SelectorExpr:
			name = e.Sel.Name
		case *ast.CallExpr:
			return false // len(items), a computed bound
		}
		if slices.ContainsFunc(knowledge.AttemptWords, func(w string) bool { return hasWord(name, w) }) {
			return true
		}
	}
	return false
}

// hasWord reports whether the identifier name holds the lowercase word w
// as one of its camelCase or snake_case words, or as a prefix of one
// (maxRetries holds "retries"; numEntries does not hold "tries").
func hasWord(name, w string) bool {
	lower := strings.ToLower(name)
	for i := strings.Index(lower, w); i >= 0; {
		start := i == 0 || name[i-1] == '_' || name[i] >= 'A' && name[i] <= 'Z'
		if start {
			return true
		}
		j := strings.Index(lower[i+1:], w)
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// rangesOverCollection reports whether loop is a range over a slice, map,
// string, channel or iterator rather than over an integer count.
func rangesOverCollection(info *types.Info, loop ast.Node) bool {
	r, ok := loop.(*ast.RangeStmt)
	if !ok {
		return false
	}
	t := info.TypeOf(r.X)
	if t == nil {
		return true
	}
	b, ok := t.Underlying().(*types.Basic)
	return !ok || b.Info()&types.IsInteger == 0
}
