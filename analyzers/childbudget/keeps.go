package childbudget

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/budget"
)

// KeepsContextFact marks a function that keeps a context it receives
// beyond the call: it stores the context (or a child of it) in a field of
// its receiver or of a value it returns (a returned struct literal
// included), or hands it to a goroutine it starts. A context put into a
// request sent at once (&params{ctx: ctx} handed to a call) is not kept. That context is
// the lifetime of what the function builds (a connection wrapper, a
// session, a background loop), not a budget for one call.
type KeepsContextFact struct{}

func (*KeepsContextFact) AFact() {}

func (*KeepsContextFact) String() string { return "keepscontext" }

// inferKeeps records this package's functions that keep a context
// parameter and exports the fact for them.
func (st *state) inferKeeps() {
	for fn, d := range analysisutil.FuncDecls(st.info, st.in) {
		if d.Body != nil && st.keepsContext(d) {
			st.keeps[fn] = true
			st.pass.ExportObjectFact(fn, &KeepsContextFact{})
		}
	}
}

// keepsContext reports whether d stores one of its context parameters, or
// a context derived from one, in a field of its receiver or of a value it
// returns, or hands it to a goroutine.
func (st *state) keepsContext(d *ast.FuncDecl) bool {
	held := map[*types.Var]bool{}
	for _, f := range d.Type.Params.List {
		for _, n := range f.Names {
			if v, ok := st.info.Defs[n].(*types.Var); ok && budget.IsContext(v.Type()) {
				held[v] = true
			}
		}
	}
	if len(held) == 0 {
		return false
	}
	isHeld := func(e ast.Expr) bool {
		v := analysisutil.IdentVar(st.info, e)
		return v != nil && held[v]
	}
	// derived reports whether e is a context made from a held one.
	derived := func(e ast.Expr) bool {
		if isHeld(e) {
			return true
		}
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return false
		}
		fn, _ := typeutil.Callee(st.info, call).(*types.Func)
		return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "context" && isHeld(call.Args[0])
	}
	// What outlives the call: the values the function returns (a local,
	// a literal, a pointer to one) and its receiver.
	outlive := map[*types.Var]bool{}
	lits := map[*ast.CompositeLit]bool{}
	if d.Recv != nil {
		for _, f := range d.Recv.List {
			for _, n := range f.Names {
				if v, ok := st.info.Defs[n].(*types.Var); ok {
					outlive[v] = true
				}
			}
		}
	}
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if v := analysisutil.IdentVar(st.info, r); v != nil {
					outlive[v] = true
				}
				if lit := litOf(r); lit != nil {
					lits[lit] = true
				}
			}
		}
		return true
	})
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for i, l := range as.Lhs {
				if v := analysisutil.IdentVar(st.info, l); v != nil && outlive[v] {
					if lit := litOf(as.Rhs[i]); lit != nil {
						lits[lit] = true // t := &wrapper{...}; return t
					}
				}
			}
		}
		return true
	})
	// rootVar is the variable a selector chain starts from (nc in
	// nc.writeCtx, c in c.conn.ctx).
	rootVar := func(e ast.Expr) *types.Var {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.SelectorExpr:
				e = x.X
			case *ast.StarExpr:
				e = x.X
			default:
				return analysisutil.IdentVar(st.info, x)
			}
		}
	}
	kept := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if kept {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				var rhs ast.Expr
				switch {
				case len(n.Rhs) == len(n.Lhs):
					rhs = n.Rhs[i]
				case len(n.Rhs) == 1 && i == 0:
					rhs = n.Rhs[0] // kctx, cancel := context.WithCancel(ctx)
				}
				d := rhs != nil && derived(rhs)
				switch lhs := lhs.(type) {
				case *ast.SelectorExpr:
					if v, ok := st.info.Uses[lhs.Sel].(*types.Var); ok && v.IsField() && d && outlive[rootVar(lhs.X)] {
						kept = true
					}
				case *ast.Ident:
					if v, ok := st.info.ObjectOf(lhs).(*types.Var); ok {
						if d {
							held[v] = true
						} else {
							delete(held, v) // ctx = context.Background(): no longer the caller's
						}
					}
				}
			}
		case *ast.GoStmt:
			for _, a := range n.Call.Args {
				if derived(a) {
					kept = true
				}
			}
			if lit, ok := ast.Unparen(n.Call.Fun).(*ast.FuncLit); ok {
				for v := range held {
					if analysisutil.Mentions(st.info, lit.Body, v) {
						kept = true
					}
				}
			}
		}
		return true
	})
	if kept {
		return true
	}
	// A literal that outlives the call with the context in a field:
	// return &wrapper{ctx: ctx}, or t := &wrapper{...}; return t.
	for l := range lits {
		for _, e := range l.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				e = kv.Value
			}
			if derived(e) {
				return true
			}
		}
	}
	return false
}

// litOf returns the literal of T{...} or &T{...}, or nil.
func litOf(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	l, _ := e.(*ast.CompositeLit)
	return l
}

// keepsCtx reports whether fn keeps a context it receives (this
// package's inference, or an imported fact).
func (st *state) keepsCtx(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	if st.keeps[fn] {
		return true
	}
	if fn.Pkg() == nil || fn.Pkg() == st.pass.Pkg {
		return false
	}
	return st.pass.ImportObjectFact(fn.Origin(), new(KeepsContextFact))
}
