package backoffjitter

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/wait"
)

// SleepFact marks a sleep helper: a function that waits for exactly its
// time.Duration parameter Param (time.Sleep, a time.After or timer receive
// that only a done channel can cut short, or another sleep helper), so
// that a call of it is a wait for its argument, in any package.
type SleepFact struct{ Param int }

func (*SleepFact) AFact() {}
func (f *SleepFact) String() string {
	return fmt.Sprintf("sleeps(%d)", f.Param)
}

// ResultFact marks a function whose first duration result a random value
// (Kind "random") or a server-provided delay (Kind "server") contributes
// to, so that a wait computed by it in another package is left alone.
type ResultFact struct{ Kind string }

func (*ResultFact) AFact()           {}
func (f *ResultFact) String() string { return "returns " + f.Kind }

// waitArg returns the duration that call waits for, or nil when call is
// not a wait between attempts. A wait is time.Sleep(d); time.After(d),
// time.NewTimer(d) or t.Reset(d) whose channel is received alone or in a
// select whose other cases only receive from done channels (a select that
// also receives a result is a timeout, not a wait); or a sleep helper.
func (r *runner) waitArg(c inspector.Cursor, call *ast.CallExpr) ast.Expr {
	fn, _ := typeutil.Callee(r.info, call).(*types.Func)
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	sig := fn.Type().(*types.Signature)
	arg := func(i int) ast.Expr {
		if i < len(call.Args) && !call.Ellipsis.IsValid() && len(call.Args) == sig.Params().Len() {
			return call.Args[i]
		}
		return nil
	}
	if fn.Pkg() != nil && fn.Pkg().Path() == "time" {
		switch fn.Name() {
		case "Sleep":
			return arg(0)
		case "After":
			if u, ok := c.Parent().Node().(*ast.UnaryExpr); ok && u.Op == token.ARROW && r.receiveWaits(c.Parent()) {
				return arg(0)
			}
		case "NewTimer":
			if t := assignedVar(r.info, c); t != nil && r.timerWaits(c, t) {
				return arg(0)
			}
		case "Reset":
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && isTimer(r.info.TypeOf(sel.X)) {
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
					if t, ok := r.info.Uses[id].(*types.Var); ok && r.timerWaits(c, t) {
						return arg(0)
					}
				}
			}
		}
		return nil
	}
	if i, ok := r.sleepParam(fn); ok {
		return arg(i)
	}
	return nil
}

func (r *runner) sleepParam(fn *types.Func) (int, bool) {
	if i, ok := r.sleeps[fn]; ok {
		return i, true
	}
	var f SleepFact
	if fn.Pkg() != nil && fn.Pkg() != r.pass.Pkg && r.pass.ImportObjectFact(fn, &f) {
		return f.Param, true
	}
	return 0, false
}

func (r *runner) resultFact(fn *types.Func) *ResultFact {
	if f, ok := r.result[fn]; ok {
		return f
	}
	var f ResultFact
	if fn.Pkg() != nil && fn.Pkg() != r.pass.Pkg && r.pass.ImportObjectFact(fn, &f) {
		return &f
	}
	return nil
}

func isTimer(t types.Type) bool {
	n, ok := types.Unalias(deref(t)).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Timer"
}

// assignedVar returns the variable that the call at c is assigned to
// (t := time.NewTimer(d), t = ..., var t = ...), or nil.
func assignedVar(info *types.Info, c inspector.Cursor) *types.Var {
	var id ast.Expr
	switch p := c.Parent().Node().(type) {
	case *ast.AssignStmt:
		if len(p.Lhs) == 1 && len(p.Rhs) == 1 {
			id = p.Lhs[0]
		}
	case *ast.ValueSpec:
		if len(p.Names) == 1 && len(p.Values) == 1 {
			id = p.Names[0]
		}
	}
	if i, ok := id.(*ast.Ident); ok {
		v, _ := info.ObjectOf(i).(*types.Var)
		return v
	}
	return nil
}

// timerWaits reports whether the function around c receives from t.C in a
// way that waits (see receiveWaits).
func (r *runner) timerWaits(c inspector.Cursor, t *types.Var) bool {
	var fc inspector.Cursor
	found := false
	for a := range c.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		fc, found = a, true
		break
	}
	if !found {
		return false
	}
	for u := range fc.Preorder((*ast.UnaryExpr)(nil)) {
		ue := u.Node().(*ast.UnaryExpr)
		if ue.Op != token.ARROW {
			continue
		}
		sel, ok := ast.Unparen(ue.X).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "C" {
			continue
		}
		if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && r.info.Uses[id] == t && r.receiveWaits(u) {
			return true
		}
	}
	return false
}

// receiveWaits reports whether the receive at u waits: it is a statement
// of its own (`<-time.After(d)`), or a case of a select without default
// whose other cases all receive from done channels (ctx.Done(), a chan
// struct{}), as a context-aware sleep does.
func (r *runner) receiveWaits(u inspector.Cursor) bool {
	p := u.Parent()
	switch p.Node().(type) {
	case *ast.ExprStmt, *ast.AssignStmt:
	default:
		return false
	}
	cc, ok := p.Parent().Node().(*ast.CommClause)
	if !ok {
		_, isStmt := p.Node().(*ast.ExprStmt)
		return isStmt
	}
	if cc.Comm != p.Node() {
		return false
	}
	block, ok := p.Parent().Parent().Node().(*ast.BlockStmt)
	if !ok {
		return false
	}
	for _, s := range block.List {
		other := s.(*ast.CommClause)
		if other == cc {
			continue
		}
		if other.Comm == nil || !wait.IsClosingRecv(r.info, other.Comm) {
			return false
		}
	}
	return true
}

// sleepFacts finds this package's sleep helpers: functions with a
// time.Duration parameter that they wait for exactly, directly or through
// another sleep helper (to a fixed point).
func (r *runner) sleepFacts() {
	type cand struct {
		fn     *types.Func
		cur    inspector.Cursor
		params map[*types.Var]int
	}
	var cands []cand
	for c := range r.in.Root().Preorder((*ast.FuncDecl)(nil)) {
		d := c.Node().(*ast.FuncDecl)
		fn, ok := r.info.Defs[d.Name].(*types.Func)
		if !ok || d.Body == nil {
			continue
		}
		sig := fn.Type().(*types.Signature)
		ps := map[*types.Var]int{}
		for i := range sig.Params().Len() {
			p := sig.Params().At(i)
			if isDuration(p.Type()) && !(sig.Variadic() && i == sig.Params().Len()-1) && len(r.ix.vars[p]) == 0 && !r.ix.addr[p] {
				ps[p] = i
			}
		}
		if len(ps) > 0 {
			cands = append(cands, cand{fn, c, ps})
		}
	}
	for changed, round := true, 0; changed && round < 8; round++ {
		changed = false
		for _, cd := range cands {
			if _, ok := r.sleeps[cd.fn]; ok {
				continue
			}
			for c := range cd.cur.Preorder((*ast.CallExpr)(nil)) {
				if lit := enclosingLit(c); lit != nil || inLoop(c) {
					continue // a sleep helper waits once, in its own body
				}
				a := r.waitArg(c, c.Node().(*ast.CallExpr))
				if a == nil {
					continue
				}
				if i, ok := r.paramOf(a, cd.params); ok {
					r.sleeps[cd.fn] = i
					changed = true
					break
				}
			}
		}
	}
	for fn, i := range r.sleeps {
		r.pass.ExportObjectFact(fn, &SleepFact{Param: i})
	}
}

// paramOf reports which of params e is, through conversions and locals
// given one value.
func (r *runner) paramOf(e ast.Expr, params map[*types.Var]int) (int, bool) {
	for range 4 {
		e = ast.Unparen(e)
		if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
			if tv, ok := r.info.Types[call.Fun]; ok && tv.IsType() {
				e = call.Args[0]
				continue
			}
		}
		id, ok := e.(*ast.Ident)
		if !ok {
			return 0, false
		}
		v, ok := r.info.Uses[id].(*types.Var)
		if !ok {
			return 0, false
		}
		if i, ok := params[v]; ok {
			return i, true
		}
		d := r.res.Defs[v]
		if d == nil {
			return 0, false
		}
		e = d
	}
	return 0, false
}

// resultFacts exports ResultFact for this package's functions whose first
// duration result (or, in a package that imports a random source, first
// numeric result: a jitter factor) is random or server-provided.
func (r *runner) resultFacts() {
	numeric := importsAny(r.pass.Pkg, "math/rand", "math/rand/v2", "crypto/rand")
	for fn, d := range r.decls {
		sig := fn.Type().(*types.Signature)
		idx := -1
		for i := range sig.Results().Len() {
			t := sig.Results().At(i).Type()
			if isDuration(t) {
				idx = i
				break
			}
			if b, ok := t.Underlying().(*types.Basic); numeric && ok && b.Info()&types.IsNumeric != 0 && idx < 0 {
				idx = i
			}
		}
		if idx < 0 {
			continue
		}
		ev := r.newEval()
		ev.depth = 1
		v := ev.returns(d.Body, d.Type, idx)
		switch v.k {
		case kRandom:
			r.result[fn] = &ResultFact{Kind: "random"}
		case kServer:
			r.result[fn] = &ResultFact{Kind: "server"}
		}
	}
	for fn, f := range r.result {
		r.pass.ExportObjectFact(fn, f)
	}
}

// inLoop reports whether c is inside a for or range statement of its
// function.
func inLoop(c inspector.Cursor) bool {
	for a := range c.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch a.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return true
		}
		return false
	}
	return false
}
