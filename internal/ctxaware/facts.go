package ctxaware

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/goroot"
	"github.com/reslint/reslint/internal/lazyinspect"
	"github.com/reslint/reslint/internal/wait"
)

// Analyzer computes what each function of the package does with its
// context.Context parameters beyond waiting on them (whether a function
// returns when its context is done is the wait model's Fact.Honors) and
// exports it as a CtxFact: the contexts it derives a per-attempt timeout
// from, and the classifiers it asks only after checking a context. Its
// result answers the same questions for this package, and whether a call
// hands its context to a function that honors it. It reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:       "ctxaware",
	Doc:        "compute which functions time out or check their context (facts shared by reslint analyzers; reports nothing)",
	URL:        "https://github.com/reslint/reslint/blob/main/docs/rules.md",
	Requires:   []*analysis.Analyzer{lazyinspect.Analyzer, wait.Analyzer},
	Run:        run,
	FactTypes:  []analysis.Fact{new(CtxFact)},
	ResultType: reflect.TypeFor[*Result](),
}

// Result answers context questions about the package being analyzed.
type Result struct {
	pass  *analysis.Pass
	info  *types.Info
	local map[*types.Func]*CtxFact
	defs  map[*types.Var]ast.Expr
	wr    *wait.Result
}

func run(pass *analysis.Pass) (any, error) {
	wr := pass.ResultOf[wait.Analyzer].(*wait.Result)
	if goroot.Standard(pass) {
		// Nothing to export: see knowledge/std.go. What a standard
		// function honors is the wait model's table.
		return &Result{pass: pass, info: pass.TypesInfo, local: map[*types.Func]*CtxFact{}, defs: wr.Defs, wr: wr}, nil
	}
	r := &Result{pass: pass, info: pass.TypesInfo, local: map[*types.Func]*CtxFact{}, defs: wr.Defs, wr: wr}
	r.facts(lazyinspect.Of(pass))
	return r, nil
}

// CtxFact records what a function does with its context.Context
// parameters around the attempts it runs, so that callers in other
// packages can tell a retry helper that checks its context from one that
// does not. A function with neither has no CtxFact. (Whether it returns
// when its context is done is wait.Fact's Honors.)
type CtxFact struct {
	// Timeout lists the context parameters from which the function
	// derives a per-attempt child (WithTimeout/WithDeadline) that it runs
	// a func parameter under (a runAttempt(ctx, per, op) helper).
	Timeout []int
	// Checked lists classifier-shaped func parameters that the function
	// calls only after checking a context (a retry helper that checks ctx.Err()
	// before cls(last)).
	Checked []int
}

func (*CtxFact) AFact() {}

func (f *CtxFact) String() string {
	var parts []string
	if len(f.Timeout) > 0 {
		parts = append(parts, "timeout"+ints(f.Timeout))
	}
	if len(f.Checked) > 0 {
		parts = append(parts, "checked"+ints(f.Checked))
	}
	return "ctx " + strings.Join(parts, " ")
}

func ints(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return "(" + strings.Join(s, ",") + ")"
}

// facts computes and exports CtxFacts for the package's functions that
// take a context.
func (r *Result) facts(in *inspector.Inspector) {
	for c := range in.Root().Preorder((*ast.FuncDecl)(nil)) {
		d := c.Node().(*ast.FuncDecl)
		fn, ok := r.info.Defs[d.Name].(*types.Func)
		if !ok || d.Body == nil {
			continue
		}
		sig := fn.Type().(*types.Signature)
		for i := range sig.Params().Len() {
			if analysisutil.IsContext(sig.Params().At(i).Type()) {
				if f := r.ctxFact(fn, c); f != nil {
					r.local[fn] = f
				}
				break
			}
		}
	}
	for fn, f := range r.local {
		r.pass.ExportObjectFact(fn, f)
	}
}

// Fact returns the CtxFact of fn, from this package or imported.
func (r *Result) Fact(fn *types.Func) *CtxFact {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if f, ok := r.local[fn]; ok {
		return f
	}
	if fn.Pkg() == r.pass.Pkg {
		return nil
	}
	var f CtxFact
	if r.pass.ImportObjectFact(fn, &f) {
		return &f
	}
	return nil
}

// ctxFact computes fn's fact, or nil if it has nothing to say.
func (r *Result) ctxFact(fn *types.Func, cur inspector.Cursor) *CtxFact {
	sig := fn.Type().(*types.Signature)
	params := map[*types.Var]int{}
	for i := range sig.Params().Len() {
		params[sig.Params().At(i)] = i
	}
	f := &CtxFact{}
	timeout := map[int]bool{}
	children := map[*types.Var]int{} // per-attempt child -> parent param
	calledChild := map[int]bool{}
	for c := range cur.Preorder((*ast.FuncLit)(nil), (*ast.CallExpr)(nil), (*ast.AssignStmt)(nil)) {
		if _, ok := c.Node().(*ast.FuncLit); ok {
			continue // a literal's statements are its own
		}
		if analysisutil.InFuncLit(c, nil) {
			continue
		}
		switch n := c.Node().(type) {
		case *ast.CallExpr:
			// A call of a func parameter with a per-attempt child.
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
				if v, ok := r.info.Uses[id].(*types.Var); ok {
					if _, isParam := params[v]; isParam {
						for _, a := range n.Args {
							if av := analysisutil.IdentVar(r.info, a); av != nil {
								if p, ok := children[av]; ok {
									calledChild[p] = true
								}
							}
						}
					}
				}
			}
		case *ast.AssignStmt:
			// actx, cancel := context.WithTimeout(ctx, per)
			if len(n.Rhs) == 1 && len(n.Lhs) >= 1 {
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
					if parent := TimeoutParent(r.info, call); parent != nil {
						if i, ok := params[parent]; ok {
							if child := analysisutil.IdentVar(r.info, n.Lhs[0]); child != nil {
								children[child] = i
							}
						}
					}
				}
			}
		}
	}
	for p := range calledChild {
		timeout[p] = true
	}
	f.Timeout = analysisutil.SortedKeys(timeout)
	f.Checked = r.checkedParams(sig, cur)
	if len(f.Timeout) == 0 && len(f.Checked) == 0 {
		return nil
	}
	return f
}

// checkedParams returns the classifier-shaped func parameters that are
// called only after a context check.
func (r *Result) checkedParams(sig *types.Signature, cur inspector.Cursor) []int {
	cls := map[*types.Var]int{}
	for i := range sig.Params().Len() {
		p := sig.Params().At(i)
		if ps, ok := p.Type().Underlying().(*types.Signature); ok && ClassifierShaped(ps) {
			cls[p] = i
		}
	}
	if len(cls) == 0 {
		return nil
	}
	ok := map[int]bool{}
	bad := map[int]bool{}
	for c := range cur.Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		v := analysisutil.IdentVar(r.info, call.Fun)
		i, isCls := cls[v]
		if !isCls || analysisutil.InFuncLit(c, nil) {
			continue
		}
		var errVar *types.Var
		for _, a := range call.Args {
			if av := analysisutil.IdentVar(r.info, a); av != nil && analysisutil.IsError(av.Type()) {
				errVar = av
			}
		}
		if CheckedBefore(r.info, c, errVar) != nil {
			ok[i] = true
		} else {
			bad[i] = true
		}
	}
	var out []int
	for i := range ok {
		if !bad[i] {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out
}

// ClassifierShaped reports whether sig takes an error and answers with a
// bool (and maybe a duration) or an enum.
func ClassifierShaped(sig *types.Signature) bool {
	hasErr := false
	for i := range sig.Params().Len() {
		if analysisutil.IsError(sig.Params().At(i).Type()) {
			hasErr = true
		}
	}
	if !hasErr || sig.Results().Len() == 0 {
		return false
	}
	b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && (b.Kind() == types.Bool || b.Info()&types.IsInteger != 0 && sig.Results().Len() == 1)
}

// TimeoutParent returns the parent context of a
// context.WithTimeout/WithDeadline(/Cause) call — a context variable, a
// context field, or the request whose Context() it is — or nil.
func TimeoutParent(info *types.Info, call *ast.CallExpr) *types.Var {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "context" || len(call.Args) == 0 {
		return nil
	}
	switch fn.Name() {
	case "WithTimeout", "WithDeadline", "WithTimeoutCause", "WithDeadlineCause":
		// ctx, s.ctx (the field) or r.Context() (the request r): what
		// ContextOf returns for a check of the same context.
		if analysisutil.IsContext(info.TypeOf(call.Args[0])) {
			return analysisutil.ContextVar(info, call.Args[0])
		}
	}
	return nil
}

// HandsContext reports whether call passes a context to a function that
// returns when it is done (by the wait model's Fact.Honors), or to a wait
// function that takes the context (a context-aware sleep we cannot see
// into).
func (r *Result) HandsContext(call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(r.info, call).(*types.Func)
	for _, i := range r.wr.Honors(fn) {
		if i < len(call.Args) && analysisutil.IsContext(r.info.TypeOf(call.Args[i])) {
			return true
		}
	}
	// A wait function whose body is in this package is known by its
	// fact above: its name says nothing more.
	if !r.wr.Visible(fn) && wait.IsWaitCall(r.info, call) {
		for _, a := range call.Args {
			if analysisutil.IsContext(r.info.TypeOf(a)) {
				return true
			}
		}
	}
	return false
}
