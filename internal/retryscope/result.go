package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/wait"
)

// A retry loop does not always decide on the attempt's error alone. The
// failure it retries may be a result value (a lock not obtained, a
// response carrying a stale-epoch code), success may be a test of what
// the attempt returned (enough nodes answered, one schema version left),
// the attempt may run in the for statement's post (a long-running
// operation polled until done, its errors retried with backoff), or the
// attempt may advance a cursor (a paginator that waits out a rate limit
// and fetches the same page again). resultModel holds what those tests
// need about one loop and its attempt.
type resultModel struct {
	info    *types.Info
	loop    ast.Node
	body    *ast.BlockStmt
	call    *ast.CallExpr
	errVar  *types.Var
	after   token.Pos // the tests that follow the attempt start here
	x       loopExits
	results []*types.Var // what the attempt's results are assigned to
	derived map[*types.Var]bool
}

// postAttempt: `for ...; !done; done, err = poll() { ... }`. The loop
// condition tests a result (it leaves when the operation is done) and the
// body takes a failed attempt's path without leaving (it backs off and
// polls again). A body that leaves on every error polls, it does not
// retry.
func (r *resultModel) postAttempt() bool {
	f, ok := r.loop.(*ast.ForStmt)
	if !ok || r.after != r.body.Pos() || f.Cond == nil || !mentionsAny(r.info, f.Cond, r.nonErrors(r.results)) {
		return false
	}
	goesRound, leavesOnErr := false, false
	ast.Inspect(r.body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			_, lit := n.(*ast.FuncLit)
			return !lit
		}
		var failure []ast.Stmt
		switch {
		case nilTest(r.info, ifs.Cond, r.errVar, token.NEQ):
			failure = ifs.Body.List
		case nilTest(r.info, ifs.Cond, r.errVar, token.EQL) && ifs.Else != nil:
			failure = []ast.Stmt{ifs.Else}
		default:
			return true
		}
		if r.x.leaves(failure) {
			leavesOnErr = true
		} else {
			goesRound = true
		}
		return true
	})
	return goesRound && !leavesOnErr
}

// resultDecides: the attempt's error, where it is tested, leaves; the
// loop decides on its other results. Either success is a test of them
// that leaves (if ok { return lock }) and the loop waits and goes round
// otherwise, or failure is a test of them that waits and goes round (if
// stale { wait; continue }) and the loop leaves otherwise. A poll waits
// for a result at a fixed interval in the same shape; only a loop that
// counts its attempts or backs off is taken for a retry (retryMarked).
func (r *resultModel) resultDecides() bool {
	if !retryMarked(r.info, r.loop, r.body) {
		return false
	}
	found := false
	ast.Inspect(r.body, func(n ast.Node) bool {
		if found || n == nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if n.Cond.Pos() <= r.after || !r.onResult(n.Cond) {
				break
			}
			switch {
			case r.x.endsLeaving(n.Body.List):
				// Success: the code that runs when the test fails must
				// go round (not leave on its way, as a heartbeat branch
				// that continues an outer loop does).
				found = r.x.mayGoRound(r.body, n)
				return false
			case wait.InBody(r.info, n.Body) && !r.x.leavesAtTop(n.Body.List):
				// Failure that waits and goes round (at its end, or on
				// one inner path: if gen != old { ...; continue }):
				// whatever follows must leave.
				found = (goesOn(r.x, n.Body.List) || r.x.goesRoundIn(n.Body)) && r.x.leavesAtTop(restAfter(r.body, n))
				return false
			}
		}
		return true
	})
	return found
}

// leavesOnResult reports whether one of stmts (the loop body after the
// failure path that goes round) is a test of the attempt's results that
// leaves: if total >= minNodes { return }.
func (r *resultModel) leavesOnResult(stmts []ast.Stmt) bool {
	for i, s := range stmts {
		if ifs, ok := s.(*ast.IfStmt); ok && r.onResult(ifs.Cond) && r.x.endsLeaving(ifs.Body.List) {
			// A consumer that leaves on a last message and handles the
			// others (if msg.Last { return }; handle(msg)) is no retry:
			// what follows a success test only logs, counts and waits.
			return !r.uses(stmts[i+1:])
		}
	}
	return false
}

// uses reports whether stmts hand a value derived from the attempt's
// results to a call that does more than log or report it.
func (r *resultModel) uses(stmts []ast.Stmt) bool {
	for _, s := range stmts {
		if analysisutil.AnyInBody(s, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || wait.IsWaitCall(r.info, call) || reports(call) {
				return false
			}
			return slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return mentionsSet(r.info, a, r.derived) })
		}) {
			return true
		}
	}
	return false
}

// reports reports whether call logs, prints or reports (t.Logf,
// log.Printf, logger.Debug, t.Skipf, fmt.Errorf).
func reports(call *ast.CallExpr) bool {
	name := strings.ToLower(lastName(call.Fun))
	for _, p := range []string{"log", "print", "debug", "info", "warn", "error", "skip", "fatal", "sprint"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// onResult reports whether cond tests a value derived from the attempt's
// results and not its error.
func (r *resultModel) onResult(cond ast.Expr) bool {
	if analysisutil.Mentions(r.info, cond, r.errVar) {
		return false
	}
	if r.derived == nil {
		// What a helper makes of the error counts too (st, md :=
		// metadata(err); _, toRetry := split(st, md)): the failed part
		// of a batch is a result; the error itself is tested elsewhere.
		seeds := r.nonErrors(r.results)
		if r.errVar != nil {
			seeds = append(seeds, r.errVar)
		}
		r.derived = derivedVars(r.info, r.body, r.after, seeds, false)
		delete(r.derived, r.errVar)
	}
	return mentionsSet(r.info, cond, r.derived)
}

// cursorRetry: the attempt advances a cursor (p, err = p.Next(ctx): one
// of its results, or a value derived from them, is stored back into its
// receiver or an argument), so the loop goes round on success to fetch
// the next page; a test of the error (a rate-limit kind, or any failure)
// waits and goes round without leaving, so the same page is fetched
// again. An accept or receive loop that backs off on errors advances
// nothing and is no retry loop.
func (r *resultModel) cursorRetry() bool {
	if !r.advancesCursor() || !r.endsOnResult() {
		return false
	}
	errs := map[*types.Var]bool{r.errVar: true}
	edge := false
	ast.Inspect(r.body, func(n ast.Node) bool {
		if edge || n == nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			// failed := p.Failure(err); rl, ok := errors.AsType[T](failed)
			for _, rhs := range n.Rhs {
				if mentionsSet(r.info, rhs, errs) {
					for _, l := range n.Lhs {
						if v := analysisutil.IdentVar(r.info, l); v != nil {
							errs[v] = true
						}
					}
				}
			}
		case *ast.IfStmt:
			if n.Pos() <= r.after {
				break
			}
			onErr := mentionsSet(r.info, n.Cond, errs) || n.Init != nil && mentionsSet(r.info, n.Init, errs)
			if onErr && !nilTest(r.info, n.Cond, r.errVar, token.EQL) && wait.InBody(r.info, n.Body) && !r.x.leavesOnSuccess(n.Body.List) {
				edge = true
				return false
			}
		}
		return true
	})
	return edge
}

// endsOnResult reports whether the loop can end on what the attempt
// returned: its condition, or a test after the attempt that leaves, reads
// the error or a variable assigned from the results (for err == nil; if
// p.Done(err) { break }; if cursor == "" { return }). A watch loop that
// follows an index until it is stopped ends on nothing the attempt says.
func (r *resultModel) endsOnResult() bool {
	vars := derivedVars(r.info, r.body, r.after, r.nonErrors(r.results), true)
	vars[r.errVar] = true
	if f, ok := r.loop.(*ast.ForStmt); ok && f.Cond != nil && mentionsSet(r.info, f.Cond, vars) {
		return true
	}
	return analysisutil.AnyInBody(r.body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		return ok && ifs.Pos() > r.after && mentionsSet(r.info, ifs.Cond, vars) && r.x.endsLeaving(ifs.Body.List)
	})
}

// advancesCursor reports whether a variable the attempt reads (its
// receiver's root or an argument's) is assigned, in the loop, one of the
// attempt's results or a value derived from them.
func (r *resultModel) advancesCursor() bool {
	read := map[*types.Var]bool{}
	mark := func(e ast.Expr) {
		if v := rootVar(r.info, e); v != nil {
			read[v] = true
		}
	}
	if sel, ok := ast.Unparen(r.call.Fun).(*ast.SelectorExpr); ok {
		mark(sel.X)
	}
	for _, a := range r.call.Args {
		mark(a)
	}
	if len(read) == 0 {
		return false
	}
	for _, v := range r.results {
		if read[v] && !analysisutil.IsError(v.Type()) {
			return true
		}
	}
	if r.derived == nil {
		// What a helper makes of the error counts too (st, md :=
		// metadata(err); _, toRetry := split(st, md)): the failed part
		// of a batch is a result; the error itself is tested elsewhere.
		seeds := r.nonErrors(r.results)
		if r.errVar != nil {
			seeds = append(seeds, r.errVar)
		}
		r.derived = derivedVars(r.info, r.body, r.after, seeds, false)
		delete(r.derived, r.errVar)
	}
	for v := range read {
		if r.derived[v] && !slices.Contains(r.results, v) {
			return true
		}
	}
	return false
}

func (r *resultModel) nonErrors(vs []*types.Var) []*types.Var {
	var out []*types.Var
	for _, v := range vs {
		if v != r.errVar && !analysisutil.IsError(v.Type()) {
			out = append(out, v)
		}
	}
	return out
}

// derivedVars returns the variables, errors excluded, whose values come
// from seeds in body after pos: assigned an expression that mentions
// one (total := res.Nodes.Total), an index of one (versions[host.v] =
// ...), decoded into (&out handed to a call that reads one), a range
// over one, or anything assigned under a test or range of one (stale =
// true under if p.Code == Stale).
//
// With whole, only variables assigned as a whole count (cursor = pg.Next),
// not a struct whose field is stored (p.last = v would make all of p,
// its stop flag included, a result).
func derivedVars(info *types.Info, body *ast.BlockStmt, pos token.Pos, seeds []*types.Var, whole bool) map[*types.Var]bool {
	d := map[*types.Var]bool{}
	for _, v := range seeds {
		d[v] = true
	}
	changed := true
	mentions := func(n ast.Node) bool { return n != nil && mentionsSet(info, n, d) }
	add := func(e ast.Expr) {
		if _, isIdent := ast.Unparen(e).(*ast.Ident); whole && !isIdent {
			return
		}
		if v := rootVar(info, e); v != nil && v.Name() != "_" && !d[v] && !analysisutil.IsError(v.Type()) {
			d[v] = true
			changed = true
		}
	}
	var walk func(n ast.Node, under bool)
	walk = func(n ast.Node, under bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			if m == nil || m == n {
				return m != nil
			}
			if m.End() <= pos {
				return true
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.IfStmt:
				if m.Init != nil {
					walk(m.Init, under)
				}
				u := under || mentions(m.Cond)
				walk(m.Body, u)
				if m.Else != nil {
					walk(m.Else, u)
				}
				return false
			case *ast.RangeStmt:
				u := under || mentions(m.X)
				if u {
					if m.Key != nil {
						add(m.Key)
					}
					if m.Value != nil {
						add(m.Value)
					}
				}
				walk(m.Body, u)
				return false
			case *ast.SwitchStmt:
				u := under || m.Tag != nil && mentions(m.Tag)
				walk(m.Body, u)
				return false
			case *ast.AssignStmt:
				for i, l := range m.Lhs {
					rhs := ast.Node(nil)
					if len(m.Rhs) == len(m.Lhs) {
						rhs = m.Rhs[i]
					} else if len(m.Rhs) == 1 {
						rhs = m.Rhs[0]
					}
					if under || mentions(rhs) || indexMentions(l, mentions) {
						add(l)
					}
				}
			case *ast.CallExpr:
				if mentions(m) {
					for _, a := range m.Args {
						if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
							add(u.X)
						}
					}
				}
			}
			return true
		})
	}
	for round := 0; changed && round < 4; round++ {
		changed = false
		walk(body, false)
	}
	return d
}

// indexMentions reports whether an assignment target indexes by a
// derived value (versions[host.schemaVersion] = ...).
func indexMentions(l ast.Expr, mentions func(ast.Node) bool) bool {
	for {
		switch e := ast.Unparen(l).(type) {
		case *ast.IndexExpr:
			if mentions(e.Index) {
				return true
			}
			l = e.X
		case *ast.SelectorExpr:
			l = e.X
		default:
			return false
		}
	}
}

// mentionsSet reports whether n uses one of the variables in set, in one
// walk (mentionsAny walks once per variable).
func mentionsSet(info *types.Info, n ast.Node, set map[*types.Var]bool) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && set[v] {
				found = true
			}
		}
		return !found
	})
	return found
}

// lastName returns the name an identifier or selector ends with (Sleep
// in time.Sleep, tries in cfg.tries), or "".
func lastName(e ast.Expr) string {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return x.Sel.Name
	}
	return ""
}

// rootVar returns the variable at the root of x, x.f, x[i], *x and &x.
func rootVar(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := info.ObjectOf(x).(*types.Var)
			return v
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.UnaryExpr:
			if x.Op != token.AND {
				return nil
			}
			e = x.X
		default:
			return nil
		}
	}
}

// retryMarked reports whether the loop counts its attempts or backs off:
// its condition or a test in it compares an attempt counter with a bound,
// it increments an attempt counter, or it asks a backoff for the next
// wait (retry.NextBackoff(), with no argument: the strategy keeps the
// count) or hands a backoff a value the loop grows (delayFor(attempt)).
// A backoff call with constant arguments waits a fixed interval: a poll.
func retryMarked(info *types.Info, loop ast.Node, body *ast.BlockStmt) bool {
	if attemptBounded(info, loop) {
		return true
	}
	grown := grownVars(info, loop)
	return analysisutil.AnyInBody(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			return countsAttempts(n.Cond)
		case *ast.IncDecStmt:
			v := rootVar(info, n.X)
			return n.Tok == token.INC && v != nil && slices.ContainsFunc(knowledge.AttemptWords, func(w string) bool { return hasWord(v.Name(), w) })
		case *ast.CallExpr:
			if !strings.Contains(strings.ToLower(lastName(n.Fun)), "backoff") {
				// bo.Pause(), b.Next(): a method of a backoff type.
				return len(n.Args) == 0 && backoffRecv(info, n)
			}
			return len(n.Args) == 0 || slices.ContainsFunc(n.Args, func(a ast.Expr) bool { return mentionsAny(info, a, grown) })
		}
		return false
	})
}

// grownVars returns the variables the loop (its post included) increments
// or multiplies: attempt++, delay *= 2, n += 1.
func grownVars(info *types.Info, loop ast.Node) []*types.Var {
	var out []*types.Var
	ast.Inspect(loop, func(n ast.Node) bool {
		var e ast.Expr
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IncDecStmt:
			if n.Tok == token.INC {
				e = n.X
			}
		case *ast.AssignStmt:
			if n.Tok == token.ADD_ASSIGN || n.Tok == token.MUL_ASSIGN || n.Tok == token.SHL_ASSIGN {
				e = n.Lhs[0]
			}
		case *ast.RangeStmt:
			e = n.Key // for attempt := range max
		}
		if v := rootVar(info, e); v != nil && !slices.Contains(out, v) {
			out = append(out, v)
		}
		return true
	})
	return out
}

// labelsIn returns the labels of statements inside body.
func labelsIn(body *ast.BlockStmt) map[string]bool {
	var out map[string]bool
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.LabeledStmt:
			if out == nil {
				out = map[string]bool{}
			}
			out[n.Label.Name] = true
		}
		return true
	})
	return out
}

// innerLoopBody returns the body of the innermost loop inside body (body
// itself when there is none) that holds n.
func innerLoopBody(body *ast.BlockStmt, n ast.Node) *ast.BlockStmt {
	in := body
	ast.Inspect(body, func(m ast.Node) bool {
		if m == nil || m.Pos() > n.Pos() || m.End() < n.End() {
			return false
		}
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt:
			if m.Body.Pos() <= n.Pos() {
				in = m.Body
			}
		case *ast.RangeStmt:
			if m.Body.Pos() <= n.Pos() {
				in = m.Body
			}
		}
		return true
	})
	return in
}

// restAfter returns the statements that follow n in the innermost loop
// body (of body, or of a loop nested in it) that holds n: what runs when
// n's branch is not taken.
func restAfter(body *ast.BlockStmt, n ast.Node) []ast.Stmt {
	list := innerLoopBody(body, n).List
	for i, s := range list {
		if s.Pos() <= n.Pos() && n.End() <= s.End() {
			if sel, ok := s.(*ast.SelectStmt); ok {
				// select { case <-quit: return; default: err := op(); if
				// err != nil { break }; return nil }: what follows n in
				// its clause runs first, then what follows the select.
				for _, cc := range sel.Body.List {
					cl := cc.(*ast.CommClause).Body
					for j, t := range cl {
						if t == n {
							return append(slices.Clip(cl[j+1:]), list[i+1:]...)
						}
					}
				}
			}
			return list[i+1:]
		}
	}
	return nil
}

// pathRest returns, for each statement list from body down to the one
// that holds n, the statements that follow on n's way out: what runs
// after n, up to the end of the loop body.
func pathRest(body *ast.BlockStmt, n ast.Node) [][]ast.Stmt {
	var out [][]ast.Stmt
	list := body.List
	for list != nil {
		var next []ast.Stmt
		for i, s := range list {
			if s.Pos() > n.Pos() || n.End() > s.End() {
				continue
			}
			out = append(out, list[i+1:])
			if s == n {
				return out
			}
			ast.Inspect(s, func(m ast.Node) bool {
				if next != nil || m == nil || m.Pos() > n.Pos() || n.End() > m.End() {
					return false
				}
				switch m := m.(type) {
				case *ast.FuncLit:
					return false
				case *ast.BlockStmt:
					if m != s && !clauses(m) {
						next = m.List
					}
				case *ast.CaseClause:
					next = m.Body
				case *ast.CommClause:
					next = m.Body
				}
				return next == nil
			})
			break
		}
		if next == nil {
			break
		}
		list = next
	}
	return out
}

// mayGoRound reports whether the code that runs after n, on its way to
// the end of the loop body, can go round again: it reaches a continue of
// the loop (or a goto inside it), or the end, before a statement that
// leaves unconditionally.
func (x loopExits) mayGoRound(body *ast.BlockStmt, n ast.Node) bool {
	lists := pathRest(body, n)
	for i := len(lists) - 1; i >= 0; i-- { // innermost first: execution order
		for _, s := range lists[i] {
			if x.leavesAtTop([]ast.Stmt{s}) {
				return false
			}
			if x.goesRoundIn(s) {
				return true
			}
		}
	}
	return true
}

// goesRoundIn reports whether s holds a continue of the loop (unlabeled
// and not in a nested loop, or naming the loop) or a goto inside it.
func (x loopExits) goesRoundIn(s ast.Stmt) bool {
	found := false
	var walk func(n ast.Node, nested bool)
	walk = func(n ast.Node, nested bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			if found || m == nil {
				return false
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt, *ast.RangeStmt:
				if m != n {
					walk(m, true)
					return false
				}
			case *ast.BranchStmt:
				switch {
				case m.Tok == token.CONTINUE && m.Label == nil:
					found = !nested
				case (m.Tok == token.CONTINUE || m.Tok == token.GOTO) && m.Label != nil:
					found = !x.outward(m) && (m.Tok == token.GOTO || m.Label.Name == x.self)
				}
			}
			return true
		})
	}
	walk(s, false)
	return found
}

// clauses reports whether b is the body of a switch or select (its
// statements are case clauses: only the one taken runs).
func clauses(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch b.List[0].(type) {
	case *ast.CaseClause, *ast.CommClause:
		return true
	}
	return false
}

// postResults returns the variables the for statement's post assigns the
// attempt's results to (done, err = f.Done(ctx)).
func postResults(info *types.Info, f *ast.ForStmt, call *ast.CallExpr) []*types.Var {
	a, ok := f.Post.(*ast.AssignStmt)
	if !ok || len(a.Rhs) != 1 || ast.Unparen(a.Rhs[0]) != call {
		return nil
	}
	var out []*types.Var
	for _, l := range a.Lhs {
		if v := analysisutil.IdentVar(info, l); v != nil {
			out = append(out, v)
		}
	}
	return out
}

// errFieldOf returns the error field of the attempt's only result when the
// result, assigned to a variable (iter = q.attempt(ctx)), is a struct or a
// pointer to one with exactly one field of type error.
func errFieldOf(info *types.Info, parent ast.Node, call *ast.CallExpr) *types.Var {
	a, ok := parent.(*ast.AssignStmt)
	if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 || ast.Unparen(a.Rhs[0]) != call || analysisutil.IdentVar(info, a.Lhs[0]) == nil {
		return nil
	}
	t := info.TypeOf(call)
	if t == nil {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var field *types.Var
	for f := range st.Fields() {
		if analysisutil.IsError(f.Type()) {
			if field != nil {
				return nil
			}
			field = f
		}
	}
	return field
}

// asksRetryPolicy reports whether body asks a retry policy whether to go
// again: a test (of an if or the loop) calls a bool method of a type
// named for retrying (RetryPolicy.Attempt, Retryer.ShouldRetry). The
// policy counts the attempts and may wait inside, out of sight.
func asksRetryPolicy(info *types.Info, body *ast.BlockStmt) bool {
	return analysisutil.AnyInBody(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			return analysisutil.AnyInBody(n.Cond, func(m ast.Node) bool {
				call, ok := m.(*ast.CallExpr)
				return ok && isBool(info.TypeOf(call)) && retryPolicyMethod(info, call)
			})
		case *ast.AssignStmt:
			// wait, again := c.retrier.Retry(n, err): the verdict comes
			// with the wait, and an if tests it.
			if len(n.Rhs) != 1 {
				return false
			}
			call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
			if !ok || !retryPolicyMethod(info, call) {
				return false
			}
			tup, ok := info.TypeOf(call).(*types.Tuple)
			if !ok {
				return false
			}
			for i := range tup.Len() {
				if isBool(tup.At(i).Type()) && i < len(n.Lhs) && testedInIf(info, body, analysisutil.IdentVar(info, n.Lhs[i])) {
					return true
				}
			}
		}
		return false
	})
}

// testedInIf reports whether an if in body tests v.
func testedInIf(info *types.Info, body ast.Node, v *types.Var) bool {
	return v != nil && analysisutil.AnyInBody(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		return ok && analysisutil.Mentions(info, ifs.Cond, v)
	})
}

// retryPolicyMethod reports whether call is a method of a type whose name
// holds the word retry (RetryPolicy, Retryer, retryBudget; not
// retrievingIterator).
func retryPolicyMethod(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return false
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	return ok && (hasWord(named.Obj().Name(), "retry") || hasWord(named.Obj().Name(), "retrier"))
}

// backoffRecv reports whether call is a method of a type whose name says
// backoff (gax.Backoff.Pause, a Backoff struct's Next).
func backoffRecv(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return false
	}
	t := s.Recv()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && strings.Contains(strings.ToLower(n.Obj().Name()), "backoff")
}
