package retrystorm

// S1: a retry answers "retry" for a circuit breaker's refusal.

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/retryscope"
)

const s1Fix = "an open breaker refuses in microseconds, so the series burns its attempts at once and returns the same error; answer \"no retry\" for the breaker's refusal and take the fallback"

func (r *runner) s1() {
	brk := map[*retryscope.Scope]string{}
	for _, s := range r.scopes {
		if b, _ := r.reachesBreaker(s); b != "" {
			brk[s] = b
		}
	}
	if len(brk) == 0 {
		return
	}
	judged := r.s1Classifiers(brk)
	for _, s := range r.scopes {
		b := brk[s]
		if b == "" || judged[s] {
			continue
		}
		r.mark(anchor(s))
		r.s1Scope(s, b)
	}
}

// s1Scope reports a scope that goes round on every error of an attempt
// that runs through a breaker: a loop that tests the error only against
// nil, a library helper with no classifier (its default retries every
// error), or a helper of the code base known to retry every error.
func (r *runner) s1Scope(s *retryscope.Scope, b string) {
	if r.mentionsBreaker(s.Body) || s.Kind == retryscope.Client {
		return
	}
	switch s.Kind {
	case retryscope.Loop:
		if s.ErrVar == nil || !retryscope.OnlyNilTests(r.info, s.Loop, s.ErrVar) {
			return
		}
		r.rep.Rulef(analysisdoc.S1, anchor(s), "retry loop goes round on every error of %s, its refusal included: %s", b, s1Fix)
	case retryscope.Closure:
		fn := r.callee(s.Call)
		if fn == nil || !r.retriesEveryError(s, fn) {
			return
		}
		r.rep.Rulef(analysisdoc.S1, anchor(s), "%s retries every error of %s, its refusal included: %s", s.Helper, b, s1Fix)
	}
}

// retriesEveryError reports whether a closure's helper goes round on
// every error the operation returns: a library helper whose default does
// and that is given no classifier, with an operation that marks no error
// permanent; or a helper of the code base that tests errors only against
// nil (HelperFact.Blind).
func (r *runner) retriesEveryError(s *retryscope.Scope, fn *types.Func) bool {
	if r.res.Blind(fn) {
		return true
	}
	if !retryscope.IsLibraryHelper(fn) {
		return false
	}
	path := analysisutil.StripMajor(fn.Pkg().Path())
	if path == knowledge.GoRetry || path == knowledge.ClientGoRetry || path == knowledge.Wait {
		return false // retries only what the operation marks retryable, or conflicts
	}
	restricts := false
	for _, e := range retryscope.PolicyExprs(r.info, s) {
		r.visitDefs(e, func(call *ast.CallExpr) {
			restricts = restricts || r.restricts(call)
		})
	}
	if restricts {
		return false
	}
	permanent := false
	ast.Inspect(s.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			permanent = r.restricts(call)
		}
		return !permanent
	})
	return !permanent
}

// restricts reports whether call keeps some errors from being retried:
// a classifier option, a builder method of a retry policy that handles
// or aborts on chosen errors (declared in failsafe's shared builder
// interface, so the receiver decides), a permanent-error wrapper.
func (r *runner) restricts(call *ast.CallExpr) bool {
	f := r.callee(call)
	if f == nil || f.Pkg() == nil {
		return false
	}
	path := analysisutil.StripMajor(f.Pkg().Path())
	if path == knowledge.Failsafe {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !analysisutil.IsNamed(r.info.TypeOf(sel.X), knowledge.Retrypolicy, "Builder") {
			return false
		}
		path = knowledge.Retrypolicy
	}
	return knowledge.RestrictsRetries[path][f.Name()]
}

// visitDefs calls f for every call in e and in the values of the
// variables e uses (assigned once), a few levels deep.
func (r *runner) visitDefs(e ast.Expr, f func(*ast.CallExpr)) {
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
				if v, ok := r.info.Uses[n].(*types.Var); ok && r.res.Defs[v] != nil {
					visit(r.res.Defs[v], depth+1)
				}
			case *ast.CallExpr:
				f(n)
			}
			return true
		})
	}
	visit(e, 0)
}

// configures reports whether node (a classifier's registration) is among
// the options of a closure scope's helper call.
func (r *runner) configures(s *retryscope.Scope, node ast.Node) bool {
	if s.Kind != retryscope.Closure {
		return false
	}
	found := false
	for _, e := range retryscope.PolicyExprs(r.info, s) {
		if e.Pos() <= node.Pos() && node.End() <= e.End() {
			return true
		}
		r.visitDefs(e, func(call *ast.CallExpr) {
			found = found || call.Pos() <= node.Pos() && node.End() <= call.End()
		})
	}
	return found
}

// s1Classifiers judges the classifiers that decide the retries of scopes
// whose attempt runs through a breaker, with the same evaluator that
// judges them for context errors, and returns the scopes so judged.
func (r *runner) s1Classifiers(brk map[*retryscope.Scope]string) map[*retryscope.Scope]bool {
	judged := map[*retryscope.Scope]bool{}
	cls := r.pass.ResultOf[classify.Analyzer].(*classify.Classifiers).List
	opt := &classify.Options{Decls: r.res.Decls, Defs: r.res.Defs}
	for _, c := range cls {
		if c.Func == nil || c.Err == nil || c.Body == nil {
			continue
		}
		var scope *retryscope.Scope
		for s, b := range brk {
			if b == "" {
				continue
			}
			if r.decides(c, s) && (scope == nil || s.Body.Pos() < scope.Body.Pos()) {
				scope = s
			}
		}
		if scope == nil {
			continue
		}
		judged[scope] = true
		r.mark(c.Func.Pos())
		if r.mentionsBreaker(c.Body) {
			// It decides about the refusal itself: an exclusion (correct)
			// or an explicit "retry" for it.
			for _, ret := range r.explicitRetries(c) {
				r.rep.Rulef(analysisdoc.S1, ret.Pos(), "%s answers \"retry\" for %s's refusal by name: %s", c.Name, brk[scope], s1Fix)
			}
			continue
		}
		answers, _ := classify.EvalWith(r.info, c.Func, c.Err, c.Resp, classify.BreakerWitness(), opt)
		done := map[token.Pos]bool{}
		for _, a := range answers {
			if !a.Certain || c.Retries(a) != classify.True || done[a.Return.Pos()] {
				continue
			}
			if c.Reversed() && a.How == classify.CatchAll {
				continue // an abort predicate that does not abort decides nothing
			}
			done[a.Return.Pos()] = true
			r.rep.Rulef(analysisdoc.S1, a.Return.Pos(), "%s answers \"retry\" for every error reaching this return, %s's refusal included: %s", c.Name, brk[scope], s1Fix)
		}
	}
	return judged
}

// decides reports whether classifier c decides the retries of scope s:
// it is registered among the helper's options, or called in the scope's
// body.
func (r *runner) decides(c *classify.Classifier, s *retryscope.Scope) bool {
	for _, site := range c.Sites {
		if site.Node != nil && r.configures(s, site.Node) {
			return true
		}
	}
	if c.Obj == nil {
		return false
	}
	called := false
	ast.Inspect(s.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !called {
			if fn := r.callee(call); fn != nil && types.Object(fn) == c.Obj {
				called = true
			} else if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && r.info.Uses[id] == c.Obj {
				called = true
			}
		}
		return !called
	})
	return called
}

// explicitRetries returns the returns of a bool classifier that answer
// "retry" right under a test naming a breaker's refusal:
//
//	if errors.Is(err, gobreaker.ErrOpenState) { return true }
//
// (the evaluator cannot tell one sentinel from another, so this shape is
// matched here; anything else that names the refusal is left alone).
func (r *runner) explicitRetries(c *classify.Classifier) []*ast.ReturnStmt {
	if c.Shape != classify.Bool || c.Reversed() {
		return nil
	}
	var out []*ast.ReturnStmt
	ast.Inspect(c.Body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || len(ifs.Body.List) != 1 || !r.refusalTest(ifs.Cond, c.Err) {
			_, lit := n.(*ast.FuncLit)
			return !lit
		}
		if ret, ok := ifs.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) > 0 && isTrueConst(r.info, ret.Results[0]) {
			out = append(out, ret)
		}
		return true
	})
	return out
}

// refusalTest reports whether cond is errors.Is(errp, R) or errp == R
// for a breaker's refusal R, or an || of such tests.
func (r *runner) refusalTest(cond ast.Expr, errp *types.Var) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		if e.Op == token.LOR {
			return r.refusalTest(e.X, errp) && r.refusalTest(e.Y, errp)
		}
		if e.Op == token.EQL {
			return analysisutil.IdentVar(r.info, e.X) == errp && r.isRefusalExpr(e.Y)
		}
	case *ast.CallExpr:
		fn := r.callee(e)
		if knowledge.IsErrorsFunc(fn, "Is") && len(e.Args) == 2 {
			return analysisutil.IdentVar(r.info, e.Args[0]) == errp && r.isRefusalExpr(e.Args[1])
		}
	}
	return false
}

func (r *runner) isRefusalExpr(e ast.Expr) bool {
	id := analysisutil.RefIdent(e)
	v, ok := r.info.Uses[id].(*types.Var)
	return ok && isRefusal(v)
}
