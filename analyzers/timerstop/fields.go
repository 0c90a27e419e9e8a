package timerstop

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/knowledge"
)

// fieldTicker returns the struct field that the ticker made at c is
// stored in (s.tk = time.NewTicker(d), or loop{tk: time.NewTicker(d)}),
// or nil.
func (st *state) fieldTicker(c inspector.Cursor) *types.Var {
	switch kind, i := c.ParentEdge(); kind {
	case edge.KeyValueExpr_Value:
		if id, ok := c.Parent().Node().(*ast.KeyValueExpr).Key.(*ast.Ident); ok {
			if f, ok := st.info.Uses[id].(*types.Var); ok && f.IsField() {
				return f
			}
		}
	case edge.AssignStmt_Rhs:
		as := c.Parent().Node().(*ast.AssignStmt)
		if len(as.Lhs) == len(as.Rhs) {
			return fieldOf(st.info, as.Lhs[i])
		}
	}
	return nil
}

// checkFieldTickers reports T1 for a ticker kept in a struct field that
// no code of the package ever stops, in a package whose types have an
// end (a Close, Stop or Shutdown method: the owner is meant to be closed,
// and may be made again). Before Go 1.23 an unstopped ticker is never
// collected: each closed owner leaves its ticker running. A field the
// package uses in any other way than receiving from its channel or
// resetting it (handed to a function, copied, compared) may be stopped
// elsewhere: not reported.
func (st *state) checkFieldTickers() {
	if len(st.fieldTickers) == 0 || !st.hasTeardown() {
		return
	}
	cands := map[*types.Var][]inspector.Cursor{}
	for _, c := range st.fieldTickers {
		f := st.fieldTicker(c)
		if f == nil || len(st.fStops[f]) > 0 || !st.old(c.Node().Pos()) {
			continue
		}
		cands[f] = append(cands[f], c)
	}
	if len(cands) == 0 {
		return
	}
	for c := range st.in.Root().Preorder((*ast.SelectorExpr)(nil)) {
		sel := c.Node().(*ast.SelectorExpr)
		f := fieldOf(st.info, sel)
		if cands[f] == nil {
			continue
		}
		if kind, _ := c.ParentEdge(); kind == edge.AssignStmt_Lhs {
			continue // the store itself
		}
		if p, ok := c.Parent().Node().(*ast.SelectorExpr); ok && (p.Sel.Name == "C" || p.Sel.Name == "Reset") {
			continue
		}
		delete(cands, f) // escapes: someone else may stop it
	}
	for f, cs := range cands {
		for _, c := range cs {
			st.r.Report(analysis.Diagnostic{
				Pos: c.Node().Pos(), End: c.Node().End(), Category: string(analysisdoc.T1),
				Message: fmt.Sprintf("ticker stored in field %s is never stopped by this package: before Go 1.23 it runs forever after its owner is closed, one leaked ticker per owner; call %s.Stop() where the owner is closed", f.Name(), f.Name()),
			})
		}
	}
}

// hasTeardown reports whether the package declares a method that ends
// its owner (Close, Stop, Shutdown: the first word of its name is one of
// knowledge.TeardownWords).
func (st *state) hasTeardown() bool {
	for _, f := range st.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil {
				continue
			}
			if w := classify.Words(fd.Name.Name); len(w) > 0 && slices.Contains(knowledge.TeardownWords, w[0]) {
				return true
			}
		}
	}
	return false
}
