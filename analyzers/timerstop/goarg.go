package timerstop

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/ctxaware"
	"github.com/reslint/reslint/internal/wait"
)

// checkGoArgs reports T1 for a ticker handed as an argument to a
// goroutine that can never end:
//
//	ticker := time.NewTicker(window / 2)
//	go kr.cleanOutLoop(context.Background(), ticker)
//	return kr, nil
//
// where cleanOutLoop, a function of this package, only receives from the
// ticker and returns only when its context is done; the context handed to
// it can never be done (context.Background(), TODO, WithoutCancel). The
// goroutine and the ticker it references then live forever, and since
// nothing stops the ticker it keeps firing whatever the Go version. A
// ticker the function stops or uses otherwise, a callee that stops its
// parameter, breaks out or returns on anything else, or a context that
// can be cancelled is left alone.
func (st *state) checkGoArgs() {
	var decls map[*types.Func]*ast.FuncDecl
	for c := range st.in.Root().Preorder((*ast.GoStmt)(nil)) {
		gs := c.Node().(*ast.GoStmt)
		callee := typeutil.StaticCallee(st.info, gs.Call)
		if callee == nil || callee.Pkg() != st.pass.Pkg {
			continue
		}
		if decls == nil {
			decls = analysisutil.FuncDecls(st.info, st.in)
		}
		decl := decls[callee.Origin()]
		if decl == nil || decl.Body == nil {
			continue
		}
		sig := callee.Type().(*types.Signature)
		if sig.Variadic() || sig.Params().Len() != len(gs.Call.Args) {
			continue
		}
		tick, ctxParam := -1, -1
		for i, a := range gs.Call.Args {
			if v := analysisutil.IdentVar(st.info, a); v != nil && st.vars[v] != nil && st.vars[v].kind == isTicker {
				tick = i
			}
			if analysisutil.IsContext(st.info.TypeOf(a)) && ctxaware.NeverDone(st.info, a, st.singleDefs(), a.Pos()) {
				ctxParam = i
			}
		}
		if tick < 0 || ctxParam < 0 {
			continue
		}
		tv := st.vars[analysisutil.IdentVar(st.info, gs.Call.Args[tick])]
		fc, ok := analysisutil.EnclosingFunc(c)
		if !ok || fc != tv.fn || st.isMain(fc.Node()) || tv.reassigned || len(tv.stops) > 0 || st.uses1(tv, fc) != 1 {
			continue
		}
		pt, pc := sig.Params().At(tick), sig.Params().At(ctxParam)
		if !st.onlyReceives(decl, pt) || !st.endsOnlyOnDone(decl, pc) {
			continue
		}
		call := tv.call.Node()
		st.r.Report(analysis.Diagnostic{
			Pos: call.Pos(), End: call.End(), Category: string(analysisdoc.T1),
			Message: fmt.Sprintf("ticker %s is handed to the goroutine %s, which returns only when its context is done, and %s can never be done: the goroutine and the ticker fire forever and are never collected; hand it a context cancelled by a Close or Stop method, and stop the ticker when the goroutine returns",
				tv.v.Name(), callee.Name(), types.ExprString(gs.Call.Args[ctxParam])),
		})
	}
}

// singleDefs returns the package's variables assigned once, computed once.
func (st *state) singleDefs() map[*types.Var]ast.Expr {
	if st.defs == nil {
		st.defs = analysisutil.SingleDefs(st.info, st.in)
	}
	return st.defs
}

// uses1 counts the uses of tv's variable in fc other than its creation.
func (st *state) uses1(tv *timerVar, fc inspector.Cursor) int {
	n := 0
	for ic := range fc.Preorder((*ast.Ident)(nil)) {
		if st.info.Uses[ic.Node().(*ast.Ident)] == tv.v {
			n++
		}
	}
	return n
}

// onlyReceives reports whether every use of p in decl receives from p.C
// outside function literals: the callee neither stops the ticker nor
// hands it on.
func (st *state) onlyReceives(decl *ast.FuncDecl, p *types.Var) bool {
	cur, ok := st.in.Root().FindNode(decl)
	if !ok {
		return false
	}
	n := 0
	for ic := range cur.Preorder((*ast.Ident)(nil)) {
		if st.info.Uses[ic.Node().(*ast.Ident)] != p {
			continue
		}
		n++
		sel, ok := ic.Parent().Node().(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "C" || ic.ParentEdgeKind() != edge.SelectorExpr_X {
			return false
		}
		u, ok := ic.Parent().Parent().Node().(*ast.UnaryExpr)
		if !ok || u.Op != token.ARROW {
			return false
		}
	}
	return n > 0
}

// endsOnlyOnDone reports whether decl loops with no condition and leaves
// only by a return in a select case that receives from ctx.Done() of
// its parameter ctx: no other return, no break, goto or labelled
// continue, no function literal (which might end it some other way).
func (st *state) endsOnlyOnDone(decl *ast.FuncDecl, ctx *types.Var) bool {
	endless, ok := false, true
	var clauses []*ast.CommClause
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.ForStmt:
			endless = endless || n.Cond == nil
		case *ast.BranchStmt:
			if n.Tok != token.CONTINUE || n.Label != nil {
				ok = false
			}
		case *ast.CommClause:
			clauses = append(clauses, n)
		case *ast.ReturnStmt:
			ok = false
			for _, cc := range clauses {
				if cc.Pos() <= n.Pos() && n.End() <= cc.End() && st.receivesDone(cc.Comm, ctx) {
					ok = true
				}
			}
		case *ast.CallExpr:
			if b, isB := st.info.Uses[identOf(n.Fun)].(*types.Builtin); isB && b.Name() == "panic" {
				ok = false
			}
		}
		return true
	})
	return ok && endless
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// receivesDone reports whether comm is <-ctx.Done() (possibly assigned).
func (st *state) receivesDone(comm ast.Stmt, ctx *types.Var) bool {
	c := wait.ClassifyCase(st.info, &ast.CommClause{Comm: comm}, nil)
	return c.Kind == wait.ContextDone && c.Ctx == ctx
}
