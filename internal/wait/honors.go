package wait

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/goroot"
	"github.com/reslint/reslint/internal/knowledge"
)

// Honors returns the context parameters that fn returns on when they are
// done (Fact.Honors): this package's inference so far, an imported Fact,
// or the standard library's table.
func (r *Result) Honors(fn *types.Func) []int {
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	fn = fn.Origin()
	if fn.Pkg() == r.pass.Pkg {
		return r.honors[fn]
	}
	if f := r.Fact(fn); f != nil {
		return f.Honors
	}
	return nil
}

// honorsOf computes the context parameters of fn, declared at cur, that
// it returns on when they are done (see Fact.Honors), from the Facts
// known so far.
func (r *Result) honorsOf(fn *types.Func, cur inspector.Cursor) []int {
	sig := fn.Type().(*types.Signature)
	params := map[*types.Var]int{}
	for i := range sig.Params().Len() {
		params[sig.Params().At(i)] = i
	}
	blind := false // waits that a context cannot interrupt
	honors := map[int]bool{}
	spins := map[int]bool{} // context params whose Done case stays in a loop
	for c := range cur.Preorder((*ast.FuncLit)(nil), (*ast.IfStmt)(nil), (*ast.SelectStmt)(nil), (*ast.ReturnStmt)(nil), (*ast.CallExpr)(nil), (*ast.UnaryExpr)(nil), (*ast.AssignStmt)(nil)) {
		if _, ok := c.Node().(*ast.FuncLit); ok {
			continue // a literal's statements are its own
		}
		if analysisutil.InFuncLit(c, nil) {
			continue
		}
		// A wait no context can cut short: a sleep, a timer receive, a
		// select on timers alone.
		if site := r.SiteAt(c); site.Kind == Sleep || site.Kind == TimerRecv || site.Kind == SelectWait && site.Select.Shape() == TimerOnly {
			blind = true
		}
		switch n := c.Node().(type) {
		case *ast.IfStmt, *ast.SelectStmt:
			if v := ExitsWhenDone(r.info, n.(ast.Stmt)); v != nil {
				if i, ok := params[v]; ok {
					honors[i] = true
				}
			}
			// A Done case that stays in the loop spins: the function
			// does not return when that context is done.
			if sel, ok := n.(*ast.SelectStmt); ok && analysisutil.EnclosingLoop(c) != nil {
				for _, cl := range sel.Body.List {
					if cc, ok := cl.(*ast.CommClause); ok && cc.Comm != nil && r.Case(cc).Kind == ContextDone && DoneCaseStays(r.info, r.pass.Pkg, cc) {
						if v := analysisutil.ContextOf(r.info, analysisutil.CommRecv(cc.Comm)); v != nil {
							if i, ok := params[v]; ok {
								spins[i] = true
							}
						}
					}
				}
			}
		case *ast.ReturnStmt:
			// return ctx.Err(), or return sleepOrDone(ctx, d).
			for _, e := range n.Results {
				if v := analysisutil.ContextOf(r.info, e); v != nil {
					if i, ok := params[v]; ok {
						honors[i] = true
					}
				}
				if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
					for _, i := range r.honoredArgs(call, params) {
						honors[i] = true
					}
				}
			}
		case *ast.AssignStmt:
			// if err := sleepOrDone(ctx, d); err != nil { return err }
			if len(n.Rhs) == 1 && len(n.Lhs) >= 1 {
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
					if ifs, ok := c.Parent().Node().(*ast.IfStmt); ok && ifs.Init == n && ExitsOnErr(r.info, ifs) {
						for _, i := range r.honoredArgs(call, params) {
							honors[i] = true
						}
					}
				}
			}
		}
	}
	if blind {
		return nil
	}
	for i := range spins {
		delete(honors, i)
	}
	return analysisutil.SortedKeys(honors)
}

// honoredArgs returns the params of the caller passed to call at
// positions where the callee honors its context.
func (r *Result) honoredArgs(call *ast.CallExpr, params map[*types.Var]int) []int {
	fn, _ := typeutil.Callee(r.info, call).(*types.Func)
	var out []int
	for _, ai := range r.Honors(fn) {
		if ai < len(call.Args) {
			if v := analysisutil.IdentVar(r.info, call.Args[ai]); v != nil {
				if i, ok := params[v]; ok {
					out = append(out, i)
				}
			}
		}
	}
	return out
}

// stdHonors is the pass's work on a package of the standard library for
// Fact.Honors: it exports the package's rows of knowledge.StdHonorsCtx
// instead of analyzing it (see knowledge/std.go).
func (r *Result) stdHonors() {
	r.honors = map[*types.Func][]int{}
	for name, ps := range knowledge.StdHonorsCtx[r.pass.Pkg.Path()] {
		if fn := goroot.Func(r.pass.Pkg, name); fn != nil {
			r.honors[fn] = ps
			r.pass.ExportObjectFact(fn, &Fact{Param: -1, Honors: ps})
		}
	}
}
