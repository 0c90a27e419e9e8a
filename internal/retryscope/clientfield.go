package retryscope

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/directive"
	"github.com/reslint/reslint/internal/knowledge"
)

// findRetryingFields records the struct fields of type *http.Client that
// hold a go-retryablehttp client's StandardClient: an API client whose
// constructor stores retryablehttp.NewClient().StandardClient() (or a
// *retryablehttp.Client's StandardClient()) in c.HTTPClient and sends
// every request through that field. A field counts when at least one
// store in the package (outside _test.go files) puts a StandardClient in
// it and every other store puts nil or a parameter of the storing
// function (the caller's own client, its choice); a store of any other
// client (&http.Client{...}, http.DefaultClient, a client built here)
// means a send through the field may not retry.
func (st *state) findRetryingFields(in *inspector.Inspector, res *Result) {
	if !analysisutil.ImportsAny(st.pass.Pkg, knowledge.Retryablehttp) {
		return
	}
	retrying := map[*types.Var]bool{}
	bad := map[*types.Var]bool{}
	store := func(c inspector.Cursor, f *types.Var, e ast.Expr) {
		if f == nil || !isHTTPClientPtr(f.Type()) {
			return
		}
		switch st.clientValue(c, e) {
		case clientRetrying:
			retrying[f] = true
		case clientOther:
			bad[f] = true
		}
	}
	for c := range in.Root().Preorder((*ast.AssignStmt)(nil), (*ast.CompositeLit)(nil)) {
		if directive.IsTestFile(st.pass.Fset, c.Node().Pos()) {
			continue
		}
		switch n := c.Node().(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				continue
			}
			for i, lhs := range n.Lhs {
				sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				f, _ := st.info.Uses[sel.Sel].(*types.Var)
				if f != nil && f.IsField() {
					store(c, f, n.Rhs[i])
				}
			}
		case *ast.CompositeLit:
			s, ok := types.Unalias(st.info.TypeOf(n)).Underlying().(*types.Struct)
			if !ok {
				continue
			}
			for i, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						f, _ := st.info.Uses[id].(*types.Var)
						store(c, f, kv.Value)
					}
				} else if i < s.NumFields() {
					store(c, s.Field(i), elt)
				}
			}
		}
	}
	for f := range retrying {
		if !bad[f] {
			if res.RetryingFields == nil {
				res.RetryingFields = map[*types.Var]bool{}
			}
			res.RetryingFields[f] = true
		}
	}
}

type clientKind int

const (
	clientNeutral  clientKind = iota // nil, or the caller's client (a parameter)
	clientRetrying                   // a go-retryablehttp StandardClient
	clientOther                      // any other client
)

// clientValue classifies the *http.Client stored at c: a StandardClient
// call (directly or through a local given it once), nil, a parameter of
// the enclosing function, or anything else.
func (st *state) clientValue(c inspector.Cursor, e ast.Expr) clientKind {
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		obj := st.info.Uses[id]
		if _, ok := obj.(*types.Nil); ok {
			return clientNeutral
		}
		v, _ := obj.(*types.Var)
		if v == nil {
			return clientOther
		}
		if isParamOf(c, st.info, v) {
			return clientNeutral
		}
		if d := st.defs[v]; d != nil {
			e = ast.Unparen(d)
		}
	}
	if call, ok := e.(*ast.CallExpr); ok && isStandardClientCall(st.callee(call)) {
		return clientRetrying
	}
	return clientOther
}

func isStandardClientCall(fn *types.Func) bool {
	return fn != nil && fn.Name() == "StandardClient" && fn.Pkg() != nil && fn.Pkg().Path() == knowledge.Retryablehttp
}

// isParamOf reports whether v is a parameter of the function enclosing c.
func isParamOf(c inspector.Cursor, info *types.Info, v *types.Var) bool {
	for f := range c.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var ft *ast.FuncType
		switch n := f.Node().(type) {
		case *ast.FuncDecl:
			ft = n.Type
		case *ast.FuncLit:
			ft = n.Type
		}
		for _, fld := range ft.Params.List {
			for _, name := range fld.Names {
				if info.Defs[name] == v {
					return true
				}
			}
		}
		return false
	}
	return false
}

func isHTTPClientPtr(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Name() == "Client" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http"
}

// fieldOfSend returns the struct field a send's receiver is loaded from
// (c.HTTPClient.Do(req): HTTPClient), or nil.
func (st *state) fieldOfSend(call *ast.CallExpr) *types.Var {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	x, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	f, _ := st.info.Uses[x.Sel].(*types.Var)
	if f == nil || !f.IsField() {
		return nil
	}
	return f
}
