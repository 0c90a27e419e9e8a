package noretrycanceled

// N1: a retry classifier answers "retry" for context.Canceled or
// context.DeadlineExceeded.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/ctxaware"
	"github.com/reslint/reslint/internal/directive"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/retryscope"
	"github.com/reslint/reslint/internal/wait"
)

// finding is one return statement that answers "retry" for context errors.
type finding struct {
	pos   token.Pos
	hyps  []classify.Hypothesis
	how   [2]classify.How
	grpc  bool
	order int
}

func (r *runner) n1() {
	r.importedClassifiers()
	cls := r.pass.ResultOf[classify.Analyzer].(*classify.Classifiers).List
	if len(cls) == 0 {
		return
	}
	opt := &classify.Options{Decls: r.decls, Defs: r.defs}
	// Classifiers by function, so that a call of one classifier from
	// another is reported once, where the answer is decided.
	isCls := map[types.Object]bool{}
	for _, c := range cls {
		if c.Obj != nil && c.Func != nil {
			isCls[c.Obj] = true
		}
	}
	uses := r.classifierUses(cls)
	for _, c := range cls {
		if len(c.Sites) > 0 {
			guard.Mark(r.pass, c.Sites[0].Node.Pos()) // the position of an internal error
		}
		switch {
		case c.Errors != nil:
			r.errorList(c)
		case c.Func != nil:
			r.classifier(c, opt, isCls, uses)
		}
	}
}

// errorList reports HandleErrors(context.Canceled) on a retry policy.
// DeadlineExceeded is left alone: failsafe-go checks the execution's
// context before it applies the policy, so the caller's deadline is never
// retried, and a per-attempt timeout may be.
func (r *runner) errorList(c *classify.Classifier) {
	if !c.Has(classify.HandleErrors) {
		return
	}
	e := classify.ContextErrorIn(r.info, c.Errors, classify.Canceled, r.defs)
	if e == nil || r.chainAborts(c.Sites[0], classify.Canceled) {
		return
	}
	r.reportf(analysisdoc.N1, e.Pos(), "retry policy handles context.Canceled as retryable: the caller has left and nobody waits for the result; drop it from HandleErrors")
}

// classifier evaluates one classifier and reports its returns that answer
// "retry" for a context error.
func (r *runner) classifier(c *classify.Classifier, opt *classify.Options, isCls map[types.Object]bool, uses map[types.Object][]use) {
	if !decidesRetry(c, uses) || allScreened(c, uses) {
		return
	}
	consults := c.ConsultsContext(r.info)
	byRet := map[*ast.ReturnStmt]*finding{}
	var order []*ast.ReturnStmt
	for _, h := range []classify.Hypothesis{classify.Canceled, classify.DeadlineExceeded} {
		// The trap: a per-attempt timeout is a DeadlineExceeded too, and
		// retrying it is right while the caller's context is alive. Only
		// a classifier that cannot tell the two apart is reported for it.
		if h == classify.DeadlineExceeded && (consults || r.scopeChecks(c, uses)) {
			continue
		}
		if r.chainAbortsAll(c, h) {
			continue
		}
		answers, _ := c.Eval(r.info, h, opt)
		for _, a := range answers {
			if !a.Certain || c.Retries(a) != classify.True {
				continue
			}
			if a.Callee != nil && isCls[a.Callee] {
				continue // reported in the callee
			}
			if c.Reversed() && a.How == classify.CatchAll {
				// An abort predicate that does not abort is not a
				// decision to retry; only an explicit "do not abort
				// on context errors" is.
				continue
			}
			f := byRet[a.Return]
			if f == nil {
				f = &finding{pos: a.Return.Pos()}
				byRet[a.Return] = f
				order = append(order, a.Return)
			}
			if !slices.Contains(f.hyps, h) {
				f.hyps = append(f.hyps, h)
				f.how[h] = a.How
				f.grpc = f.grpc || a.GRPC
			}
		}
	}
	for _, ret := range order {
		r.reportf(analysisdoc.N1, ret.Pos(), "%s", n1Message(c, byRet[ret], consults))
	}
}

// n1Message words an N1 finding.
func n1Message(c *classify.Classifier, f *finding, consults bool) string {
	name := c.Name
	if c.Obj == nil {
		name = "the " + c.Sites[0].Source.String() + " predicate"
	}
	what := "context.Canceled"
	switch {
	case len(f.hyps) == 2:
		what = "context.Canceled and context.DeadlineExceeded"
	case f.hyps[0] == classify.DeadlineExceeded:
		what = "context.DeadlineExceeded"
	}
	h := f.how[f.hyps[0]]
	if c.Has(classify.CheckRetry) && !consults {
		return fmt.Sprintf("%s answers \"retry\" for %s without looking at ctx.Err(): the caller has gone and the client keeps retrying; check ctx.Err() first, as retryablehttp.DefaultRetryPolicy does, or delegate to it", name, what)
	}
	var why string
	switch h {
	case classify.CatchAll:
		why = fmt.Sprintf("%s answers \"retry\" for every error that reaches this return, %s included", name, what)
	case classify.Explicit, classify.CtxDone:
		why = fmt.Sprintf("%s answers \"retry\" for %s", name, what)
	case classify.Timeout:
		why = fmt.Sprintf("%s answers \"retry\" for a net.Error or timeout, and %s is a net.Error whose Timeout() is true", name, what)
	case classify.GRPCUnknown:
		why = fmt.Sprintf("%s answers \"retry\" for codes.Unknown, which status.Code returns for %s (any non-gRPC error)", name, what)
	case classify.GRPCCode:
		why = fmt.Sprintf("%s answers \"retry\" for a gRPC status carrying %s", name, what)
	}
	if f.hyps[0] == classify.DeadlineExceeded && len(f.hyps) == 1 {
		return why + ": it cannot tell a per-attempt timeout from the caller's spent deadline, so it retries past the budget; check the parent ctx.Err() first and retry only while it is nil"
	}
	return why + ": the caller has gone and nobody waits for the result; answer \"no retry\" for context errors before this"
}

// use is one use of a classifier in the package.
type use struct {
	errVar   *types.Var // the error handed to the classifier
	checked  bool       // the caller's context is checked around it, or none is in scope
	screened bool       // a test before it leaves when the error is context.Canceled
	unknown  bool       // used as a value we cannot follow
	retry    bool       // in a retry scope or loop (or unknown): it decides a retry
}

// classifierUses finds the uses of the declared classifiers: direct calls,
// and uses as values other than the registrations Find already knows.
// Calls of a classifier from its own body (recursion on an unwrapped
// error) are not uses.
func (r *runner) classifierUses(cls []*classify.Classifier) map[types.Object][]use {
	want := map[types.Object]*classify.Classifier{}
	for _, c := range cls {
		if c.Obj != nil && c.Func != nil {
			want[c.Obj] = c
		}
	}
	out := map[types.Object][]use{}
	if len(want) == 0 {
		return out
	}
	for cur := range r.in.Root().Preorder((*ast.Ident)(nil)) {
		id := cur.Node().(*ast.Ident)
		obj := r.info.Uses[id]
		if fn, ok := obj.(*types.Func); ok {
			obj = fn.Origin()
			if m := implementer(fn, want); m != nil {
				// p.policy.Decide(err) through an interface the
				// classifier's type implements.
				obj = m
			}
		}
		c := want[obj]
		if c == nil || c.Func.Pos() <= id.Pos() && id.End() <= c.Func.End() {
			continue
		}
		if !directive.Tests && directive.IsTestFile(r.pass.Fset, id.Pos()) {
			// A test driving the classifier with stand-in errors says
			// nothing of how the code asks it (the test-file policy).
			continue
		}
		// The expression that denotes the classifier: the identifier, or
		// the selector x.isRetryable, maybe instantiated.
		ex := cur
		if p, ok := ex.Parent().Node().(*ast.SelectorExpr); ok && p.Sel == id {
			ex = ex.Parent()
		}
		for {
			switch ex.Parent().Node().(type) {
			case *ast.IndexExpr, *ast.IndexListExpr, *ast.ParenExpr:
				ex = ex.Parent()
				continue
			}
			break
		}
		if call, ok := ex.Parent().Node().(*ast.CallExpr); ok && call.Fun == ex.Node() {
			out[obj] = append(out[obj], r.callUse(ex.Parent()))
			continue
		}
		// A value use: a known registration is a site of the classifier;
		// anything else we cannot follow.
		registered := false
		for _, s := range c.Sites {
			if s.Expr != nil && s.Expr.Pos() <= id.Pos() && id.End() <= s.Expr.End() {
				registered = true
			}
		}
		if !registered {
			out[obj] = append(out[obj], use{unknown: true, retry: true})
		}
	}
	return out
}

// callUse describes the call of a classifier at cc.
func (r *runner) callUse(cc inspector.Cursor) use {
	call := cc.Node().(*ast.CallExpr)
	var errVar *types.Var
	for _, a := range call.Args {
		v := analysisutil.IdentVar(r.info, a)
		if sel, ok := ast.Unparen(a).(*ast.SelectorExpr); ok && v == nil {
			// iter.err: the error kept in a field, screened as
			// switch iter.err { case context.Canceled: return }.
			v, _ = r.info.Uses[sel.Sel].(*types.Var)
		}
		if v != nil && analysisutil.IsError(v.Type()) {
			errVar = v
		}
	}
	checked := ctxaware.CheckedBefore(r.info, cc, errVar) != nil ||
		ctxaware.CheckedAfter(r.info, cc, r.waitLeaves) != nil ||
		passesContext(r.info, call) ||
		len(ctxaware.Sources(r.info, r.pass.Pkg, call.Pos(), r.defs)) == 0 ||
		r.inOperationEndedOnDone(call)
	retry := len(r.res.In(call.Pos())) > 0 || analysisutil.EnclosingLoop(cc) != nil
	screened := errVar != nil && screensCanceled(r.info, cc, errVar)
	return use{checked: checked, screened: screened, retry: retry, errVar: errVar}
}

// inOperationEndedOnDone reports whether call sits in the operation of a
// retry helper call that is handed a context that can be done and stops
// retrying once it is: a retry library given it (retry-go's
// retry.Context(ctx), backoff/v5's Retry(ctx, ...)), or a helper of this
// package whose body hands its own context parameter to such a library.
// The classifier's "retry" for the caller's spent deadline is then never
// acted on: the helper returns instead of attempting again.
func (r *runner) inOperationEndedOnDone(call *ast.CallExpr) bool {
	for _, s := range r.res.In(call.Pos()) {
		if s.Kind != retryscope.Closure || s.Call == nil || s.Func == nil || !(s.Func.Pos() <= call.Pos() && call.End() <= s.Func.End()) {
			continue
		}
		if r.endsOnDone(s, 0) {
			return true
		}
	}
	return false
}

// endsOnDone reports whether the helper call of closure scope s stops
// once a context it is handed is done (see inOperationEndedOnDone).
func (r *runner) endsOnDone(s *retryscope.Scope, depth int) bool {
	ctxArg := func(e ast.Expr) bool {
		return analysisutil.IsContext(r.info.TypeOf(e)) && !ctxaware.NeverDone(r.info, e, r.defs, e.Pos())
	}
	b := r.res.Bound(r.info, s)
	if b.Known {
		if !b.Context {
			return false
		}
		// The context: an argument, or the one in an option call
		// (retry.Context(ctx)).
		found := false
		for i, a := range s.Call.Args {
			if i == s.OpIndex {
				continue
			}
			ast.Inspect(a, func(n ast.Node) bool {
				if e, ok := n.(ast.Expr); ok && ctxArg(e) {
					found = true
				}
				return !found
			})
		}
		return found
	}
	// A helper of this package: its context parameter, handed the
	// caller's context here, reaches a library call in its body that
	// stops on it.
	fn, _ := typeutil.Callee(r.info, s.Call).(*types.Func)
	if fn == nil || depth > 0 {
		return false
	}
	d := r.decls[fn.Origin()]
	if d == nil || d.Body == nil {
		return false
	}
	sig := fn.Origin().Type().(*types.Signature)
	var params []*types.Var
	for i := range sig.Params().Len() {
		if p := sig.Params().At(i); analysisutil.IsContext(p.Type()) && i < len(s.Call.Args) && ctxArg(s.Call.Args[i]) {
			params = append(params, p)
		}
	}
	if len(params) == 0 {
		return false
	}
	// Its retry call may take the operation it was handed (retry.Do(do,
	// ...)), which is no scope of its own: every call in its body is
	// asked as if it were one.
	found := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if found || !ok {
			return !found
		}
		ib := r.res.Bound(r.info, &retryscope.Scope{Kind: retryscope.Closure, Call: call, OpIndex: -1})
		if !ib.Known || !ib.Context {
			return true
		}
		for _, p := range params {
			if analysisutil.Mentions(r.info, call, p) {
				found = true
			}
		}
		return !found
	})
	return found
}

// importedClassifiers reports calls, in retry code, of another package's
// classifiers that answer "retry" for context.Canceled (known by
// classify.RetriesCancelFact), when nothing around the call screens the
// cancellation: no context test before it, no check of the caller's
// context before or after it, and a caller's context in scope.
func (r *runner) importedClassifiers() {
	cls := r.pass.ResultOf[classify.Analyzer].(*classify.Classifiers)
	for cc := range r.in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cc.Node().(*ast.CallExpr)
		fn, _ := typeutil.Callee(r.info, call).(*types.Func)
		f, ok := cls.RetriesCancel(fn)
		if !ok {
			continue
		}
		u := r.callUse(cc)
		// Only inside a recognised retry scope: a loop over a batch of
		// errors asking the classifier decides no retry.
		if len(r.res.In(call.Pos())) == 0 || u.errVar == nil || u.screened || u.checked {
			continue
		}
		name := analysisutil.DisplayName(fn)
		why := "for every error that reaches its catch-all"
		if f.How == classify.Explicit {
			why = "explicitly"
		}
		r.reportf(analysisdoc.N1, call.Pos(), "%s answers \"retry\" for context.Canceled (%s, %s), and this retry asks it before looking at the caller's context: a request whose caller has gone is retried; return on ctx.Err() or context errors before asking it", name, why, f.At)
	}
}

// decidesRetry reports whether a classifier found only by its name is
// used to decide a retry: one of its uses is in a retry scope or loop, or
// escapes us. A function that
// is only called outside loops — to decide whether to refetch a cached
// error for a new caller, say — is not a retry classifier.
func decidesRetry(c *classify.Classifier, uses map[types.Object][]use) bool {
	for _, s := range c.Sites {
		if s.Source != classify.Named {
			return true
		}
	}
	us := uses[c.Obj]
	if len(us) == 0 {
		// Found by its name alone and used nowhere here: whether its
		// callers elsewhere screen context errors first is out of sight,
		// so it is not judged (register it with a retry library or mark
		// it //reslint:classifier to have it judged alone).
		return c.Obj == nil
	}
	for _, u := range us {
		if u.retry {
			return true
		}
	}
	return false
}

// allScreened reports whether c is known only by its name and shape, and
// every visible use of it sits behind a test that leaves when the error is
// context.Canceled: the classifier never sees the caller's cancellation.
func allScreened(c *classify.Classifier, uses map[types.Object][]use) bool {
	for _, s := range c.Sites {
		if s.Source != classify.Named {
			return false
		}
	}
	us := uses[c.Obj]
	for _, u := range us {
		if !u.screened || u.unknown {
			return false
		}
	}
	return len(us) > 0
}

// implementer returns the classifier method that a call of the interface
// method fn reaches: a classifier of want with fn's name whose receiver
// type implements fn's interface. It returns nil when fn is not an
// interface method, or when no classifier (or more than one) matches.
func implementer(fn *types.Func, want map[types.Object]*classify.Classifier) types.Object {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return nil
	}
	iface, ok := sig.Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var found types.Object
	for obj := range want {
		m, ok := obj.(*types.Func)
		if !ok || m.Name() != fn.Name() {
			continue
		}
		recv := m.Type().(*types.Signature).Recv()
		if recv == nil || types.IsInterface(recv.Type()) {
			continue
		}
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if types.Implements(t, iface) || types.Implements(types.NewPointer(t), iface) {
			if found != nil {
				return nil
			}
			found = obj
		}
	}
	return found
}

// screensCanceled reports whether, on the way to the node at cur within
// its function, a statement before it leaves when errVar is
// context.Canceled: if errors.Is(err, context.Canceled) { return },
// if err == context.Canceled || ... { return }, or a switch with a case
// naming context.Canceled whose body leaves. A negated test does not
// count.
func screensCanceled(info *types.Info, cur inspector.Cursor, errVar *types.Var) bool {
	const leave = analysisutil.ByReturn | analysisutil.ByBreak | analysisutil.ByContinue |
		analysisutil.ByGoto | analysisutil.ByNoReturn | analysisutil.ByIfElse | analysisutil.ByBlock
	namesCanceled := func(e ast.Node) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if v, ok := info.Uses[sel.Sel].(*types.Var); ok && v.Pkg() != nil && v.Pkg().Path() == "context" && v.Name() == "Canceled" {
					found = true
				}
			}
			return !found
		})
		return found
	}
	screens := func(s ast.Stmt) bool {
		switch s := s.(type) {
		case *ast.IfStmt:
			if u, ok := ast.Unparen(s.Cond).(*ast.UnaryExpr); ok && u.Op == token.NOT {
				return false
			}
			return analysisutil.Mentions(info, s.Cond, errVar) && namesCanceled(s.Cond) && analysisutil.EndsBy(s.Body.List, leave)
		case *ast.SwitchStmt:
			tagErr := s.Tag != nil && analysisutil.Mentions(info, s.Tag, errVar)
			for _, cl := range s.Body.List {
				cc, ok := cl.(*ast.CaseClause)
				if !ok {
					continue
				}
				for _, e := range cc.List {
					if namesCanceled(e) && (tagErr || s.Tag == nil && analysisutil.Mentions(info, e, errVar)) && analysisutil.EndsBy(cc.Body, leave) {
						return true
					}
				}
			}
		}
		return false
	}
	for c := cur; c.Node() != nil; c = c.Parent() {
		var list []ast.Stmt
		switch p := c.Parent().Node().(type) {
		case *ast.BlockStmt:
			list = p.List
		case *ast.CaseClause:
			list = p.Body
		case *ast.CommClause:
			list = p.Body
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		}
		for _, s := range list {
			if s == c.Node() {
				break
			}
			if screens(s) {
				return true
			}
		}
	}
	return false
}

// passesContext reports whether a call hands a context to the classifier
// (which can then tell the caller's deadline apart).
func passesContext(info *types.Info, call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if analysisutil.IsContext(info.TypeOf(a)) {
			return true
		}
	}
	return false
}

// scopeChecks reports whether every visible user of c checks the caller's
// context around the classification, or has no caller context in scope,
// so that a DeadlineExceeded reaching c cannot be the caller's deadline.
func (r *runner) scopeChecks(c *classify.Classifier, uses map[types.Object][]use) bool {
	n := 0
	for _, s := range c.Sites {
		switch s.Source {
		case classify.RetryIf, classify.OnError:
			// retry-go calls RetryIf right after the attempt; client-go
			// has no context. Only a context in scope makes a caller's
			// deadline possible. But retry-go given retry.Context waits
			// for the next attempt in a select on its Done(), and returns
			// when it is: a caller's deadline answered "retry" ends there.
			if len(ctxaware.Sources(r.info, r.pass.Pkg, s.Node.Pos(), r.defs)) > 0 && !(s.Source == classify.RetryIf && r.retryGoWithContext(s.Node)) {
				return false
			}
			n++
		case classify.CheckRetry:
			// go-retryablehttp leaves it to CheckRetry, which is handed
			// the request's context.
			return false
		case classify.HandleIf, classify.HandleErrors, classify.AbortIf:
			// failsafe-go checks the execution's cancellation first.
			n++
		case classify.HelperArg:
			f := r.ctx.Fact(s.Helper)
			if (f == nil || !slices.Contains(f.Checked, s.Param)) && len(ctxaware.Sources(r.info, r.pass.Pkg, s.Node.Pos(), r.defs)) > 0 {
				return false
			}
			n++
		}
	}
	if c.Obj != nil {
		for _, u := range uses[c.Obj] {
			if !u.checked && !u.unknown {
				return false
			}
			n++
		}
	}
	// With no visible user, the classifier is judged alone.
	return n > 0
}

// chainAbortsAll reports whether every library site of c sits in a
// failsafe-go builder chain that aborts on h before c is asked.
func (r *runner) chainAbortsAll(c *classify.Classifier, h classify.Hypothesis) bool {
	n := 0
	for _, s := range c.Sites {
		if s.Source != classify.HandleIf {
			return false
		}
		if !r.chainAborts(s, h) {
			return false
		}
		n++
	}
	return n > 0
}

// chainAborts reports whether the builder chain of site aborts on h:
// AbortOnErrors(context.Canceled), or an AbortIf predicate that answers
// true for it.
func (r *runner) chainAborts(s *classify.Site, h classify.Hypothesis) bool {
	for _, call := range s.Chain {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			continue
		}
		switch sel.Sel.Name {
		case "AbortOnErrors":
			if classify.ContextErrorIn(r.info, call.Args, h, r.defs) != nil {
				return true
			}
		case "AbortIf":
			if len(call.Args) != 1 {
				continue
			}
			lit, ok := ast.Unparen(call.Args[0]).(*ast.FuncLit)
			if !ok {
				continue
			}
			sig, _ := r.info.TypeOf(lit).(*types.Signature)
			if sig == nil {
				continue
			}
			var errp *types.Var
			for i := range sig.Params().Len() {
				if analysisutil.IsError(sig.Params().At(i).Type()) {
					errp = sig.Params().At(i)
				}
			}
			answers, _ := classify.Eval(r.info, lit, errp, nil, h, &classify.Options{Decls: r.decls, Defs: r.defs})
			for _, a := range answers {
				if a.Certain && a.Value == classify.True {
					return true
				}
			}
		}
	}
	return false
}

// retryGoWithContext reports whether the retry.RetryIf call site is an
// option of a retry-go call, or an element of an option list, that also
// holds a retry.Context option.
func (r *runner) retryGoWithContext(site ast.Node) bool {
	cur, ok := r.in.Root().FindNode(site)
	if !ok {
		return false
	}
	var siblings []ast.Expr
	switch p := cur.Parent().Node().(type) {
	case *ast.CallExpr:
		siblings = p.Args
	case *ast.CompositeLit:
		siblings = p.Elts
	default:
		return false
	}
	for _, e := range siblings {
		if o := r.optionFunc(e); o != nil && o.Name() == "Context" {
			return true
		}
	}
	return false
}

// waitLeaves returns the context of a statement that leaves when it is
// done through a context-aware wait: `if err := sleepOrDone(ctx, d); err !=
// nil { return err }`, or `if wait(ctx) != nil { return }`.
func (r *runner) waitLeaves(s ast.Stmt) *types.Var {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || !wait.ExitsOnErr(r.info, ifs) {
		return nil
	}
	var call *ast.CallExpr
	if as, ok := ifs.Init.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
		call, _ = ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	} else if be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr); ok {
		call, _ = ast.Unparen(be.X).(*ast.CallExpr)
	}
	if call == nil || !r.ctx.HandsContext(call) {
		return nil
	}
	for _, a := range call.Args {
		if v := analysisutil.IdentVar(r.info, a); v != nil && analysisutil.IsContext(v.Type()) {
			return v
		}
	}
	return nil
}
