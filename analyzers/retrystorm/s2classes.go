package retrystorm

// Layers that retry disjoint errors. The attempts multiply only when an
// error the inner layer gives up on (after its attempts) is one the
// outer layer goes round on. An outer loop that goes round only on a
// not-found answer around an inner layer that retries only outages, or
// two layers that retry different sentinel errors, each make their own
// attempts once per failure of their own kind.

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/retryscope"
)

func (r *runner) classOpt() classify.Options {
	return classify.Options{Decls: r.res.Decls, Defs: r.res.Defs}
}

// widest returns, of the goto loops recorded for s's label (one per goto
// back to it), the one whose statements reach furthest: the whole loop.
func (r *runner) widest(s *retryscope.Scope) *retryscope.Scope {
	if s.Kind != retryscope.Loop || s.Loop == nil {
		return s
	}
	best := s
	for _, t := range r.scopes {
		if t.Loop == s.Loop && t.Body != nil && best.Body != nil && t.Body.End() > best.Body.End() {
			best = t
		}
	}
	return best
}

// retrySet is what the retry loop s goes round on (not Narrow for other
// scopes, or when it cannot be told).
func (r *runner) retrySet(s *retryscope.Scope) classify.RetrySet {
	if s.Kind != retryscope.Loop {
		return classify.RetrySet{}
	}
	return classify.LoopRetrySet(r.info, r.widest(s), r.classOpt())
}

// disjoint reports whether the outer scope s and the inner layer l
// retry disjoint errors: every class s goes round on is one l certainly
// does not retry, or every class l goes round on is one s certainly does
// not. When a side cannot be evaluated, only the first holds: the outer
// goes round on a known list of classes that the inner is known not to
// retry.
func (r *runner) disjoint(s *retryscope.Scope, l layer) bool {
	outer := r.retrySet(s)
	if outer.Narrow && !slices.ContainsFunc(outer.Classes, func(c classify.Class) bool { return r.innerRetries(l, c) != classify.False }) {
		return true
	}
	if s.Kind != retryscope.Loop || l.scope == nil || !r.handsBackOwnError(l.scope) {
		return false
	}
	inner := r.retrySet(l.scope)
	return inner.Narrow && !slices.ContainsFunc(inner.Classes, func(c classify.Class) bool {
		return classify.LoopGoesRound(r.info, r.widest(s), c, r.classOpt()) != classify.False
	})
}

// handsBackOwnError reports whether the function holding the retry loop
// s returns, wherever it returns an error, the error of its attempt
// (wrapped with %w or not), nil or the context's error: the error it
// gives up on is of a class it goes round on. A loop whose function
// returns a new error once its attempts are spent ("too many retries")
// hands the outer layer an error of another class.
func (r *runner) handsBackOwnError(s *retryscope.Scope) bool {
	w := r.widest(s)
	if w.ErrVar == nil {
		return false
	}
	var d *ast.FuncDecl
	for _, fd := range r.res.Decls {
		if fd.Body != nil && within(fd.Body, anchor(w)) {
			d = fd
		}
	}
	if d == nil || d.Type.Results == nil {
		return false
	}
	ok := true
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 0 {
				ok = ok && slices.ContainsFunc(d.Type.Results.List, func(f *ast.Field) bool {
					return slices.ContainsFunc(f.Names, func(id *ast.Ident) bool { return r.info.Defs[id] == w.ErrVar })
				})
				return false
			}
			ok = ok && r.ownError(n.Results[len(n.Results)-1], w.ErrVar)
		}
		return ok
	})
	return ok
}

// ownError reports whether e is nil, the variable v, v wrapped by
// fmt.Errorf with %w, or a context's error.
func (r *runner) ownError(e ast.Expr, v *types.Var) bool {
	e = ast.Unparen(e)
	if tv, ok := r.info.Types[e]; ok && tv.IsNil() {
		return true
	}
	if analysisutil.IdentVar(r.info, e) == v {
		return true
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Err" && analysisutil.IsContext(r.info.TypeOf(sel.X)) {
		return true
	}
	fn := r.callee(call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" || fn.Name() != "Errorf" || len(call.Args) < 2 {
		return false
	}
	tv, ok := r.info.Types[call.Args[0]]
	if !ok || tv.Value == nil || !strings.Contains(tv.Value.ExactString(), "%w") {
		return false
	}
	return slices.ContainsFunc(call.Args[1:], func(a ast.Expr) bool { return analysisutil.IdentVar(r.info, a) == v })
}

// innerRetries says whether the layer l retries an error of class c: its
// loop evaluated for it, a go-retryablehttp send judged by the retry
// policies the package sets and the library's default, or a function of
// another package whose fact lists what its loop goes round on.
func (r *runner) innerRetries(l layer, c classify.Class) classify.Tri {
	switch {
	case l.scope != nil && l.scope.Kind == retryscope.Loop:
		return classify.LoopGoesRound(r.info, r.widest(l.scope), c, r.classOpt())
	case l.scope != nil && l.scope.Kind == retryscope.Client:
		return r.retryablehttpRetries(c)
	case l.scope == nil && l.fact != nil && l.fact.Narrow:
		if slices.ContainsFunc(l.fact.Retries, func(k string) bool { return classify.Overlaps(c.Key(), k) }) {
			return classify.Unknown
		}
		return classify.False
	}
	return classify.Unknown
}

// configuredPolicy reports whether every CheckRetry site of a classifier
// with no body here sets the library's default policy or a policy read
// from configuration (a field, a parameter, a variable: cfg.RetryPolicy)
// that the caller chooses; like a retry count read at run time, what it
// retries cannot be told here.
func (r *runner) configuredPolicy(cl *classify.Classifier) bool {
	for _, site := range cl.Sites {
		if site.Expr == nil {
			return false
		}
		id := analysisutil.RefIdent(site.Expr)
		if id == nil {
			return false
		}
		switch o := r.info.Uses[id].(type) {
		case *types.Var:
			// configuration
		case *types.Func:
			if o.Pkg() == nil || o.Pkg().Path() != knowledge.Retryablehttp || o.Name() != "DefaultRetryPolicy" && o.Name() != "ErrorPropagatedRetryPolicy" {
				return false
			}
		default:
			return false
		}
	}
	return len(cl.Sites) > 0
}

// retryablehttpRetries says whether a go-retryablehttp client retries an
// answer of class c: only a status is judged (it retries every transport
// error), by the library's default policy and every CheckRetry this
// package sets (a client may carry any of them); False only when each
// certainly answers "no retry".
func (r *runner) retryablehttpRetries(c classify.Class) classify.Tri {
	if !c.HasStatus || c.OtherStatus || knowledge.RetryablehttpDefaultRetriesStatus(c.Status) {
		return classify.Unknown
	}
	w := c.InResponse().Witness(r.res.Defs)
	opt := r.classOpt()
	for _, cl := range r.pass.ResultOf[classify.Analyzer].(*classify.Classifiers).List {
		if !cl.Has(classify.CheckRetry) {
			continue
		}
		if cl.Func == nil {
			if r.configuredPolicy(cl) {
				continue
			}
			return classify.Unknown
		}
		if cl.Err == nil {
			return classify.Unknown
		}
		answers, complete := classify.EvalWith(r.info, cl.Func, cl.Err, cl.Resp, w, &opt)
		if !complete || len(answers) == 0 {
			return classify.Unknown
		}
		for _, a := range answers {
			if !a.Certain || cl.Retries(a) != classify.False {
				return classify.Unknown
			}
		}
	}
	return classify.False
}
