package retrystorm

// S3: a retry scope with no end.

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/ctxaware"
	"github.com/reslint/reslint/internal/retryscope"
)

func (r *runner) s3() {
	for _, s := range r.res.Scopes { // goto loops are left alone: their exits are spread out
		if r.programLoop(s) || len(ctxaware.ContextsInScope(r.info, r.pass.Pkg, anchor(s), r.res.Defs)) > 0 {
			continue // a context in scope that the retry ignores is noretrycanceled's
		}
		if s.Kind == retryscope.Restart {
			r.mark(anchor(s))
			if loop, ok := s.Loop.(*ast.ForStmt); ok && (loop.Cond == nil || isTrueConst(r.info, loop.Cond)) && !canLeave(loop.Body) {
				r.rep.Rulef(analysisdoc.S3, anchor(s), "restart loop has no stop channel, context or attempt limit: it runs %s again forever and nothing can stop it short of killing the process; take a context or a stop channel and leave when it is done",
					r.exprName(s.Attempt.Fun))
			}
			continue
		}
		b, known := r.bounds[s] // only the kinds the rules read have one
		if !known || b.Ends() {
			continue
		}
		r.mark(anchor(s))
		switch s.Kind {
		case retryscope.Loop:
			if !r.endless(s) {
				continue
			}
			r.rep.Rulef(analysisdoc.S3, anchor(s), "retry loop has no attempt limit, deadline, context or stop channel: it retries forever while the dependency is down and nothing can stop it; bound the attempts or take a context and leave when it is done")
		case retryscope.Closure:
			if !b.Known || !b.Forever {
				continue
			}
			r.rep.Rulef(analysisdoc.S3, anchor(s), "%s is told to retry without a limit and has no deadline or context: it retries forever while the dependency is down and nothing can stop it; bound the attempts or hand it a context", s.Helper)
		}
	}
}

// endless reports whether a retry loop can leave only when its attempt
// succeeds (or fails for good): its condition is absent or true, and
// every test in it that leaves the loop looks at the attempt's results.
// A test on anything else (a closed flag, a counter, a clock) may be what
// ends it.
func (r *runner) endless(s *retryscope.Scope) bool {
	f, ok := s.Loop.(*ast.ForStmt)
	if !ok || f.Cond != nil && !isTrueConst(r.info, f.Cond) || f.Init != nil || f.Post != nil {
		return false
	}
	results := r.attemptResults(s)
	if len(results) == 0 {
		return false
	}
	ok = true
	ast.Inspect(f.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false
		case *ast.IfStmt:
			if leavesLoop(n.Body) && !mentionsAny(r.info, n.Cond, results) {
				ok = false
			}
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			ok = false // leaves under conditions not followed here
		}
		return true
	})
	return ok
}

// attemptResults returns the variables the attempt's results go to.
func (r *runner) attemptResults(s *retryscope.Scope) []*types.Var {
	var out []*types.Var
	if s.ErrVar != nil {
		out = append(out, s.ErrVar)
	}
	ast.Inspect(s.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for _, rhs := range as.Rhs {
			if ast.Unparen(rhs) == s.Attempt {
				for _, l := range as.Lhs {
					if v := analysisutil.IdentVar(r.info, l); v != nil {
						out = append(out, v)
					}
				}
			}
		}
		return true
	})
	// What is read out of them counts too: errors.As(err, &connErr)
	// fills connErr from the error, pe := err.(*PermanentError) and
	// code := resp.StatusCode are views of the results.
	for changed := true; changed; {
		changed = false
		add := func(v *types.Var) {
			if v != nil && !slices.Contains(out, v) {
				out = append(out, v)
				changed = true
			}
		}
		ast.Inspect(s.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) || len(n.Rhs) == 1 {
					for i, l := range n.Lhs {
						rhs := n.Rhs[0]
						if len(n.Lhs) == len(n.Rhs) {
							rhs = n.Rhs[i]
						}
						if mentionsAny(r.info, rhs, out) {
							add(analysisutil.IdentVar(r.info, l))
						}
					}
				}
			case *ast.CallExpr:
				if len(n.Args) == 2 && mentionsAny(r.info, n.Args[0], out) {
					if u, ok := ast.Unparen(n.Args[1]).(*ast.UnaryExpr); ok && u.Op == token.AND {
						add(analysisutil.IdentVar(r.info, u.X))
					}
				}
			}
			return true
		})
	}
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

// leavesLoop reports whether stmts hold a return, a break, a goto or a
// call that does not return (outside nested loops and literals).
func leavesLoop(b *ast.BlockStmt) bool {
	found := false
	ast.Inspect(b, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.SelectStmt, *ast.TypeSwitchStmt:
			return false
		case *ast.ReturnStmt:
			found = true
		case *ast.BranchStmt:
			found = found || n.Tok == token.BREAK || n.Tok == token.GOTO || n.Label != nil
		case *ast.CallExpr:
			found = found || analysisutil.NoReturnCall(n)
		}
		return !found
	})
	return found
}

func isTrueConst(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.String() == "true"
}

// canLeave reports whether anything in a loop's body can leave the loop:
// a return, a call that does not return, a goto or labeled branch (to
// this loop's label or an outer one: taken as leaving, which keeps the
// rule silent), or a break that no nested switch, select or loop takes.
func canLeave(body *ast.BlockStmt) bool {
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
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				if m != n {
					walk(m, true)
					return false
				}
			case *ast.ReturnStmt:
				found = true
			case *ast.BranchStmt:
				found = m.Label != nil || m.Tok == token.GOTO || m.Tok == token.BREAK && !nested
			case *ast.CallExpr:
				found = analysisutil.NoReturnCall(m)
			}
			return !found
		})
	}
	walk(body, false)
	return found
}

// programLoop reports whether s is a loop of a program's main function
// itself (package main, func main, not in a function literal): the
// program is the loop, and a signal that ends the process is how it is
// stopped. A loop in a goroutine or another function of the program is
// not exempt: the program cannot shut it down.
func (r *runner) programLoop(s *retryscope.Scope) bool {
	if r.pass.Pkg.Name() != "main" || s.Loop == nil {
		return false
	}
	at := anchor(s)
	for fn, d := range r.res.Decls {
		if fn.Name() != "main" || d.Recv != nil || d.Body == nil || !within(d.Body, at) {
			continue
		}
		inLit := false
		ast.Inspect(d.Body, func(n ast.Node) bool {
			if lit, ok := n.(*ast.FuncLit); ok && within(lit, at) {
				inLit = true
			}
			return !inLit
		})
		return !inLit
	}
	return false
}
