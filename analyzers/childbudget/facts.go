package childbudget

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/budget"
)

// TimeoutFact records, for a function's context parameters, the largest
// constant timeout the function sets on the context it receives there:
// directly (context.WithTimeout(ctx, 5*time.Second)) or through a callee it
// passes the context to unchanged (Via names that chain).
type TimeoutFact struct {
	Params []ParamTimeout
}

// ParamTimeout is the largest timeout set on one context parameter.
type ParamTimeout struct {
	Index int           // parameter index
	Name  string        // parameter name, for String
	Max   time.Duration // the largest constant timeout
	Via   []string      // callees it is set through, outermost first; empty when set directly
	SetIn string        // import path of the package whose code sets it
}

func (*TimeoutFact) AFact() {}

func (f *TimeoutFact) String() string {
	s := make([]string, len(f.Params))
	for i, p := range f.Params {
		s[i] = fmt.Sprintf("sets %s on %s", short(p.Max), p.Name)
		if len(p.Via) > 0 {
			s[i] += " via " + strings.Join(p.Via, " -> ")
		}
	}
	return strings.Join(s, "; ")
}

// param returns the entry for parameter i, or nil.
func (f *TimeoutFact) param(i int) *ParamTimeout {
	if f == nil {
		return nil
	}
	for j := range f.Params {
		if f.Params[j].Index == i {
			return &f.Params[j]
		}
	}
	return nil
}

// handoff is a call that hands context parameter from (unchanged) to the
// callee's parameter to.
type handoff struct {
	from   int
	callee *types.Func
	to     int
}

// funcInfo is what one function contributes before the fixed point.
type funcInfo struct {
	fn     *types.Func
	names  map[int]string
	direct map[int]time.Duration
	edges  []handoff
}

// inferFacts computes the timeout facts of the package's functions: the
// timeouts they set on their context parameters, then, to a fixed point,
// those their callees set on the contexts handed to them.
func (st *state) inferFacts() {
	var infos []*funcInfo
	for dc := range st.in.Root().Preorder((*ast.FuncDecl)(nil)) {
		decl := dc.Node().(*ast.FuncDecl)
		fn, ok := st.info.Defs[decl.Name].(*types.Func)
		if !ok || decl.Body == nil {
			continue
		}
		params := map[*types.Var]int{}
		names := map[int]string{}
		sig := fn.Type().(*types.Signature)
		for i := range sig.Params().Len() {
			p := sig.Params().At(i)
			if budget.IsContext(p.Type()) && p.Name() != "" && p.Name() != "_" {
				params[p] = i
				names[i] = p.Name()
			}
		}
		if len(params) == 0 || st.clamps[decl] {
			continue
		}
		fi := &funcInfo{fn: fn, names: names, direct: map[int]time.Duration{}}
		for c := range dc.Preorder((*ast.CallExpr)(nil)) {
			call := c.Node().(*ast.CallExpr)
			if budget.IsTimeoutCall(st.info, call) {
				d, ok := st.tr.Timeout(c)
				if !ok {
					continue
				}
				b := st.tr.Context(argCursor(c, 0))
				if i, ok := params[b.Param]; ok && b.Kind == budget.Unknown && d > fi.direct[i] {
					fi.direct[i] = d
				}
				continue
			}
			callee := staticCallee(st.info, call)
			if callee == nil {
				continue
			}
			for j := range call.Args {
				b := st.tr.Context(argCursor(c, j))
				if i, ok := params[b.Param]; ok && b.Kind == budget.Unknown {
					fi.edges = append(fi.edges, handoff{from: i, callee: callee, to: j})
				}
			}
		}
		infos = append(infos, fi)
	}
	// Seed with the direct timeouts, then propagate over the edges until
	// nothing grows. Values only grow and come from a finite set of
	// constants, so this ends, recursion included.
	for _, fi := range infos {
		for i, d := range fi.direct {
			st.raise(fi.fn, i, fi.names[i], ParamTimeout{Max: d, SetIn: fi.fn.Pkg().Path()})
		}
	}
	for changed := true; changed; {
		changed = false
		for _, fi := range infos {
			for _, e := range fi.edges {
				pt := st.factOf(e.callee).param(e.to)
				if pt == nil {
					continue
				}
				via := append([]string{analysisutil.DisplayName(e.callee)}, pt.Via...)
				if st.raise(fi.fn, e.from, fi.names[e.from], ParamTimeout{Max: pt.Max, Via: via, SetIn: pt.SetIn}) {
					changed = true
				}
			}
		}
	}
	for fn, f := range st.facts {
		if fn.Pkg() == st.pass.Pkg {
			st.pass.ExportObjectFact(fn, f)
		}
	}
}

// raise records that fn sets t.Max on its parameter i (through t.Via, in
// t.SetIn's code), if that is more than known so far, and reports whether
// it was.
func (st *state) raise(fn *types.Func, i int, name string, t ParamTimeout) bool {
	f := st.facts[fn]
	if f == nil {
		f = &TimeoutFact{}
		st.facts[fn] = f
	}
	t.Index, t.Name = i, name
	if pt := f.param(i); pt != nil {
		if t.Max <= pt.Max {
			return false
		}
		*pt = t
		return true
	}
	f.Params = append(f.Params, t)
	return true
}

// factOf returns fn's timeout fact, from this package or an imported one.
func (st *state) factOf(fn *types.Func) *TimeoutFact {
	if f, ok := st.facts[fn]; ok {
		return f
	}
	if fn.Pkg() == nil || fn.Pkg() == st.pass.Pkg {
		return nil
	}
	f := new(TimeoutFact)
	if st.pass.ImportObjectFact(fn, f) {
		return f
	}
	return nil
}

// staticCallee returns the function or concrete method call calls (its
// generic origin), or nil for calls through interfaces, func values and
// method expressions, whose arguments do not line up with parameters.
func staticCallee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn := typeutil.StaticCallee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() == "context" {
		return nil
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := info.Selections[sel]; s != nil && s.Kind() == types.MethodExpr {
			return nil
		}
	}
	sig := fn.Type().(*types.Signature)
	if sig.Variadic() && len(call.Args) >= sig.Params().Len() {
		return nil
	}
	return fn.Origin()
}

// calls reports B2: a call whose context argument has at most B left,
// to a function that sets a larger timeout on that context.
func (st *state) calls() {
	for c := range st.in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		callee := staticCallee(st.info, call)
		if callee == nil {
			continue
		}
		f := st.factOf(callee)
		if f == nil {
			continue
		}
		for _, pt := range f.Params {
			if pt.Index >= len(call.Args) {
				continue
			}
			b := st.tr.Context(argCursor(c, pt.Index))
			if b.Kind != budget.AtMost || !exceeds(pt.Max, b.Left) {
				continue
			}
			// A timeout set in a dependency's code is that library's cap
			// for callers that bring no deadline; a caller that gives the
			// call less is using it as meant, and has nothing to change.
			if !analysisutil.InModule(st.pass, pt.SetIn) {
				continue
			}
			st.reportB2(c, callee, pt, b)
		}
	}
}

func (st *state) reportB2(c inspector.Cursor, callee *types.Func, pt ParamTimeout, b budget.Bound) {
	name := analysisutil.DisplayName(callee)
	via := ""
	if len(pt.Via) > 0 {
		via = " (via " + strings.Join(pt.Via, " -> ") + ")"
	}
	left := fmt.Sprintf("at most %s left", short(b.Left))
	if pt.Max <= b.Left {
		left = fmt.Sprintf("at most %s left and the reserve is %s", short(b.Left), short(reserve))
	}
	st.r.Report(analysis.Diagnostic{
		Pos:      c.Node().Pos(),
		End:      c.Node().End(),
		Category: string(analysisdoc.B2),
		Message: fmt.Sprintf("%s sets a %s timeout%s, but its context has %s (%s), so that timeout can never fire; give the call more time or make the callee take less than its caller has left",
			name, short(pt.Max), via, left, st.where(b.Set)),
	})
}
