package noretrycanceled

// N3: a retry library called without the context that is in scope.

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/ctxaware"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/knowledge"
)

func (r *runner) n3() {
	imp := map[string]bool{}
	for _, p := range r.pass.Pkg.Imports() {
		imp[analysisutil.StripMajor(p.Path())] = true
		imp[p.Path()] = true
	}
	if !imp[classify.RetryGoPath] && !imp[knowledge.Backoff] && !imp[knowledge.Wait] {
		return
	}
	for c := range r.in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		fn, _ := typeutil.Callee(r.info, call).(*types.Func)
		if fn == nil || fn.Pkg() == nil || fn.Type().(*types.Signature).Recv() != nil {
			continue
		}
		guard.Mark(r.pass, call.Pos()) // the position of an internal error
		path := fn.Pkg().Path()
		switch {
		case analysisutil.StripMajor(path) == classify.RetryGoPath && (fn.Name() == "Do" || fn.Name() == "DoWithData"):
			r.retryGo(call, fn)
		case backoffBeforeV5(path) && isBackoffRetry(fn.Name()):
			r.backoffV4(call, fn)
		case path == knowledge.Wait && fn.Name() == "ExponentialBackoff":
			if ctxs := r.contexts(call.Pos()); len(ctxs) > 0 {
				r.reportf(analysisdoc.N3, call.Pos(), "wait.ExponentialBackoff cannot be cancelled: it keeps retrying after %s is done; use wait.ExponentialBackoffWithContext(%s, ...)", ctxs[0].Name, ctxs[0].Name)
			}
		}
	}
}

// backoffBeforeV5 reports whether path is cenkalti/backoff before v5
// (v4, the unversioned path, gopkg.in's .v1): its Retry functions take no
// context, only a BackOff that may carry one.
func backoffBeforeV5(path string) bool {
	return analysisutil.StripMajor(path) == knowledge.Backoff && path != knowledge.BackoffV5
}

func isBackoffRetry(name string) bool {
	switch name {
	case "Retry", "RetryNotify", "RetryNotifyWithTimer", "RetryWithData", "RetryNotifyWithData", "RetryNotifyWithTimerAndData":
		return true
	}
	return false
}

// contexts returns the caller contexts in scope at pos.
func (r *runner) contexts(pos token.Pos) []ctxaware.Source {
	var out []ctxaware.Source
	for _, src := range ctxaware.Sources(r.info, r.pass.Pkg, pos, r.defs) {
		// Variables and r.Context(); a field is a component's lifetime.
		if !src.Var.IsField() {
			out = append(out, src)
		}
	}
	return out
}

// retryGo reports retry.Do/DoWithData without a retry.Context option.
func (r *runner) retryGo(call *ast.CallExpr, fn *types.Func) {
	if call.Ellipsis.IsValid() || len(call.Args) == 0 {
		return // options spread from a slice: not visible
	}
	ctxs := r.contexts(call.Pos())
	if len(ctxs) == 0 {
		return
	}
	for _, opt := range call.Args[1:] {
		o := r.optionFunc(opt)
		if o == nil {
			return // an option built elsewhere may carry the context
		}
		if o.Name() == "Context" {
			return
		}
	}
	q := qualifier(call.Fun)
	name := q
	if name == "" {
		name = "retry" // dot import: no fix, the message says retry.Context
	}
	d := analysis.Diagnostic{
		Pos:     call.Pos(),
		End:     call.End(),
		Message: name + "." + fn.Name() + " without " + name + ".Context(" + ctxs[0].Name + ") keeps retrying after the caller's context is cancelled (with Attempts(0), forever); pass " + name + ".Context(" + ctxs[0].Name + ")",
	}
	if q != "" {
		// Append the option right after the last argument, which is
		// valid whether or not the call is spread over lines.
		last := call.Args[len(call.Args)-1]
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "pass " + q + ".Context(" + ctxs[0].Name + ")",
			TextEdits: []analysis.TextEdit{{Pos: last.End(), End: last.End(), NewText: []byte(", " + q + ".Context(" + ctxs[0].Name + ")")}},
		}}
	}
	r.report(analysisdoc.N3, d)
}

// optionFunc returns the retry-go function that builds an option
// argument: retry.Attempts(3), or a variable assigned one once.
func (r *runner) optionFunc(e ast.Expr) *types.Func {
	for range 3 {
		if v := analysisutil.IdentVar(r.info, e); v != nil && r.defs[v] != nil {
			e = r.defs[v]
			continue
		}
		break
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn, _ := typeutil.Callee(r.info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil || analysisutil.StripMajor(fn.Pkg().Path()) != classify.RetryGoPath {
		return nil
	}
	return fn
}

// qualifier returns the package name used in a qualified call (retry in
// retry.Do, or the alias), or "" for a dot import.
func qualifier(fun ast.Expr) string {
	fun = ast.Unparen(fun)
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	if sel, ok := ast.Unparen(fun).(*ast.SelectorExpr); ok {
		if id, ok := sel.X.(*ast.Ident); ok {
			return id.Name
		}
	}
	return ""
}

// backoffV4 reports backoff v4 Retry* with a BackOff that has no
// WithContext in its wrapper chain.
func (r *runner) backoffV4(call *ast.CallExpr, fn *types.Func) {
	if len(call.Args) < 2 {
		return
	}
	b := call.Args[1]
	if r.hasContext(b, 0) != classify.False {
		return
	}
	ctxs := r.contexts(call.Pos())
	if len(ctxs) == 0 {
		return
	}
	q := qualifier(call.Fun)
	name := q
	if name == "" {
		name = "backoff"
	}
	d := analysis.Diagnostic{
		Pos:     b.Pos(),
		End:     b.End(),
		Message: name + "." + fn.Name() + " with a BackOff that has no WithContext keeps retrying after the caller's context is cancelled; wrap it in " + name + ".WithContext(b, " + ctxs[0].Name + ")",
	}
	if q != "" {
		var buf bytes.Buffer
		if err := format.Node(&buf, r.pass.Fset, b); err == nil {
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message: "wrap the BackOff in " + q + ".WithContext",
				TextEdits: []analysis.TextEdit{{Pos: b.Pos(), End: b.End(),
					NewText: []byte(q + ".WithContext(" + buf.String() + ", " + ctxs[0].Name + ")")}},
			}}
		}
	}
	r.report(analysisdoc.N3, d)
}

// hasContext says whether a BackOff expression carries a context:
// True when WithContext is in its wrapper chain (or its static type is
// BackOffContext), False when it is built from constructors without one,
// Unknown otherwise (a parameter, a field, a helper's result).
func (r *runner) hasContext(e ast.Expr, depth int) classify.Tri {
	if depth > 6 {
		return classify.Unknown
	}
	if isBackOffContext(r.info.TypeOf(e)) {
		return classify.True
	}
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.Ident:
		v, ok := r.info.Uses[x].(*types.Var)
		if !ok || r.defs[v] == nil {
			return classify.Unknown
		}
		return r.hasContext(r.defs[v], depth+1)
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			if cl, ok := ast.Unparen(x.X).(*ast.CompositeLit); ok && isBackoffType(r.info.TypeOf(cl)) {
				return classify.False
			}
		}
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(r.info, x).(*types.Func)
		if fn == nil || fn.Pkg() == nil || !backoffBeforeV5(fn.Pkg().Path()) {
			return classify.Unknown
		}
		switch fn.Name() {
		case "WithContext":
			return classify.True
		case "WithMaxRetries", "WithMaxTries":
			if len(x.Args) > 0 {
				return r.hasContext(x.Args[0], depth+1)
			}
		case "NewExponentialBackOff", "NewConstantBackOff":
			return classify.False
		}
	}
	return classify.Unknown
}

func isBackOffContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && backoffBeforeV5(n.Obj().Pkg().Path()) && n.Obj().Name() == "BackOffContext"
}

// isBackoffType reports whether t (or *t) is one of backoff's (before v5) BackOff
// implementations.
func isBackoffType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || !backoffBeforeV5(n.Obj().Pkg().Path()) {
		return false
	}
	switch n.Obj().Name() {
	case "ExponentialBackOff", "ConstantBackOff", "ZeroBackOff", "StopBackOff":
		return true
	}
	return false
}
