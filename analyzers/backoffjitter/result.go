package backoffjitter

// The analyzer's result: how each retry scope waits between attempts,
// judged by the same evaluation as the findings, for reslint -inventory.

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/retryscope"
)

// Waits says how the retry scopes of a package wait between attempts.
type Waits struct {
	// Of maps a scope of retryscope's result to its wait: "constant",
	// "linear", "exponential", "jittered" (a random value contributes),
	// "server-given" (Retry-After, RetryInfo), "configured" (a value
	// passed in), "none" (it goes round at once), "computed by f" (a
	// function of the package whose result cannot be judged), or
	// "unknown". A closure handed to a retry helper of the package
	// waits as the helper's loop does. Scopes whose wait is not judged
	// are absent.
	Of map[*retryscope.Scope]string
}

// waitKind names the shape of a wait's abstract value.
func waitKind(v val) string {
	switch v.k {
	case kRandom:
		return "jittered"
	case kServer:
		return "server-given"
	case kUnknown:
		return "unknown"
	}
	switch v.s {
	case sConst:
		if v.c != nil && constant.Sign(v.c) <= 0 {
			return "none"
		}
		return "constant"
	case sConfig:
		return "configured"
	case sCounter, sLinear:
		return "linear"
	}
	return "exponential"
}

// scopeWaits fills the result: the waits of every loop, restart loop and
// goto loop (all of them, polls and test harnesses included: the
// inventory lists what the code does, not what is reported), and the
// delays that retry-go and cenkalti/backoff calls are configured with.
func (r *runner) scopeWaits() *Waits {
	w := &Waits{Of: map[*retryscope.Scope]string{}}
	all := append(slices.Clone(r.res.Scopes), r.res.Gotos...)
	for _, s := range all {
		switch s.Kind {
		case retryscope.Loop, retryscope.Restart, retryscope.Recursion, retryscope.Requeue:
			if k := r.bodyWait(s); k != "" {
				w.Of[s] = k
			}
		}
	}
	for _, s := range all {
		if s.Kind != retryscope.Closure || s.Call == nil {
			continue
		}
		k := r.libraryWait(s.Call)
		if k == "" {
			k = r.helperWait(s.Call, all, w)
		}
		if k != "" {
			w.Of[s] = k
		}
	}
	return w
}

// helperWait is the wait of the retry loop (or recursion) in the body of
// the package's own retry helper that call calls, "" when there is none.
func (r *runner) helperWait(call *ast.CallExpr, all []*retryscope.Scope, w *Waits) string {
	fn, _ := typeutil.Callee(r.info, call).(*types.Func)
	if fn == nil {
		return ""
	}
	d := r.res.Decls[fn.Origin()]
	if d == nil || d.Body == nil {
		return ""
	}
	for _, t := range all {
		if k, ok := w.Of[t]; ok && t.Kind != retryscope.Closure && t.Body != nil && d.Body.Pos() <= t.Body.Pos() && t.Body.End() <= d.Body.End() {
			return k
		}
	}
	return ""
}

// unjudgedWaits is the result for a package that imports no clock,
// randomness or backoff library: a loop that retryscope saw wait (through
// another package's helper) waits in an unknown way, the others not at all.
func (r *runner) unjudgedWaits() *Waits {
	w := &Waits{Of: map[*retryscope.Scope]string{}}
	for _, s := range append(slices.Clone(r.res.Scopes), r.res.Gotos...) {
		switch s.Kind {
		case retryscope.Loop, retryscope.Restart, retryscope.Recursion, retryscope.Requeue:
			w.Of[s] = "none"
			if s.Evidence.Has(retryscope.EvWaits) {
				w.Of[s] = "unknown"
			}
		}
	}
	return w
}

// bodyWait joins the values of the waits in a loop's body; "none" when
// retryscope saw no wait, "unknown" when it saw one that is not judged
// here (a helper of another kind, a wait on a channel).
func (r *runner) bodyWait(s *retryscope.Scope) string {
	var roots []ast.Node
	if b, ok := s.Body.(*ast.BlockStmt); ok && !b.Lbrace.IsValid() {
		for _, st := range b.List { // a goto loop's synthetic body
			roots = append(roots, st)
		}
	} else {
		roots = append(roots, s.Body)
	}
	var v *val
	computed := "" // a function of the package that computes a wait
	for _, root := range roots {
		cur, ok := r.in.Root().FindNode(root)
		if !ok {
			continue
		}
		for c := range cur.Preorder((*ast.CallExpr)(nil)) {
			if lit := enclosingLit(c); lit != nil && lit.Pos() >= root.Pos() {
				continue // runs some other time
			}
			arg := r.wait.DurationOf(c)
			if arg == nil {
				continue
			}
			x := r.newEval().eval(arg)
			if x.k == kUnknown && computed == "" {
				computed = r.localFunc(arg)
			}
			if tv, ok := r.info.Types[arg]; ok && tv.Value != nil && x.det() && x.s == sConst {
				x.c = tv.Value
			}
			if v == nil {
				v = &x
			} else {
				j := join(*v, x)
				v = &j
			}
		}
	}
	switch {
	case v != nil && v.k == kUnknown && computed != "":
		return "computed by " + computed
	case v != nil:
		return waitKind(*v)
	case s.Evidence.Has(retryscope.EvWaits):
		return "unknown"
	}
	return "none"
}

// libraryWait names the delay a retry-go or cenkalti/backoff call is
// configured with, "" for other helpers.
func (r *runner) libraryWait(call *ast.CallExpr) string {
	fn, _ := typeutil.Callee(r.info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	switch analysisutil.StripMajor(fn.Pkg().Path()) {
	case retrygoPath:
		if call.Ellipsis.IsValid() {
			return "unknown" // options built elsewhere
		}
		for _, a := range call.Args {
			opt, ok := ast.Unparen(a).(*ast.CallExpr)
			if !ok {
				continue
			}
			of, _ := typeutil.Callee(r.info, opt).(*types.Func)
			if of == nil || of.Pkg() == nil || analysisutil.StripMajor(of.Pkg().Path()) != retrygoPath || of.Name() != "DelayType" || len(opt.Args) != 1 {
				continue
			}
			names, ok := r.retrygoDelays(r.throughDefs(opt.Args[0]))
			if !ok {
				return "unknown" // a delay function of the code base's
			}
			switch {
			case slices.ContainsFunc(names, func(n string) bool { return !retrygoFixed[n] }):
				return "jittered"
			case slices.Contains(names, "BackOffDelay"):
				return "exponential"
			}
			return "constant"
		}
		return "jittered" // the default: CombineDelay(BackOffDelay, RandomDelay)
	case cenkaltiPath:
		if fn.Pkg().Path() == cenkaltiPath+"/v5" {
			return r.v5Wait(call)
		}
		sig := fn.Type().(*types.Signature)
		for i := range sig.Params().Len() {
			if sig.Params().At(i).Name() == "b" && i < len(call.Args) {
				return r.backOffWait(call.Args[i])
			}
		}
	}
	return ""
}

// v5Wait reads cenkalti/backoff v5's WithBackOff option; without one, v5
// waits a jittered exponential backoff.
func (r *runner) v5Wait(call *ast.CallExpr) string {
	if call.Ellipsis.IsValid() {
		return "unknown"
	}
	for _, a := range call.Args {
		opt, ok := ast.Unparen(a).(*ast.CallExpr)
		if !ok {
			continue
		}
		if of, _ := typeutil.Callee(r.info, opt).(*types.Func); of != nil && of.Name() == "WithBackOff" && len(opt.Args) == 1 {
			return r.backOffWait(opt.Args[0])
		}
	}
	return "jittered"
}

// backOffWait names the wait of a cenkalti BackOff expression, through
// locals and the wrappers that keep its delays (WithContext,
// WithMaxRetries).
func (r *runner) backOffWait(e ast.Expr) string {
	e = r.throughDefs(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X) // &backoff.ZeroBackOff{}
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		t := types.Unalias(deref(r.info.TypeOf(x)))
		n, ok := t.(*types.Named)
		if !ok {
			return "unknown"
		}
		switch n.Obj().Name() {
		case "ZeroBackOff", "StopBackOff":
			return "none"
		case "ConstantBackOff":
			return "constant"
		case "ExponentialBackOff":
			for _, el := range x.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "RandomizationFactor" && !isZero(r.info, kv.Value) {
						return "jittered"
					}
				}
			}
			return "exponential" // a literal's factor is 0 unless set
		}
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(r.info, x).(*types.Func)
		if fn == nil || fn.Pkg() == nil || analysisutil.StripMajor(fn.Pkg().Path()) != cenkaltiPath {
			return "unknown"
		}
		switch fn.Name() {
		case "WithContext", "WithMaxRetries":
			if len(x.Args) > 0 {
				return r.backOffWait(x.Args[0])
			}
		case "NewConstantBackOff":
			return "constant"
		case "NewExponentialBackOff":
			for _, a := range x.Args {
				if o, ok := ast.Unparen(a).(*ast.CallExpr); ok {
					if of, _ := typeutil.Callee(r.info, o).(*types.Func); of != nil && of.Name() == "WithRandomizationFactor" && len(o.Args) == 1 && isZero(r.info, o.Args[0]) {
						return "exponential"
					}
				}
			}
			return "jittered" // randomization factor 0.5 by default
		}
	}
	return "unknown"
}

// throughDefs follows locals given one value to it.
func (r *runner) throughDefs(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	for range 4 {
		id, ok := e.(*ast.Ident)
		if !ok {
			break
		}
		v, ok := r.info.Uses[id].(*types.Var)
		if !ok || r.res.Defs[v] == nil {
			break
		}
		e = ast.Unparen(r.res.Defs[v])
	}
	return e
}

// localFunc names the function of this package that e calls to compute a
// wait (backoff(attempt), c.delay(n)), "" when it calls none.
func (r *runner) localFunc(e ast.Expr) string {
	name := ""
	ast.Inspect(e, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || name != "" {
			return name == ""
		}
		fn, _ := typeutil.Callee(r.info, call).(*types.Func)
		if fn != nil && fn.Pkg() == r.pass.Pkg && r.res.Decls[fn.Origin()] != nil {
			name = fn.Name()
		}
		return name == ""
	})
	return name
}
