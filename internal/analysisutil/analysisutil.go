// Package analysisutil holds the small type and syntax predicates that
// every reslint pass needs, once, each with its semantics in its doc
// comment. Recognition of concepts (retry scopes, contexts, classifiers)
// lives in its own package; this one knows only Go.
package analysisutil

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
)

// IsError reports whether t is the predeclared error type.
func IsError(t types.Type) bool {
	return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool {
	return IsNamedExact(t, "context", "Context")
}

// IsNamed reports whether t, or *t, is the named type path.name, where a
// /vN major-version suffix of the type's package path is ignored
// (github.com/x/y/v2.T matches path github.com/x/y). Aliases are followed.
func IsNamed(t types.Type, path, name string) bool {
	n := named(t)
	if n == nil || n.Obj().Name() != name {
		return false
	}
	p := n.Obj().Pkg().Path()
	return p == path || StripMajor(p) == path
}

// IsNamedExact is IsNamed with the package path compared exactly.
func IsNamedExact(t types.Type, path, name string) bool {
	n := named(t)
	return n != nil && n.Obj().Name() == name && n.Obj().Pkg().Path() == path
}

func named(t types.Type) *types.Named {
	if t == nil {
		return nil
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil
	}
	return n
}

// IsFunc reports whether fn is the function or method path.name (package
// path compared exactly; methods of any receiver match).
func IsFunc(fn *types.Func, path, name string) bool {
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == path && fn.Name() == name
}

// IsPkgFunc is IsFunc for package-level functions only (no receiver).
func IsPkgFunc(fn *types.Func, path, name string) bool {
	return IsFunc(fn, path, name) && fn.Type().(*types.Signature).Recv() == nil
}

// StripMajor removes a trailing /vN (N >= 2, digits only) from an import
// path: github.com/x/y/v4 becomes github.com/x/y. A gopkg.in path names
// the same GitHub repository at a major version (gopkg.in/x/y.v1 is
// github.com/x/y, gopkg.in/y.v2 is github.com/go-y/y), so it becomes that
// repository's path and one library table serves both spellings.
func StripMajor(path string) string {
	if rest, ok := strings.CutPrefix(path, "gopkg.in/"); ok {
		if gh, ok := gopkgIn(rest); ok {
			return gh
		}
	}
	i := strings.LastIndex(path, "/v")
	if i < 0 || i+2 >= len(path) {
		return path
	}
	for _, r := range path[i+2:] {
		if r < '0' || r > '9' {
			return path
		}
	}
	return path[:i]
}

// gopkgIn maps the part of a gopkg.in path after the host (x/y.v1, y.v2,
// x/y.v1/sub) to its GitHub path without the version.
func gopkgIn(rest string) (string, bool) {
	elems := strings.Split(rest, "/")
	for i, e := range elems {
		j := strings.LastIndex(e, ".v")
		if j <= 0 || i > 1 || !allDigits(e[j+2:]) {
			continue
		}
		repo := append([]string{}, elems[:i]...)
		repo = append(repo, e[:j])
		if len(repo) == 1 {
			repo = []string{"go-" + repo[0], repo[0]}
		}
		return "github.com/" + strings.Join(append(repo, elems[i+1:]...), "/"), true
	}
	return "", false
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// DisplayName names fn for messages: pkg.Func or pkg.Type.Method (the
// package's name, not its path).
func DisplayName(fn *types.Func) string {
	name := fn.Name()
	if r := fn.Type().(*types.Signature).Recv(); r != nil {
		if n, ok := types.Unalias(deref(r.Type())).(*types.Named); ok {
			name = n.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

func deref(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// QualifiedName spells fn with its full package path, as settings name
// functions: path/to/pkg.Func, path/to/pkg.(*T).Method or path/to/pkg.T.Method.
func QualifiedName(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	sig := fn.Type().(*types.Signature)
	if r := sig.Recv(); r != nil {
		t := r.Type()
		ptr := false
		if p, ok := t.(*types.Pointer); ok {
			t, ptr = p.Elem(), true
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			if ptr {
				return fmt.Sprintf("%s.(*%s).%s", fn.Pkg().Path(), n.Obj().Name(), fn.Name())
			}
			return fmt.Sprintf("%s.%s.%s", fn.Pkg().Path(), n.Obj().Name(), fn.Name())
		}
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

// InStdTable reports whether fn is listed in table, a knowledge table
// keyed by import path whose names are "Func", "T.Method" or "(*T).Method"
// (knowledge.StdAlwaysErr).
func InStdTable(table map[string][]string, fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	name := strings.TrimPrefix(QualifiedName(fn), fn.Pkg().Path()+".")
	return slices.Contains(table[fn.Pkg().Path()], name)
}

// IdentVar returns the variable that e (parentheses removed) names, or nil
// when e is not an identifier of a variable.
func IdentVar(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	return v
}

// Mentions reports whether n refers to v anywhere (nested function
// literals included).
func Mentions(info *types.Info, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}

// LoopBody returns the body of a for or range statement, or nil.
func LoopBody(loop ast.Node) *ast.BlockStmt {
	switch l := loop.(type) {
	case *ast.ForStmt:
		return l.Body
	case *ast.RangeStmt:
		return l.Body
	}
	return nil
}

// EnclosingLoop returns the innermost for or range statement strictly
// around the node at c (c itself does not count) within the same
// function: a function literal or declaration in between stops the search
// and the result is nil.
func EnclosingLoop(c inspector.Cursor) ast.Node {
	for p := c.Parent(); p.Node() != nil; p = p.Parent() {
		switch n := p.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return n
		case *ast.FuncLit, *ast.FuncDecl:
			return nil
		}
	}
	return nil
}

// EnclosingFunc returns the innermost function (declaration or literal)
// strictly around the node at c, or ok=false at package level.
func EnclosingFunc(c inspector.Cursor) (inspector.Cursor, bool) {
	for p := c.Parent(); p.Node() != nil; p = p.Parent() {
		switch p.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return p, true
		}
	}
	return inspector.Cursor{}, false
}

// InFuncLit reports whether the node at c is inside a function literal
// that is itself inside root (root excluded): code that runs when the
// literal is called, not when root's statements run. With root nil, any
// enclosing literal below the nearest declaration counts.
func InFuncLit(c inspector.Cursor, root ast.Node) bool {
	for p := c.Parent(); p.Node() != nil && p.Node() != root; p = p.Parent() {
		switch p.Node().(type) {
		case *ast.FuncLit:
			return true
		case *ast.FuncDecl:
			return false
		}
	}
	return false
}

// FuncBody returns the body and signature of a *ast.FuncLit or
// *ast.FuncDecl (nil, nil for anything else or when untyped).
func FuncBody(info *types.Info, fn ast.Node) (*ast.BlockStmt, *types.Signature) {
	switch f := fn.(type) {
	case *ast.FuncLit:
		sig, _ := info.TypeOf(f).(*types.Signature)
		return f.Body, sig
	case *ast.FuncDecl:
		if obj, ok := info.Defs[f.Name].(*types.Func); ok {
			return f.Body, obj.Type().(*types.Signature)
		}
	}
	return nil, nil
}

// SortedKeys returns the keys of m in increasing order.
func SortedKeys(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// SortedVars returns the keys of m ordered by position.
func SortedVars(m map[*types.Var]bool) []*types.Var {
	out := make([]*types.Var, 0, len(m))
	for v := range m {
		out = append(out, v)
	}
	slices.SortFunc(out, func(a, b *types.Var) int { return int(a.Pos() - b.Pos()) })
	return out
}

// SingleDefs maps each variable (local or package-level) that is given a
// value exactly once — by :=, = or var — and never has its address taken
// nor is incremented, to that value, so closures stored in variables and
// values built in one place can be followed.
//
// Context-typed struct fields that only this package can set
// (unexported) are variables too: one keyed literal
// field or one assignment is their value (&transport{ctx: ctx} in the one
// constructor), so a context kept for the object's life can be followed to
// where it was made. Other fields are left out.
func SingleDefs(info *types.Info, in *inspector.Inspector) map[*types.Var]ast.Expr {
	defs := map[*types.Var]ast.Expr{}
	count := map[*types.Var]int{}
	note := func(id *ast.Ident, val ast.Expr) {
		v, ok := info.ObjectOf(id).(*types.Var)
		if !ok || v.IsField() && !ownContextField(v) {
			return
		}
		count[v]++
		defs[v] = val
	}
	for c := range in.Root().Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.UnaryExpr)(nil), (*ast.IncDecStmt)(nil), (*ast.CompositeLit)(nil)) {
		switch n := c.Node().(type) {
		case *ast.CompositeLit:
			st, ok := info.TypeOf(n).Underlying().(*types.Struct)
			if !ok {
				continue
			}
			for _, e := range n.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						note(id, kv.Value)
					}
					continue
				}
				// A positional literal sets every field: not followed.
				for i := range st.NumFields() {
					count[st.Field(i)] += 2
				}
				break
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id := RefIdent(l)
				if id == nil {
					continue
				}
				var val ast.Expr
				if len(n.Rhs) == len(n.Lhs) && (n.Tok == token.DEFINE || n.Tok == token.ASSIGN) {
					val = n.Rhs[i]
				}
				note(id, val)
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				var val ast.Expr
				if len(n.Values) == len(n.Names) {
					val = n.Values[i]
				}
				note(id, val)
			}
		case *ast.UnaryExpr:
			// &v (or &s.ctx) may change v behind our back.
			if n.Op == token.AND {
				id := RefIdent(n.X)
				if id == nil {
					continue
				}
				if v, ok := info.ObjectOf(id).(*types.Var); ok {
					count[v] += 2
				}
			}
		case *ast.IncDecStmt:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				if v, ok := info.ObjectOf(id).(*types.Var); ok {
					count[v] += 2
				}
			}
		}
	}
	for v, n := range count {
		if n != 1 || defs[v] == nil {
			delete(defs, v)
		}
	}
	return defs
}

// RefIdent returns the identifier that names what e refers to: x itself,
// the Sel of a selector (pkg.Name, s.field, a.b.c), through parentheses;
// nil for anything else.
func RefIdent(e ast.Expr) *ast.Ident {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// ownContextField reports whether v is a context-typed field that only
// its own package can set: an unexported one.
func ownContextField(v *types.Var) bool {
	return !v.Exported() && v.Pkg() != nil && IsContext(v.Type())
}

// FuncDecls maps the package's functions that have a body to their
// declarations.
func FuncDecls(info *types.Info, in *inspector.Inspector) map[*types.Func]*ast.FuncDecl {
	m := map[*types.Func]*ast.FuncDecl{}
	for c := range in.Root().Preorder((*ast.FuncDecl)(nil)) {
		d := c.Node().(*ast.FuncDecl)
		if fn, ok := info.Defs[d.Name].(*types.Func); ok && d.Body != nil {
			m[fn] = d
		}
	}
	return m
}

// AnyInBody reports whether match holds for some node of root, not
// looking into function literals nested in root (their code runs when they
// are called, not when root's does). root itself may be a literal.
func AnyInBody(root ast.Node, match func(ast.Node) bool) bool {
	found := false
	ast.Inspect(root, func(n ast.Node) bool {
		if found || n == nil {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok && n != root {
			return false
		}
		found = match(n)
		return !found
	})
	return found
}

// FuncLitDefs maps each variable — local, package-level or struct field —
// every assignment of which is a function literal to those literals, in
// source order: a closure chosen on a branch (`op = fast` / `op = slow`)
// or configured into a field (`c.do = func() error {...}`, or
// `client{do: func() error {...}}`) runs one of them when it is called. A
// variable that is also given anything else, whose address is taken, or
// that is never given a literal is absent. Declarations without a value
// (`var op func() error`) do not count as assignments.
func FuncLitDefs(info *types.Info, in *inspector.Inspector) map[*types.Var][]*ast.FuncLit {
	lits := map[*types.Var][]*ast.FuncLit{}
	spoiled := map[*types.Var]bool{}
	note := func(lhs ast.Expr, val ast.Expr) {
		var v *types.Var
		switch l := ast.Unparen(lhs).(type) {
		case *ast.Ident:
			v, _ = info.ObjectOf(l).(*types.Var)
		case *ast.SelectorExpr:
			v, _ = info.ObjectOf(l.Sel).(*types.Var)
		}
		if v == nil {
			return
		}
		if lit, ok := ast.Unparen(val).(*ast.FuncLit); ok {
			lits[v] = append(lits[v], lit)
		} else {
			spoiled[v] = true
		}
	}
	for c := range in.Root().Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.UnaryExpr)(nil), (*ast.CompositeLit)(nil)) {
		switch n := c.Node().(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				var val ast.Expr
				if len(n.Rhs) == len(n.Lhs) && (n.Tok == token.DEFINE || n.Tok == token.ASSIGN) {
					val = n.Rhs[i]
				}
				note(l, val)
			}
		case *ast.ValueSpec:
			if len(n.Values) == len(n.Names) {
				for i, id := range n.Names {
					note(id, n.Values[i])
				}
			}
		case *ast.UnaryExpr:
			if n.Op != token.AND {
				break
			}
			switch x := ast.Unparen(n.X).(type) {
			case *ast.Ident:
				if v, ok := info.ObjectOf(x).(*types.Var); ok {
					spoiled[v] = true
				}
			case *ast.SelectorExpr:
				if v, ok := info.ObjectOf(x.Sel).(*types.Var); ok {
					spoiled[v] = true
				}
			}
		case *ast.CompositeLit:
			for _, e := range n.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						if v, ok := info.ObjectOf(id).(*types.Var); ok && v.IsField() {
							note(id, kv.Value)
						}
					}
				}
			}
		}
	}
	for v := range spoiled {
		delete(lits, v)
	}
	return lits
}

// DeclName names a function declaration as people write it: Recv.Name for
// a method (the receiver's type name, without pointer or type
// parameters), Name for a function.
func DeclName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name + "." + fd.Name.Name
		default:
			return fd.Name.Name
		}
	}
}

// CommRecv returns the channel a select case's communication receives
// from (<-ch, v := <-ch, v, ok = <-ch), or nil for a send or a default.
func CommRecv(comm ast.Stmt) ast.Expr {
	var x ast.Expr
	switch s := comm.(type) {
	case *ast.ExprStmt:
		x = s.X
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			x = s.Rhs[0]
		}
	}
	u, ok := ast.Unparen(x).(*ast.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return nil
	}
	return u.X
}

// ImportsAny reports whether pkg imports one of paths directly: the early
// return of an analyzer whose rules need an API the package does not use.
func ImportsAny(pkg *types.Package, paths ...string) bool {
	return ImportsFunc(pkg, func(path string) bool { return slices.Contains(paths, path) })
}

// ImportsFunc reports whether pkg directly imports a package whose path
// satisfies ok.
func ImportsFunc(pkg *types.Package, ok func(path string) bool) bool {
	return slices.ContainsFunc(pkg.Imports(), func(p *types.Package) bool { return ok(p.Path()) })
}

// IsStatusRead reports whether e reads an HTTP status from a value: an
// integer StatusCode or HTTPStatusCode field, or such a method called
// without arguments (resp.StatusCode, apiErr.StatusCode()).
func IsStatusRead(info *types.Info, e ast.Expr) bool {
	var name string
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		name = x.Sel.Name
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && len(x.Args) == 0 {
			name = sel.Sel.Name
		}
	}
	if name != "StatusCode" && name != "HTTPStatusCode" {
		return false
	}
	b, ok := info.TypeOf(e).(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}
