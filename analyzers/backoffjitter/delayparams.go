package backoffjitter

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"github.com/reslint/reslint/internal/analysisutil"
)

// DelayParamFact marks a function that waits one of its time.Duration
// parameters, unchanged, between the attempts of a retry it runs: a retry
// helper such as Retry(times int, delay time.Duration, op func() error),
// or a function that hands its parameter on to one. The wait is judged at
// each call, on the value the caller passes: a constant there is the
// fleet's one wait.
type DelayParamFact struct{ Index int }

func (*DelayParamFact) AFact()           {}
func (f *DelayParamFact) String() string { return fmt.Sprintf("delayparam(%d)", f.Index) }

// delayParamOf returns the delay parameter of fn (this package's, or an
// imported fact), or -1.
func (r *runner) delayParamOf(fn *types.Func) int {
	if fn == nil {
		return -1
	}
	if i, ok := r.delays[fn]; ok {
		return i
	}
	var f DelayParamFact
	if fn.Pkg() != nil && fn.Pkg() != r.pass.Pkg && r.pass.ImportObjectFact(fn.Origin(), &f) {
		return f.Index
	}
	return -1
}

// delayParams finds this package's retry helpers that wait a parameter
// between attempts, then, to a fixed point, the functions that hand a
// parameter of theirs to such a helper's delay, and exports the facts.
func (r *runner) delayParams() {
	r.delays = map[*types.Func]int{}
	fns := make([]*types.Func, 0, len(r.decls))
	for fn := range r.decls {
		fns = append(fns, fn)
	}
	slices.SortFunc(fns, func(a, b *types.Func) int { return int(a.Pos() - b.Pos()) })
	for _, fn := range fns {
		ps := r.res.HelperParams(fn)
		d := r.decls[fn]
		if len(ps) == 0 || d.Body == nil {
			continue
		}
		params := fn.Type().(*types.Signature).Params()
		ops := map[types.Object]bool{}
		for _, i := range ps {
			if i < params.Len() {
				ops[params.At(i)] = true
			}
		}
		cur, ok := r.in.Root().FindNode(d.Body)
		if !ok {
			continue
		}
		for c := range cur.Preorder((*ast.CallExpr)(nil)) {
			if enclosingLit(c) != nil {
				continue
			}
			arg := r.wait.DurationOf(c)
			if arg == nil {
				continue
			}
			loop := analysisutil.EnclosingLoop(c)
			if loop == nil || !r.mentions(analysisutil.LoopBody(loop), ops) {
				continue
			}
			if i := paramIndex(r.info, params, arg); i >= 0 {
				r.delays[fn] = i
				break
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, fn := range fns {
			d := r.decls[fn]
			if _, ok := r.delays[fn]; ok || d.Body == nil {
				continue
			}
			params := fn.Type().(*types.Signature).Params()
			ast.Inspect(d.Body, func(n ast.Node) bool {
				if _, ok := r.delays[fn]; ok {
					return false
				}
				if _, ok := n.(*ast.FuncLit); ok {
					return false
				}
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				callee := analysisutil.CalleeFunc(r.info, call)
				if callee == fn {
					return true
				}
				if k := r.delayParamOf(callee); k >= 0 && k < len(call.Args) && !call.Ellipsis.IsValid() {
					if i := paramIndex(r.info, params, call.Args[k]); i >= 0 {
						r.delays[fn] = i
						changed = true
					}
				}
				return true
			})
		}
	}
	for fn, i := range r.delays {
		r.pass.ExportObjectFact(fn, &DelayParamFact{Index: i})
	}
}

// paramIndex returns the index of the parameter that e names, when it is a
// time.Duration, or -1.
func paramIndex(info *types.Info, params *types.Tuple, e ast.Expr) int {
	v := analysisutil.IdentVar(info, e)
	if v == nil || !analysisutil.IsNamedExact(v.Type(), "time", "Duration") {
		return -1
	}
	for i := range params.Len() {
		if params.At(i) == v {
			return i
		}
	}
	return -1
}

// delayArgs judges the delays handed to retry helpers (DelayParamFact) at
// their calls: the value passed is what the helper waits between its
// attempts.
func (r *runner) delayArgs() {
	for c := range r.in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		k := r.delayParamOf(analysisutil.CalleeFunc(r.info, call))
		if k < 0 || k >= len(call.Args) || call.Ellipsis.IsValid() {
			continue
		}
		arg := call.Args[k]
		if r.done[arg.Pos()] || r.underTest(c) {
			continue
		}
		r.done[arg.Pos()] = true
		r.judge(arg, "between retry attempts")
	}
}
