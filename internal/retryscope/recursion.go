package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/wait"
)

// Retry by recursion: the function that runs an attempt calls itself
// again after the attempt failed, with a counter moved on and a wait in
// between:
//
//	func (c *Client) do(req *Request, attempt int) (*Response, error) {
//		resp, err := c.send(req)
//		if err != nil && attempt < c.max {
//			time.Sleep(backoff(attempt))
//			return c.do(req, attempt+1)
//		}
//		return resp, err
//	}
//
// A recursive call is a retry only on the failure path of an attempt: in
// the branch of a test that the attempt's error failed (err != nil, a
// verdict on it, the else of err == nil), or after an exit taken when it
// succeeded (if err == nil { return }). A tree walk recurses on every
// child whatever happened, a paginator recurses after success, and
// neither is one. The failure path must also wait or move an attempt
// counter on: a fallback that recurses once with other arguments (a
// refreshed token, the next mirror) is no retry loop.

// recursion is one recursive retry found in a function.
type recursion struct {
	call    *ast.CallExpr // the recursive call
	attempt *ast.CallExpr // the attempt whose failure leads to it
	errVar  *types.Var
	ev      Evidence
}

// findRecursions records the functions of the package that retry by
// calling themselves.
func (st *state) findRecursions(in *inspector.Inspector, res *Result) {
	for c := range in.Root().Preorder((*ast.FuncDecl)(nil)) {
		d := c.Node().(*ast.FuncDecl)
		fn, ok := st.info.Defs[d.Name].(*types.Func)
		if !ok || d.Body == nil {
			continue
		}
		guard.Mark(st.pass, d.Pos())
		rec := st.recursionIn(c, fn)
		if rec == nil {
			continue
		}
		res.Scopes = append(res.Scopes, &Scope{
			Kind: Recursion, Body: d.Body, Func: d, Call: rec.call, Attempt: rec.attempt, ErrVar: rec.errVar,
			Helper: analysisutil.DisplayName(fn), Evidence: rec.ev,
		})
	}
}

// recursionIn returns the first call of fn to itself, in the body of its
// declaration at fc (function literals not entered), that retries a
// failed attempt, or nil.
func (st *state) recursionIn(fc inspector.Cursor, fn *types.Func) *recursion {
	for c := range fc.Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		if st.callee(call) != fn.Origin() || analysisutil.InFuncLit(c, fc.Node()) {
			continue
		}
		if rec := st.retriedBy(fc, fn, c); rec != nil {
			return rec
		}
	}
	return nil
}

// retriedBy reports whether the recursive call at c sits on the failure
// path of an attempt, and that path waits or moves an attempt counter on.
func (st *state) retriedBy(fc inspector.Cursor, fn *types.Func, c inspector.Cursor) *recursion {
	call := c.Node().(*ast.CallExpr)
	child := c.Node()
	for p := c.Parent(); p.Node() != nil && p.Node() != fc.Node(); child, p = p.Node(), p.Parent() {
		var path ast.Node // the failure path that leads to the call
		var cond ast.Expr
		var ev Evidence
		var v *types.Var
		switch n := p.Node().(type) {
		case *ast.FuncLit:
			return nil
		case *ast.IfStmt:
			if child != n.Body && child != n.Else {
				continue // in the condition or init: the call is tested, not retried
			}
			cond = n.Cond
			path = child
			v, ev = st.failureTest(fc, n, child == n.Else)
		case *ast.CaseClause:
			// switch resp.StatusCode { case http.StatusBadGateway: ...
			// return c.do(req, attempt+1) }: a retry status answered by
			// the attempt whose response that is.
			cond = st.statusCase(n)
			if cond != nil {
				path = &ast.BlockStmt{List: n.Body}
				v, ev = st.statusErrVar(fc, cond), EvVerdict
			}
		case *ast.BlockStmt:
			// After an exit on success: if err == nil { return resp, nil }.
			i := slices.IndexFunc(n.List, func(s ast.Stmt) bool { return s == child })
			for j := i - 1; j >= 0 && v == nil; j-- {
				ifs, ok := n.List[j].(*ast.IfStmt)
				if !ok || ifs.Else != nil || !analysisutil.EndsBy(ifs.Body.List, analysisutil.ByReturn) {
					continue
				}
				if v, ev = st.successExit(fc, ifs); v != nil {
					cond = ifs.Cond
					path = &ast.BlockStmt{List: n.List[j+1 : i+1]}
				}
			}
		}
		if v == nil {
			continue
		}
		attempt := st.attemptFor(fc, fn, v, cond.Pos())
		if attempt == nil {
			continue
		}
		if wait.InBody(st.info, path) || st.callsSleeper(path) {
			ev |= EvWaits
		}
		if countsAttempts(cond) || st.movesCounter(fc, call) {
			ev |= EvAttemptCounter
		}
		if ev&(EvWaits|EvAttemptCounter) == 0 {
			return nil
		}
		return &recursion{call: call, attempt: attempt, errVar: v, ev: ev | EvRecursion}
	}
	return nil
}

// failureTest returns the error variable whose failure takes the branch
// of ifs (the else branch when inElse): err != nil, possibly and-ed with
// a budget test, or a verdict handed the error (retryable(err)); in the
// else branch, err == nil.
func (st *state) failureTest(fc inspector.Cursor, ifs *ast.IfStmt, inElse bool) (*types.Var, Evidence) {
	for _, v := range st.errVarsIn(fc, ifs.Cond) {
		switch {
		case !inElse && nilTest(st.info, ifs.Cond, v, token.NEQ) && !negatesConjunct(st.info, ifs.Cond, v):
			return v, EvFailureGoesRound
		case !inElse && verdictOn(st.info, ifs.Cond, v):
			return v, EvVerdict
		case inElse && nilTest(st.info, ifs.Cond, v, token.EQL):
			return v, EvFailureGoesRound
		}
	}
	return nil, 0
}

// negatesConjunct reports whether cond is err != nil and-ed with a
// negated verdict (err != nil && !retryable(err)): the branch is taken
// on a terminal error, not on one to retry.
func negatesConjunct(info *types.Info, cond ast.Expr, v *types.Var) bool {
	if be, ok := ast.Unparen(cond).(*ast.BinaryExpr); ok && be.Op == token.LAND {
		return negatesConjunct(info, be.X, v) || negatesConjunct(info, be.Y, v)
	}
	return negatedVerdict(info, cond, v, nil)
}

// successExit returns the error variable whose success leaves through
// ifs: if err == nil { return }, or if !retryable(err) { return err }.
func (st *state) successExit(fc inspector.Cursor, ifs *ast.IfStmt) (*types.Var, Evidence) {
	for _, v := range st.errVarsIn(fc, ifs.Cond) {
		switch {
		case nilTest(st.info, ifs.Cond, v, token.EQL):
			return v, EvFailureGoesRound
		case negatedVerdict(st.info, ifs.Cond, v, nil):
			return v, EvVerdict
		}
	}
	return nil, 0
}

// errVarsIn returns the error variables, local to the function at fc,
// that cond mentions.
func (st *state) errVarsIn(fc inspector.Cursor, cond ast.Expr) []*types.Var {
	var out []*types.Var
	ast.Inspect(cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := st.info.Uses[id].(*types.Var); ok && analysisutil.IsError(v.Type()) && !v.IsField() &&
				fc.Node().Pos() <= v.Pos() && v.Pos() < fc.Node().End() && !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
		return true
	})
	return out
}

// attemptFor returns the last call before pos, in the function at fc,
// whose error lands in v: the attempt. The function's own recursive
// calls (a walk that tests what its child returned) and waits are not
// attempts.
func (st *state) attemptFor(fc inspector.Cursor, fn *types.Func, v *types.Var, pos token.Pos) *ast.CallExpr {
	var attempt *ast.CallExpr
	for c := range fc.Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		if call.Pos() >= pos {
			break
		}
		if analysisutil.InFuncLit(c, fc.Node()) || st.callee(call) == fn.Origin() || wait.IsWaitCall(st.info, call) {
			continue
		}
		if errVarOf(st.info, c.Parent().Node(), call) == v {
			attempt = call
		}
	}
	if attempt != nil && st.callee(attempt) == fn.Origin() {
		return nil
	}
	return attempt
}

// movesCounter reports whether an argument of the recursive call moves a
// counter named for attempts on (attempt+1, retries-1), or passes one
// the function moved on before (attempts--; retry(attempts, ...)).
func (st *state) movesCounter(fc inspector.Cursor, call *ast.CallExpr) bool {
	named := func(v *types.Var) bool {
		return v != nil && slices.ContainsFunc(knowledge.AttemptWords, func(w string) bool { return hasWord(v.Name(), w) })
	}
	moved := map[*types.Var]bool{}
	ast.Inspect(fc.Node(), func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IncDecStmt:
			moved[rootVar(st.info, n.X)] = true
		case *ast.AssignStmt:
			if n.Tok == token.ADD_ASSIGN || n.Tok == token.SUB_ASSIGN {
				moved[rootVar(st.info, n.Lhs[0])] = true
			}
		}
		return true
	})
	for _, a := range call.Args {
		switch a := ast.Unparen(a).(type) {
		case *ast.BinaryExpr:
			if a.Op != token.ADD && a.Op != token.SUB {
				continue
			}
			for _, side := range []ast.Expr{a.X, a.Y} {
				if named(rootVar(st.info, side)) {
					return true
				}
			}
		case *ast.Ident, *ast.SelectorExpr:
			if v := rootVar(st.info, a); named(v) && moved[v] {
				return true
			}
		}
	}
	return false
}

// statusCase returns the tag of the switch holding cc when the tag reads
// a status code (resp.StatusCode) and cc lists a retry status
// (knowledge.RetryStatuses), or nil.
func (st *state) statusCase(cc *ast.CaseClause) ast.Expr {
	retry := slices.ContainsFunc(cc.List, func(e ast.Expr) bool {
		tv, ok := st.info.Types[e]
		if !ok || tv.Value == nil {
			return false
		}
		n, ok := constant.Int64Val(constant.ToInt(tv.Value))
		return ok && slices.Contains(knowledge.RetryStatuses, n)
	})
	if !retry {
		return nil
	}
	for _, f := range st.pass.Files {
		if f.Pos() > cc.Pos() || cc.End() > f.End() {
			continue
		}
		var tag ast.Expr
		ast.Inspect(f, func(n ast.Node) bool {
			if sw, ok := n.(*ast.SwitchStmt); ok && sw.Body != nil && slices.Contains(sw.Body.List, ast.Stmt(cc)) {
				tag = sw.Tag
			}
			return tag == nil && n != nil && n.Pos() <= cc.Pos() && cc.End() <= n.End()
		})
		if sel, ok := ast.Unparen(tag).(*ast.SelectorExpr); ok && sel.Sel.Name == "StatusCode" {
			return sel
		}
	}
	return nil
}

// statusErrVar returns the error variable assigned with the response
// whose status tag reads (resp, err := c.client.Do(req)), or nil.
func (st *state) statusErrVar(fc inspector.Cursor, tag ast.Expr) *types.Var {
	resp := analysisutil.IdentVar(st.info, tag.(*ast.SelectorExpr).X)
	if resp == nil {
		return nil
	}
	var out *types.Var
	ast.Inspect(fc.Node(), func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 || analysisutil.IdentVar(st.info, as.Lhs[0]) != resp {
			return out == nil
		}
		if v := analysisutil.IdentVar(st.info, as.Lhs[1]); v != nil && analysisutil.IsError(v.Type()) {
			out = v
		}
		return out == nil
	})
	return out
}
