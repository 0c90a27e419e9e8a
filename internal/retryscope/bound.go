package retryscope

// What ends a retry scope: its attempt bound, a deadline, a context or a
// stop channel. Shared by retrystorm's rules (retries multiplied by
// nested scopes, retries without an end) and its inventory, and by
// childbudget (a loop's constant attempt bound).

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/budget"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/wait"
)

// A Bound says what ends a retry scope.
type Bound struct {
	// Attempts is the constant number of attempts, 0 when it is not a
	// constant (or there is no limit). Default: it is the library's
	// default, no option sets it.
	Attempts int64
	Default  bool
	// Limited: the attempts are counted against a limit, constant or not.
	// Forever: the scope is told to retry without a limit
	// (retry.Attempts(0), WithMaxRetries(-1), a constant backoff).
	Limited, Forever bool
	// Deadline: an elapsed-time budget or a deadline ends it. Context: a
	// context can end it (handed to the helper, or consulted by the
	// loop). Stop: the loop leaves on a receive from a channel that is
	// not a timer's (a stop or quit channel).
	Deadline, Context, Stop bool
	// Policy: the loop asks a retry policy whether to go again
	// (RetryPolicy.Attempt(q)): the policy holds the bound. Budget: the
	// loop leaves when its wait fails (err = bo.Backoff(kind, err); if
	// err != nil { return err }): a backoffer that can fail keeps its own
	// budget of sleep, attempts or context.
	Policy, Budget bool
	// Known: the helper is a library whose options are understood; for
	// the code base's own helpers nothing is known.
	Known bool
}

// Ends reports whether something is known to end the scope.
func (b Bound) Ends() bool {
	return b.Attempts > 0 || b.Limited || b.Deadline || b.Context || b.Stop || b.Policy || b.Budget
}

// OnlyNilTests reports whether loop looks at errVar only to compare it
// with nil: it goes round again on every error (see onlyNilTests).
func OnlyNilTests(info *types.Info, loop ast.Node, errVar *types.Var) bool {
	return errVar != nil && onlyNilTests(info, loop, errVar)
}

// Bound returns what ends scope s.
func (r *Result) Bound(info *types.Info, s *Scope) Bound {
	return ScopeBound(info, r.Defs, r.wait, s)
}

// ScopeBound returns what ends scope s. defs are the package's variables
// assigned once (Result.Defs), wr the package's wait model.
func ScopeBound(info *types.Info, defs map[*types.Var]ast.Expr, wr *wait.Result, s *Scope) Bound {
	switch s.Kind {
	case Loop:
		b := loopBound(info, s.Loop)
		if body := analysisutil.LoopBody(s.Loop); body != nil && wr != nil && leavesOnFailedWait(info, wr, body) {
			b.Budget = true
		}
		return b
	case Client:
		return Bound{Attempts: knowledge.DefaultAttempts[knowledge.Retryablehttp]["*"], Default: true, Limited: true, Known: true}
	case Closure:
		if s.Call != nil {
			return closureBound(info, defs, s)
		}
	}
	return Bound{} // recursion, restart, re-queue: nothing read yet
}

// leavesOnFailedWait reports whether body leaves the loop when a wait
// between attempts fails: `if err := bo.Backoff(kind, err); err != nil {
// return err }`, `err = bo.Backoff(kind, err)` just before `if err != nil
// { return err }`, or the wait called in the condition itself. The error
// may reuse the attempt's variable; it is the waiter's.
func leavesOnFailedWait(info *types.Info, wr *wait.Result, body *ast.BlockStmt) bool {
	waitsInto := func(s ast.Stmt, cond ast.Expr) bool {
		as, ok := s.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return false
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || !wr.CallWaits(call) {
			return false
		}
		for _, l := range as.Lhs {
			if v := analysisutil.IdentVar(info, l); v != nil && analysisutil.IsError(v.Type()) && analysisutil.Mentions(info, cond, v) {
				return true
			}
		}
		return false
	}
	const leaves = analysisutil.ByReturn | analysisutil.ByBreak | analysisutil.ByGoto | analysisutil.ByNoReturn
	// if err != nil { err = bo.Backoff(kind, err) } else { return v, nil }
	// just before the test: the branches that do not leave wait into it.
	branchesWait := func(s ast.Stmt, cond ast.Expr) bool {
		ifs, ok := s.(*ast.IfStmt)
		if !ok {
			return false
		}
		var branches [][]ast.Stmt
		branches = append(branches, ifs.Body.List)
		switch e := ifs.Else.(type) {
		case *ast.BlockStmt:
			branches = append(branches, e.List)
		case nil:
			return false // the path around the if assigns nothing
		default:
			return false
		}
		waited := false
		for _, b := range branches {
			switch {
			case len(b) > 0 && waitsInto(b[len(b)-1], cond):
				waited = true
			case analysisutil.EndsBy(b, leaves):
			default:
				return false
			}
		}
		return waited
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		var list []ast.Stmt
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false // another loop's or a literal's statements
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		case *ast.CommClause:
			list = n.Body
		default:
			return true
		}
		for i, st := range list {
			ifs, ok := st.(*ast.IfStmt)
			if !ok || !analysisutil.EndsBy(ifs.Body.List, leaves) {
				continue
			}
			inCond := analysisutil.AnyInBody(ifs.Cond, func(m ast.Node) bool {
				c, ok := m.(*ast.CallExpr)
				return ok && wr.CallWaits(c)
			})
			prev := ifs.Init == nil && i > 0 && (waitsInto(list[i-1], ifs.Cond) || branchesWait(list[i-1], ifs.Cond))
			if inCond || ifs.Init != nil && waitsInto(ifs.Init, ifs.Cond) || prev {
				found = true
				return false
			}
		}
		return true
	})
	return found
}

// LoopAttempts returns the constant number of times loop can run:
// for i := c0; i < N; i++ (or i <= N), or for range N, with constants
// and i not assigned in the body.
func LoopAttempts(info *types.Info, loop ast.Node) (int64, bool) {
	switch l := loop.(type) {
	case *ast.RangeStmt:
		if l.Key != nil && !isBlankIdent(l.Key) {
			if v := analysisutil.IdentVar(info, l.Key); v == nil || assigns(info, l.Body, v) {
				return 0, false
			}
		}
		if !isInteger(info.TypeOf(l.X)) {
			return 0, false
		}
		return budget.Int(info, l.X)
	case *ast.ForStmt:
		init, ok := l.Init.(*ast.AssignStmt)
		if !ok || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
			return 0, false
		}
		v := analysisutil.IdentVar(info, init.Lhs[0])
		c0, ok := budget.Int(info, init.Rhs[0])
		if v == nil || !ok {
			return 0, false
		}
		cond, ok := ast.Unparen(l.Cond).(*ast.BinaryExpr)
		if !ok || analysisutil.IdentVar(info, cond.X) != v {
			return 0, false
		}
		limit, ok := budget.Int(info, cond.Y)
		if !ok {
			return 0, false
		}
		post, ok := l.Post.(*ast.IncDecStmt)
		if !ok || post.Tok != token.INC || analysisutil.IdentVar(info, post.X) != v || assigns(info, l.Body, v) {
			return 0, false
		}
		switch cond.Op {
		case token.LSS:
			return limit - c0, limit > c0
		case token.LEQ:
			return limit - c0 + 1, limit >= c0
		}
	}
	return 0, false
}

// loopBound: a constant count, a counter compared with a limit in the
// loop's condition or in a test that leaves, a context the loop consults
// or hands on, a deadline it compares the clock with, a stop channel.
func loopBound(info *types.Info, loop ast.Node) Bound {
	var b Bound
	b.Known = true
	if body := analysisutil.LoopBody(loop); body != nil && asksRetryPolicy(info, body) {
		b.Policy = true
	}
	if n, ok := LoopAttempts(info, loop); ok {
		b.Attempts, b.Limited = n, true
	}
	counters := countersOf(info, loop)
	if f, ok := loop.(*ast.ForStmt); ok && f.Cond != nil {
		if attemptBounded(info, loop) || comparesAny(info, f.Cond, counters) {
			b.Limited = true
		}
		if mentionsClock(info, f.Cond) {
			b.Deadline = true
		}
	}
	if r, ok := loop.(*ast.RangeStmt); ok && !rangesOverCollection(info, r) {
		b.Limited = true // for range n
	}
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if comparesAny(info, n.Cond, counters) {
				b.Limited = true
			}
			if mentionsClock(info, n.Cond) {
				b.Deadline = true
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW && !wait.IsTimerChan(info, n.X) && !wait.IsContextDone(info, n.X) {
				b.Stop = true
			}
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok && analysisutil.IsContext(v.Type()) {
				b.Context = true
			}
		case *ast.CallExpr:
			if fn, _ := typeutil.Callee(info, n).(*types.Func); fn != nil {
				if fn.Name() == "Context" && len(n.Args) == 0 || fn.Name() == "Deadline" {
					b.Context = b.Context || fn.Name() == "Context"
					b.Deadline = b.Deadline || fn.Name() == "Deadline"
				}
			}
		}
		return true
	})
	return b
}

// countersOf returns the integer variables the loop increments (i++,
// i += 1, i = i + 1, in its post statement or body): attempt counters.
func countersOf(info *types.Info, loop ast.Node) []*types.Var {
	var out []*types.Var
	add := func(e ast.Expr) {
		if v := analysisutil.IdentVar(info, e); v != nil && isInteger(v.Type()) && !slices.Contains(out, v) {
			out = append(out, v)
		}
		// tries[key]++: a count per failing resource (a path, a host),
		// kept in a local map or slice, is an attempt counter too; the
		// container stands for it.
		if ix, ok := ast.Unparen(e).(*ast.IndexExpr); ok && isInteger(info.TypeOf(ix)) {
			if v := analysisutil.IdentVar(info, ix.X); v != nil && v.Parent() != nil && v.Parent() != v.Pkg().Scope() && !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IncDecStmt:
			add(n.X)
		case *ast.AssignStmt:
			if n.Tok == token.ADD_ASSIGN || n.Tok == token.SUB_ASSIGN {
				for _, l := range n.Lhs {
					add(l)
				}
			}
			if n.Tok == token.ASSIGN && len(n.Lhs) == 1 && len(n.Rhs) == 1 {
				if be, ok := ast.Unparen(n.Rhs[0]).(*ast.BinaryExpr); ok && (be.Op == token.ADD || be.Op == token.SUB) {
					if v := analysisutil.IdentVar(info, n.Lhs[0]); v != nil && analysisutil.Mentions(info, be, v) {
						add(n.Lhs[0])
					}
				}
			}
		}
		return true
	})
	// remain := c.RetryMax - i: a value computed from a counter counts too.
	ast.Inspect(loop, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for i, rhs := range as.Rhs {
				if mentionsAny(info, rhs, out) {
					add(as.Lhs[i])
				}
			}
		}
		_, lit := n.(*ast.FuncLit)
		return !lit
	})
	return out
}

// comparesAny reports whether cond (or one of its && / || operands)
// orders one of vs against something: attempt < max, n >= limit.
func comparesAny(info *types.Info, cond ast.Expr, vs []*types.Var) bool {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch be.Op {
	case token.LAND, token.LOR:
		return comparesAny(info, be.X, vs) || comparesAny(info, be.Y, vs)
	case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL:
		return mentionsAny(info, be, vs)
	}
	return false
}

// mentionsClock reports whether cond reads the clock or a deadline:
// time.Now, time.Since, time.Until, a time.Time's Before/After, a
// context's Deadline.
func mentionsClock(info *types.Info, cond ast.Expr) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		fn, _ := typeutil.Callee(info, call).(*types.Func)
		if fn == nil || fn.Pkg() == nil {
			return true
		}
		switch {
		case fn.Pkg().Path() == "time" && slices.Contains([]string{"Now", "Since", "Until", "Before", "After", "Sub"}, fn.Name()):
			found = true
		case fn.Name() == "Deadline":
			found = true
		}
		return !found
	})
	return found
}

// closureBound reads the options of a library helper call: attempts,
// retries, "forever", a deadline, a context; then the library's default.
func closureBound(info *types.Info, defs map[*types.Var]ast.Expr, s *Scope) Bound {
	var b Bound
	if s.Call == nil {
		return b // a scope with no helper call in broken code
	}
	fn, _ := typeutil.Callee(info, s.Call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return b
	}
	fn = fn.Origin()
	path := libraryPath(fn.Pkg().Path())
	for i, a := range s.Call.Args {
		if i != s.OpIndex && analysisutil.IsContext(info.TypeOf(a)) {
			b.Context = true // backoff/v5 Retry(ctx, ...), go-retry Do(ctx, ...), a helper of the code base
		}
	}
	if _, ok := lookupKnown(fn); !ok {
		return b // the code base's own helper: nothing else known
	}
	b.Known = true
	seen := map[ast.Node]bool{}
	var visit func(e ast.Expr, depth int)
	visit = func(e ast.Expr, depth int) {
		if e == nil || depth > 4 || seen[e] {
			return
		}
		seen[e] = true
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.Ident:
				if v, ok := info.Uses[n].(*types.Var); ok && defs[v] != nil {
					visit(defs[v], depth+1)
				}
			case *ast.CompositeLit:
				if isForeverBackOff(info.TypeOf(n)) {
					b.Forever = true
				}
			case *ast.CallExpr:
				b.option(info, n)
			}
			return true
		})
	}
	for _, e := range PolicyExprs(info, s) {
		visit(e, 0)
	}
	if b.Limited {
		b.Forever = false // WithMaxRetries(NewConstantBackOff(d), 3)
	}
	if b.Attempts == 0 && !b.Limited && !b.Forever {
		if n, ok := knowledge.DefaultAttempts[path][fn.Name()]; ok {
			b.Attempts, b.Default, b.Limited = n, true, true
		} else if n, ok := knowledge.DefaultAttempts[path]["*"]; ok {
			b.Attempts, b.Default, b.Limited = n, true, true
		} else if slices.Contains(knowledge.DefaultDeadline, fn.Pkg().Path()) && (path != knowledge.BackoffV4 || !b.Forever) {
			b.Deadline = true
		}
	}
	if path == knowledge.Wait || path == knowledge.ClientGoRetry {
		b.Limited = true // a wait.Backoff's Steps always end it
	}
	return b
}

// option records what one call among the helper's options sets.
func (b *Bound) option(info *types.Info, call *ast.CallExpr) {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return
	}
	if fn.Name() == "WithContext" && libraryPath(fn.Pkg().Path()) == knowledge.Failsafe {
		b.Context = true
		return
	}
	if names := knowledge.ForeverBackOffs[fn.Pkg().Path()]; slices.Contains(names, fn.Name()) {
		b.Forever = true // backoff.NewConstantBackOff(d)
	}
	o, ok := knowledge.BoundOptions[libraryPath(fn.Pkg().Path())][fn.Name()]
	if !ok {
		return
	}
	switch o.Kind {
	case knowledge.BoundContext:
		b.Context = true
	case knowledge.BoundDeadline:
		b.Deadline = true
	case knowledge.BoundForever:
		b.Forever = true
	case knowledge.BoundAttempts, knowledge.BoundRetries:
		if o.Arg >= len(call.Args) {
			return
		}
		n, isConst := budget.Int(info, call.Args[o.Arg])
		switch {
		case isConst && o.Forever != nil && n == *o.Forever:
			b.Forever = true
		case isConst:
			if o.Kind == knowledge.BoundRetries {
				n++
			}
			b.Attempts, b.Limited, b.Forever = n, true, false
		default:
			b.Limited = true
		}
	}
}

// isForeverBackOff reports whether t (or what it points to) is one of
// the backoff types that never stop.
func isForeverBackOff(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	return slices.Contains(knowledge.ForeverBackOffs[n.Obj().Pkg().Path()], n.Obj().Name())
}

// PolicyExprs returns the expressions that configure a closure scope's
// helper call: its arguments other than the operation, and, for a method
// (a failsafe-go Executor), its receiver expression (callers follow
// variables through Result.Defs).
func PolicyExprs(info *types.Info, s *Scope) []ast.Expr {
	if s.Call == nil {
		return nil
	}
	var out []ast.Expr
	for i, a := range s.Call.Args {
		if i != s.OpIndex || s.Kind != Closure {
			out = append(out, a)
		}
	}
	if sel, ok := ast.Unparen(s.Call.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil {
		out = append(out, sel.X)
	}
	return out
}

// libraryPath maps an import path to its key in the knowledge tables:
// the path itself when listed, else the path without its major version.
func libraryPath(path string) string {
	if _, ok := knowledge.RetryHelpers[path]; ok {
		return path
	}
	if _, ok := knowledge.BoundOptions[path]; ok {
		return path
	}
	return analysisutil.StripMajor(path)
}

func isBlankIdent(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "_"
}

func isInteger(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// assigns reports whether body assigns v (=, op=, ++, --, &v).
func assigns(info *types.Info, body ast.Node, v *types.Var) bool {
	found := false
	is := func(e ast.Expr) bool { return analysisutil.IdentVar(info, e) == v }
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				found = found || is(l)
			}
		case *ast.IncDecStmt:
			found = found || is(n.X)
		case *ast.UnaryExpr:
			found = found || n.Op == token.AND && is(n.X)
		}
		return !found
	})
	return found
}
