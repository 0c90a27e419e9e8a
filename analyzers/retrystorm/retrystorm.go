package retrystorm

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/directive"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/lazyinspect"
	"github.com/reslint/reslint/internal/retryscope"
)

//go:embed doc.go
var doc string

// Analyzer reports retries that multiply load during an outage: retrying
// an open breaker (S1), retries nested in retries (S2), retries with no
// end (S3). Its result is the package's retry inventory.
var Analyzer = &analysis.Analyzer{
	Name:       "retrystorm",
	Doc:        analysisdoc.MustExtract(doc, "retrystorm"),
	URL:        "https://github.com/reslint/reslint#retrystorm",
	Requires:   []*analysis.Analyzer{lazyinspect.Analyzer, retryscope.Analyzer, classify.Analyzer},
	Run:        directive.Run(func() any { return &Inventory{} }, run),
	FactTypes:  []analysis.Fact{new(RetriesFact), new(BreakerFact)},
	ResultType: reflect.TypeFor[*Inventory](),
}

// RetriesFact marks a function that retries: its body holds a retry
// scope, or it calls a function that retries. A call of it inside
// another retry scope multiplies the attempts (S2).
type RetriesFact struct {
	// Attempts is the constant attempt bound of the scope, 0 when not
	// constant. Scope names it ("retry.Do at client.go:40"), Via the
	// functions that lead to it from the marked one.
	Attempts int64
	Scope    string
	Via      []string
	// Configured: the attempt limit is not a constant but configuration
	// read at run time (a field, a setting, a retry policy), which may
	// as well allow one attempt: the layer is listed, not reported.
	Configured bool
	// Narrow: the scope goes round only on errors of the classes keyed
	// in Retries (classify.Class.Key: "sentinel:path.Name",
	// "status:503"); any other error ends it.
	Narrow  bool
	Retries []string
}

func (*RetriesFact) AFact() {}
func (f *RetriesFact) String() string {
	s := "retries: " + f.Scope
	if f.Attempts > 0 {
		s += fmt.Sprintf(" (%d attempts)", f.Attempts)
	}
	if f.Narrow {
		s += " on " + strings.Join(f.Retries, ", ")
	}
	return s
}

// BreakerFact marks a function that runs an operation through a circuit
// breaker and hands its refusal back to the caller as its error.
type BreakerFact struct{ Breaker string }

func (*BreakerFact) AFact()           {}
func (f *BreakerFact) String() string { return "breaker " + f.Breaker }

// runner is the state of one pass.
type runner struct {
	pass   *analysis.Pass
	info   *types.Info
	in     *inspector.Inspector
	res    *retryscope.Result
	rep    *directive.Reporter
	scopes []*retryscope.Scope // Scopes and Gotos
	bounds map[*retryscope.Scope]retryscope.Bound
	// breakers are this package's functions that hand a breaker's
	// refusal back (BreakerFact); retries those that retry (RetriesFact).
	breakers map[*types.Func]string
	retries  map[*types.Func]*RetriesFact
	// scopeOf is the retry scope of this package that a function of
	// retries reaches (in its body, or through the functions it calls).
	scopeOf map[*types.Func]*retryscope.Scope
}

func run(pass *analysis.Pass, rep *directive.Reporter) (any, error) {
	inv := &Inventory{}
	r := &runner{
		pass:     pass,
		info:     pass.TypesInfo,
		in:       lazyinspect.Of(pass),
		res:      pass.ResultOf[retryscope.Analyzer].(*retryscope.Result),
		bounds:   map[*retryscope.Scope]retryscope.Bound{},
		breakers: map[*types.Func]string{},
		retries:  map[*types.Func]*RetriesFact{},
		scopeOf:  map[*types.Func]*retryscope.Scope{},
	}
	r.rep = rep
	// The kinds whose attempt, bound and exits these rules read: a
	// helper's operation, a loop (goto loops included), a self-retrying
	// send. Recursion, restart and re-queue scopes (and a closure found
	// without its helper call) carry no call or loop condition to bound
	// them; until they do, stay silent.
	for _, s := range append(slices.Clone(r.res.Scopes), r.res.Gotos...) {
		switch s.Kind {
		case retryscope.Closure, retryscope.Client:
			if s.Call != nil {
				r.scopes = append(r.scopes, s)
			}
		case retryscope.Loop:
			if s.Loop != nil {
				r.scopes = append(r.scopes, s)
			}
		}
	}
	for _, s := range r.scopes {
		b := r.res.Bound(r.info, s)
		// A limit read from configuration that the package itself sets
		// to a constant (its constructor's default) makes that many
		// attempts unless the caller lowers it.
		if configured(b) {
			if n, ok := r.res.DefaultAttempts(r.info, s); ok {
				b.Attempts, b.Default = n, true
			}
		}
		r.bounds[s] = b
	}
	r.inferBreakers()
	r.inferRetries()
	for _, s := range r.scopes {
		// A helper of the code base retries as many times as its own
		// retry scope does (its RetriesFact, this package's or imported).
		if b := r.bounds[s]; s.Kind == retryscope.Closure && !b.Known && b.Attempts == 0 {
			if f := r.retriesVia(s.Call); f != nil && f.Attempts > 0 {
				b.Attempts, b.Limited = f.Attempts, true
				r.bounds[s] = b
			}
		}
	}
	if len(r.scopes) == 0 {
		return inv, nil
	}
	r.s1()
	r.s2(inv)
	r.s3()
	r.inventory(inv)
	return inv, nil
}

// anchor is where a scope is reported: the helper call of a closure or a
// send, the for (or labeled) statement of a loop.
func anchor(s *retryscope.Scope) token.Pos {
	switch {
	case s.Kind != retryscope.Loop && s.Call != nil:
		return s.Call.Pos()
	case s.Loop != nil:
		// A loop, or a restart or re-queue loop, which has no helper call.
		return s.Loop.Pos()
	case s.Body != nil:
		return s.Body.Pos()
	}
	return token.NoPos
}

// body is the code a scope runs per attempt, nil for a send.
func body(s *retryscope.Scope) ast.Node {
	if s.Kind == retryscope.Client {
		return nil
	}
	return s.Body
}

// span is the extent of a scope's body (a goto loop's body is a
// synthetic block: its statements' extent).
func span(n ast.Node) (token.Pos, token.Pos) {
	if b, ok := n.(*ast.BlockStmt); ok && !b.Lbrace.IsValid() && len(b.List) > 0 {
		return b.List[0].Pos(), b.List[len(b.List)-1].End()
	}
	return n.Pos(), n.End()
}

func within(n ast.Node, pos token.Pos) bool {
	lo, hi := span(n)
	return lo <= pos && pos < hi
}

// where is file:line of pos.
func (r *runner) where(pos token.Pos) string {
	p := r.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// name names a scope in messages: "retry.Do", "retry loop".
func name(s *retryscope.Scope) string {
	if s.Kind == retryscope.Loop {
		return "retry loop"
	}
	return s.Helper
}

// callee is the static callee of call (generic origin), or nil.
func (r *runner) callee(call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(r.info, call).(*types.Func)
	if fn == nil {
		return nil
	}
	return fn.Origin()
}

// inspectBody visits the nodes of a scope's body or a function's body,
// not entering function literals other than the arguments of the calls
// that run them here (a breaker's Execute(func...) runs its operation).
// A goroutine's body runs apart from the attempt: it is not entered.
func inspectBody(n ast.Node, f func(ast.Node) bool) {
	ast.Inspect(n, func(m ast.Node) bool {
		if m == nil {
			return false
		}
		if _, ok := m.(*ast.GoStmt); ok {
			return false
		}
		return f(m)
	})
}

// breakerCall returns the breaker a call runs its operation through and
// whose refusal it returns: a known breaker call (with no fallback that
// could absorb the refusal), a function of this or another package known
// to hand a refusal back, or a failsafe-go execution with a circuit
// breaker among its policies.
func (r *runner) breakerCall(call *ast.CallExpr) string {
	fn := r.callee(call)
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	if b, ok := r.breakers[fn]; ok {
		return b
	}
	if fn.Pkg() != r.pass.Pkg {
		var f BreakerFact
		if r.pass.ImportObjectFact(fn, &f) {
			return f.Breaker
		}
	}
	path := analysisutil.StripMajor(fn.Pkg().Path())
	for _, k := range knowledge.BreakerCalls {
		if analysisutil.StripMajor(k.Path) != path || k.Name != fn.Name() {
			continue
		}
		if recv := fn.Type().(*types.Signature).Recv(); (recv == nil) != (k.Recv == "") || recv != nil && !analysisutil.IsNamed(recv.Type(), fn.Pkg().Path(), k.Recv) {
			continue
		}
		if k.Fallback >= 0 && (k.Fallback >= len(call.Args) || !isNilExpr(r.info, call.Args[k.Fallback])) {
			return "" // a fallback gets the refusal
		}
		return analysisutil.DisplayName(fn)
	}
	if _, ok := knowledge.RetryHelpers[path]; ok && path == knowledge.Failsafe {
		if i := r.breakerPolicy(call); i >= 0 {
			return "circuitbreaker.CircuitBreaker"
		}
	}
	return ""
}

func isNilExpr(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// policies returns the policy arguments of a failsafe-go execution:
// Run/Get's own, or those of the With/NewExecutor call that built the
// executor (through variables assigned once).
func (r *runner) policies(call *ast.CallExpr) []ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || r.info.Selections[sel] == nil {
		if len(call.Args) > 1 {
			return call.Args[1:]
		}
		return nil
	}
	recv := ast.Unparen(sel.X)
	for range 8 {
		if id, ok := recv.(*ast.Ident); ok {
			v, _ := r.info.Uses[id].(*types.Var)
			d := r.res.Defs[v]
			if d == nil {
				return nil
			}
			recv = ast.Unparen(d)
			continue
		}
		c, ok := recv.(*ast.CallExpr)
		if !ok {
			return nil
		}
		if s, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok && r.info.Selections[s] != nil {
			recv = ast.Unparen(s.X)
			continue
		}
		return c.Args
	}
	return nil
}

// breakerPolicy returns the index of a failsafe-go circuit breaker among
// the execution's policies, or -1.
func (r *runner) breakerPolicy(call *ast.CallExpr) int {
	for i, p := range r.policies(call) {
		if analysisutil.IsNamed(r.info.TypeOf(p), knowledge.Circuitbreaker, knowledge.CircuitBreakerType) {
			return i
		}
	}
	return -1
}

// mentionsBreaker reports whether n names a breaker's refusal error or
// asks a breaker for its state: code that decides about the refusal
// itself (a fallback, an exclusion), which the rules leave alone.
func (r *runner) mentionsBreaker(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if found {
			return false
		}
		id, ok := m.(*ast.Ident)
		if !ok {
			return true
		}
		switch o := r.info.Uses[id].(type) {
		case *types.Var:
			found = isRefusal(o)
		case *types.Func:
			// cb.State(), cb.Ready(), errors.As(err, &hystrix.CircuitError{})
			if o.Pkg() != nil && isBreakerPkg(o.Pkg().Path()) && (o.Name() == "State" || o.Name() == "Ready" || o.Name() == "IsOpen") {
				found = true
			}
		case *types.TypeName:
			found = o.Pkg() != nil && isBreakerPkg(o.Pkg().Path()) && strings.HasSuffix(o.Name(), "Error")
		}
		return !found
	})
	return found
}

// isRefusal reports whether v is a breaker's refusal error.
func isRefusal(v *types.Var) bool {
	if v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return false
	}
	names := knowledge.BreakerRefusals[v.Pkg().Path()]
	if names == nil {
		names = knowledge.BreakerRefusals[analysisutil.StripMajor(v.Pkg().Path())]
	}
	return slices.Contains(names, v.Name())
}

func isBreakerPkg(path string) bool {
	_, ok := knowledge.BreakerRefusals[path]
	if !ok {
		_, ok = knowledge.BreakerRefusals[analysisutil.StripMajor(path)]
	}
	return ok
}

// reachesBreaker returns the breaker that a scope's attempt runs through:
// a breaker call in its body (or, for a loop, its attempt), "" when none.
func (r *runner) reachesBreaker(s *retryscope.Scope) (string, *ast.CallExpr) {
	if s.Kind == retryscope.Loop && s.Attempt != nil {
		return r.breakerCall(s.Attempt), s.Attempt
	}
	if s.Kind == retryscope.Closure && s.Call != nil {
		// failsafe.With(retryPolicy, breaker).Get(fn): the retry policy
		// comes first, so it retries around the breaker.
		if b := r.failsafeOuterRetry(s.Call); b != "" {
			return b, s.Call
		}
	}
	var found string
	var at *ast.CallExpr
	if b := body(s); b != nil {
		inspectBody(b, func(n ast.Node) bool {
			if found != "" {
				return false
			}
			if lit, ok := n.(*ast.FuncLit); ok && lit != s.Func {
				return r.litRunsHere(b, lit)
			}
			if call, ok := n.(*ast.CallExpr); ok {
				if found = r.breakerCall(call); found != "" {
					at = call
				}
			}
			return true
		})
	}
	return found, at
}

// litRunsHere reports whether a function literal in body runs as part of
// the attempt: it is the operation handed to a breaker call.
func (r *runner) litRunsHere(body ast.Node, lit *ast.FuncLit) bool {
	runs := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || runs {
			return !runs
		}
		for _, a := range call.Args {
			if ast.Unparen(a) == lit && r.breakerCall(call) != "" {
				runs = true
			}
		}
		return !runs
	})
	return runs
}

// failsafeOuterRetry reports the breaker of a failsafe-go execution whose
// retry policy comes before (outside) a circuit breaker.
func (r *runner) failsafeOuterRetry(call *ast.CallExpr) string {
	fn := r.callee(call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != knowledge.Failsafe {
		return ""
	}
	ps := r.policies(call)
	cb := r.breakerPolicy(call)
	if cb < 0 {
		return ""
	}
	for _, p := range ps[:cb] {
		if isRetryPolicy(r.info.TypeOf(p)) {
			return "circuitbreaker.CircuitBreaker"
		}
	}
	return ""
}

func isRetryPolicy(t types.Type) bool {
	return analysisutil.IsNamed(t, knowledge.Retrypolicy, "RetryPolicy")
}

// inferBreakers finds this package's functions that hand a breaker's
// refusal back to their caller, to a fixed point, and exports them.
func (r *runner) inferBreakers() {
	decls := r.res.Decls
	fns := make([]*types.Func, 0, len(decls))
	for fn := range decls {
		fns = append(fns, fn)
	}
	slices.SortFunc(fns, func(a, b *types.Func) int { return int(a.Pos() - b.Pos()) })
	for changed := true; changed; {
		changed = false
		for _, fn := range fns {
			d := decls[fn]
			if _, ok := r.breakers[fn]; ok || d.Body == nil || !returnsError(fn) || r.mentionsBreaker(d.Body) {
				continue
			}
			var found string
			inspectBody(d.Body, func(n ast.Node) bool {
				if found != "" {
					return false
				}
				if _, ok := n.(*ast.FuncLit); ok {
					return false
				}
				if call, ok := n.(*ast.CallExpr); ok && r.callee(call) != fn {
					found = r.breakerCall(call)
				}
				return true
			})
			if found != "" {
				r.breakers[fn] = found
				changed = true
			}
		}
	}
	for fn, b := range r.breakers {
		if fn.Exported() { // only an exported function is called from another package
			r.pass.ExportObjectFact(fn, &BreakerFact{Breaker: b})
		}
	}
}

func returnsError(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	return res.Len() > 0 && analysisutil.IsError(res.At(res.Len()-1).Type())
}

// inferRetries finds this package's functions that retry: a retry scope
// in their body (a deliberate one, under an ignore directive, does not
// count), a call of a retry helper whose operation is not visible, or a
// call of a function that retries; to a fixed point, and exports them.
func (r *runner) inferRetries() {
	decls := r.res.Decls
	fns := make([]*types.Func, 0, len(decls))
	for fn := range decls {
		fns = append(fns, fn)
	}
	slices.SortFunc(fns, func(a, b *types.Func) int { return int(a.Pos() - b.Pos()) })
	for _, fn := range fns {
		d := decls[fn]
		if d.Body == nil {
			continue
		}
		for _, s := range r.scopes {
			if s.Kind == retryscope.Closure && s.Func == d {
				continue // its own body is the operation, not a retry inside it
			}
			if within(d.Body, anchor(s)) && !r.rep.Covers(anchor(s)) && !inGoLit(d.Body, anchor(s)) {
				b := r.bounds[s]
				f := &RetriesFact{Attempts: b.Attempts, Scope: name(s) + " at " + r.where(anchor(s)), Configured: configured(b)}
				if set := r.retrySet(s); set.Narrow {
					f.Narrow = true
					for _, c := range set.Classes {
						f.Retries = append(f.Retries, c.Key())
					}
				}
				r.retries[fn] = f
				r.scopeOf[fn] = s
				break
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, fn := range fns {
			d := decls[fn]
			if r.retries[fn] != nil || d.Body == nil {
				continue
			}
			inspectBody(d.Body, func(n ast.Node) bool {
				if r.retries[fn] != nil {
					return false
				}
				if _, ok := n.(*ast.FuncLit); ok {
					return false
				}
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if f := r.retriesVia(call); f != nil && r.callee(call) != fn && returnsResultOf(r.info, d, call) {
					r.retries[fn] = &RetriesFact{Attempts: f.Attempts, Scope: f.Scope, Via: append([]string{analysisutil.DisplayName(r.callee(call))}, f.Via...), Configured: f.Configured,
						Narrow: f.Narrow, Retries: f.Retries}
					if s := r.scopeOf[r.callee(call)]; s != nil {
						r.scopeOf[fn] = s
					}
					changed = true
				}
				return true
			})
		}
	}
	for fn, f := range r.retries {
		if fn.Exported() {
			r.pass.ExportObjectFact(fn, f)
		}
	}
}

// returnsResultOf reports whether the result of call is what d returns:
// the call is in a return statement, or its result lands in a variable
// that a return hands back. A function that only triggers a retrying
// call on the side (a reconnect whose outcome it logs) does not retry its
// own operation.
func returnsResultOf(info *types.Info, d *ast.FuncDecl, call *ast.CallExpr) bool {
	returned := map[*types.Var]bool{}
	found := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, res := range n.Results {
				found = found || res.Pos() <= call.Pos() && call.End() <= res.End()
				ast.Inspect(res, func(m ast.Node) bool {
					if id, ok := m.(*ast.Ident); ok {
						if v, ok := info.Uses[id].(*types.Var); ok {
							returned[v] = true
						}
					}
					return true
				})
			}
		}
		return true
	})
	if found {
		return true
	}
	if res := d.Type.Results; res != nil {
		for _, f := range res.List {
			for _, nm := range f.Names { // named results, a naked return
				if v, ok := info.Defs[nm].(*types.Var); ok {
					returned[v] = true
				}
			}
		}
	}
	ast.Inspect(d.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || found {
			return !found
		}
		for i, l := range as.Lhs {
			v := analysisutil.IdentVar(info, l)
			if v == nil || !returned[v] {
				continue
			}
			if len(as.Rhs) == len(as.Lhs) && as.Rhs[i].Pos() <= call.Pos() && call.End() <= as.Rhs[i].End() ||
				len(as.Rhs) == 1 && as.Rhs[0].Pos() <= call.Pos() && call.End() <= as.Rhs[0].End() {
				found = true
			}
		}
		return !found
	})
	return found
}

// retriesVia returns the RetriesFact of call's callee (this package's or
// imported), or the layer of a self-retrying client (knowledge), or nil.
func (r *runner) retriesVia(call *ast.CallExpr) *RetriesFact {
	fn := r.callee(call)
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	if f := r.retries[fn]; f != nil {
		return f
	}
	if fn.Pkg() != r.pass.Pkg {
		var f RetriesFact
		if r.pass.ImportObjectFact(fn, &f) {
			return &f
		}
	}
	if c := selfRetrying(fn); c != nil && !r.setsRetries(call, c.Settings) {
		return &RetriesFact{Attempts: c.Attempts, Scope: c.Name}
	}
	return nil
}

// setsRetries reports whether call hands the client an option function
// that sets one of its retry settings (func(o *sqs.Options) {
// o.RetryMaxAttempts = 1 }): the layer may be switched off.
func (r *runner) setsRetries(call *ast.CallExpr, settings []string) bool {
	found := false
	for _, a := range call.Args {
		ast.Inspect(a, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && slices.Contains(settings, sel.Sel.Name) {
				found = true
			}
			return !found
		})
	}
	return found
}

// selfRetrying returns the knowledge row of a client method that retries
// on its own.
func selfRetrying(fn *types.Func) *knowledge.SelfRetrying {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil || !fn.Exported() {
		return nil
	}
	path := fn.Pkg().Path()
	for i, c := range knowledge.SelfRetryingClients {
		ok := path == c.PathPrefix || strings.HasSuffix(c.PathPrefix, "/") && strings.HasPrefix(path, c.PathPrefix)
		if ok && analysisutil.IsNamed(recv.Type(), path, c.Recv) && takesContext(fn) {
			return &knowledge.SelfRetryingClients[i]
		}
	}
	return nil
}

// takesContext: an operation of a client takes the caller's context first.
func takesContext(fn *types.Func) bool {
	ps := fn.Type().(*types.Signature).Params()
	return ps.Len() > 0 && analysisutil.IsContext(ps.At(0).Type())
}

// mark records the position of an internal error (see guard).
func (r *runner) mark(pos token.Pos) { guard.Mark(r.pass, pos) }

// inGoLit reports whether pos lies in a function literal that body starts
// with go: a retry loop there (a background refresh) runs beside the
// function, not as part of its work, so the function does not retry.
func inGoLit(body *ast.BlockStmt, pos token.Pos) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		if g, ok := n.(*ast.GoStmt); ok {
			if lit, ok := ast.Unparen(g.Call.Fun).(*ast.FuncLit); ok && lit.Pos() <= pos && pos < lit.End() {
				found = true
			}
		}
		return !found
	})
	return found
}
