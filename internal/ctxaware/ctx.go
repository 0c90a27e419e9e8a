package ctxaware

// Context helpers: which contexts are in scope at a position, which
// expressions consult a context, and whether a use of an attempt's error is
// preceded by a check of the caller's context. They answer the questions
// the noretrycanceled rules (and childbudget's) ask about retry scopes.
// What counts as a check — a statement that leaves when a context is
// done, a condition that holds when it is — is the wait model's
// (wait.ExitsWhenDone, wait.DoneCond, wait.NotDoneCond).

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/wait"
)

// ContextsInScope returns the variables of type context.Context that are
// visible at pos and declared before it, innermost scope first (within one
// scope, a variable named ctx first). Blank variables and contexts that
// are never done (Background, TODO, WithoutCancel; see NeverDone) are left
// out: they carry no caller. Package-level variables and struct fields are not
// "in scope" for the rules that use this.
func ContextsInScope(info *types.Info, pkg *types.Package, pos token.Pos, defs map[*types.Var]ast.Expr) []*types.Var {
	if pkg == nil || info == nil {
		return nil
	}
	var out []*types.Var
	for s := pkg.Scope().Innermost(pos); s != nil && s != pkg.Scope() && s != types.Universe; s = s.Parent() {
		var here []*types.Var
		for _, name := range s.Names() {
			v, ok := s.Lookup(name).(*types.Var)
			if !ok || name == "_" || v.Pos() >= pos || !analysisutil.IsContext(v.Type()) {
				continue
			}
			if NeverDoneVar(info, v, defs, pos) {
				continue // its Err() is always nil: no caller to honor
			}
			if name == "ctx" {
				here = append([]*types.Var{v}, here...)
			} else {
				here = append(here, v)
			}
		}
		out = append(out, here...)
	}
	return out
}

// A Source is a context a function can consult: a context variable, the
// Context() of an *http.Request variable, or a context-typed field of a
// variable in scope (s.ctx, c.pool.ctx). Var is what ContextOf returns for
// a consultation of it: the context variable, the request variable, or the
// field. Name spells it for messages.
type Source struct {
	Var  *types.Var
	Name string
	// Base is the variable whose field Var is (s for s.ctx), or nil.
	Base *types.Var
}

// LocalField reports whether src is a context field of a variable
// declared inside body (opts := QueryOptions{...}; opts.ctx), not of the
// receiver or a parameter. Such a struct was built here: if its context
// came from the caller, that context is in scope by its own name, and if
// the literal left it out, it is nil and nobody can cancel it.
func (src Source) LocalField(body *ast.BlockStmt) bool {
	return src.Base != nil && body != nil && body.Lbrace < src.Base.Pos() && src.Base.Pos() < body.Rbrace
}

// Sources returns the contexts in scope at pos: first the context
// variables of ContextsInScope, then the Context() of *http.Request
// variables in scope, then context fields of variables in scope (the
// receiver included) and of their struct fields one level down. A loop
// that ignores any of them — a request's cancellation, a server's
// shutdown context — keeps working for a caller that has gone.
func Sources(info *types.Info, pkg *types.Package, pos token.Pos, defs map[*types.Var]ast.Expr) []Source {
	var out []Source
	for _, v := range ContextsInScope(info, pkg, pos, defs) {
		out = append(out, Source{Var: v, Name: v.Name()})
	}
	if pkg == nil {
		return out
	}
	var reqs, fields []Source
	seen := map[*types.Var]bool{}
	for s := pkg.Scope().Innermost(pos); s != nil && s != pkg.Scope() && s != types.Universe; s = s.Parent() {
		for _, name := range s.Names() {
			v, ok := s.Lookup(name).(*types.Var)
			if !ok || name == "_" || v.Pos() >= pos || seen[v] {
				continue
			}
			seen[v] = true
			if analysisutil.IsNamedExact(v.Type(), "net/http", "Request") {
				if _, ptr := v.Type().(*types.Pointer); ptr {
					reqs = append(reqs, Source{Var: v, Name: name + ".Context()"})
				}
				continue
			}
			for _, f := range ctxFields(v.Type(), 2, pkg) {
				if NeverDoneVar(info, f.v, defs, pos) {
					continue // set only to Background() and the like: no caller to honor
				}
				fields = append(fields, Source{Var: f.v, Name: name + "." + f.path, Base: v})
			}
		}
	}
	return append(append(out, reqs...), fields...)
}

type ctxField struct {
	v    *types.Var
	path string
}

// ctxFields returns the context-typed fields of the struct t (or *t)
// points to, looking depth levels of struct fields deep; unexported fields
// of other packages' types are not visible from package from.
func ctxFields(t types.Type, depth int, from *types.Package) []ctxField {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || depth == 0 {
		return nil
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var out []ctxField
	for i := range st.NumFields() {
		f := st.Field(i)
		if !f.Exported() && f.Pkg() != from {
			continue // another package's unexported field (http.Request.ctx): not ours to consult
		}
		if analysisutil.IsContext(f.Type()) {
			out = append(out, ctxField{f, f.Name()})
			continue
		}
		for _, sub := range ctxFields(f.Type(), depth-1, from) {
			out = append(out, ctxField{sub.v, f.Name() + "." + sub.path})
		}
	}
	return out
}

// NeverDone reports whether the context e can never be done: its Done()
// is nil and its Err() is always nil, so there is nothing to check and no
// cancellation to honor. That is context.Background(), context.TODO(),
// context.WithoutCancel(x), context.WithValue of such a context, and a
// variable whose one value (defs) is one of these, assigned before pos (a
// parameter reassigned `ctx = context.WithoutCancel(ctx)` is never done
// after the assignment), or an unexported context field whose one store
// in the package is one of these (a transport's lifetime context made
// with Background() in its constructor). A context with a timeout or
// deadline can be done.
func NeverDone(info *types.Info, e ast.Expr, defs map[*types.Var]ast.Expr, pos token.Pos) bool {
	for range 8 {
		switch x := ast.Unparen(e).(type) {
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(info, x).(*types.Func)
			switch {
			case analysisutil.IsFunc(fn, "context", "Background"), analysisutil.IsFunc(fn, "context", "TODO"),
				analysisutil.IsFunc(fn, "context", "WithoutCancel"):
				return true
			case analysisutil.IsFunc(fn, "context", "WithValue") && len(x.Args) == 3:
				e = x.Args[0]
				continue
			}
			return false
		case *ast.Ident:
			v, ok := info.Uses[x].(*types.Var)
			if !ok {
				return false
			}
			d := defs[v]
			if d == nil || d.Pos() >= pos {
				return false
			}
			e, pos = d, d.Pos()
			continue
		case *ast.SelectorExpr:
			// s.ctx: a field's one store, wherever it is (see SingleDefs).
			v, ok := info.Uses[x.Sel].(*types.Var)
			if !ok || !v.IsField() || defs[v] == nil {
				return false
			}
			e = defs[v]
			pos = e.Pos() + 1
			continue
		}
		return false
	}
	return false
}

// NeverDoneVar reports whether the context variable v is never done (see
// NeverDone) at pos.
func NeverDoneVar(info *types.Info, v *types.Var, defs map[*types.Var]ast.Expr, pos token.Pos) bool {
	d := defs[v]
	// A field's one store is its value for the object's whole life,
	// before or after pos in the file.
	return v != nil && d != nil && (d.Pos() < pos || v.IsField()) && NeverDone(info, d, defs, d.Pos())
}

// ConsultsContext reports whether node contains an expression that
// consults a context (see ContextOf), not looking into function literals.
// If only is non-nil, only consultations of that variable count.
func ConsultsContext(info *types.Info, node ast.Node, only *types.Var) bool {
	found := false
	ast.Inspect(node, func(n ast.Node) bool {
		if found || n == nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == node
		case *ast.CallExpr:
			if v := analysisutil.ContextOf(info, n); v != nil && (only == nil || v == only) {
				found = true
			}
		}
		return true
	})
	return found
}

// CheckedBefore reports whether, on the way to the node at cur within its
// function, a statement that leaves when a context is done (wait.ExitsWhenDone)
// runs after the last assignment to errVar (when errVar is non-nil). It
// walks the preceding statements of each enclosing block outwards, and
// also accepts a context check earlier in the same && / || chain or in an
// earlier case of the same tagless switch. It returns the context checked.
//
// This is how "the parent's Err() is checked before the attempt's error is
// classified" is decided: a check that precedes the attempt does not count,
// because the attempt may have outlived it.
func CheckedBefore(info *types.Info, cur inspector.Cursor, errVar *types.Var) *types.Var {
	child := cur
	for p := cur.Parent(); ; child, p = p, p.Parent() {
		node := p.Node()
		if node == nil {
			return nil
		}
		switch n := node.(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return nil
		case *ast.ForStmt, *ast.RangeStmt:
			// A check before the loop ran before the first attempt only.
			if errVar == nil || assigns(info, n, errVar) {
				return nil
			}
		case *ast.BinaryExpr:
			// ctx.Err() == nil && cls(err), ctx.Err() != nil || !cls(err):
			// the right operand runs only while the context is alive.
			if child.Node() == n.Y {
				if v := wait.NotDoneCond(info, n.X, nil); n.Op == token.LAND && v != nil {
					return v
				}
				if v := wait.DoneCond(info, n.X, nil); n.Op == token.LOR && v != nil {
					return v
				}
			}
		case *ast.BlockStmt:
			if v, stop := scanBack(info, n.List, child.Node(), errVar); v != nil || stop {
				return v
			}
		case *ast.CaseClause:
			if v, stop := scanBack(info, n.Body, child.Node(), errVar); v != nil || stop {
				return v
			}
			// An earlier `case ctx.Err() != nil:` of a tagless switch: the
			// later cases are not evaluated when the context is done.
			if sw, ok := p.Parent().Parent().Node().(*ast.SwitchStmt); ok && sw.Tag == nil {
				for _, cl := range sw.Body.List {
					if cl == n {
						break
					}
					for _, e := range cl.(*ast.CaseClause).List {
						if v := wait.DoneCond(info, e, sw.Init); v != nil {
							return v
						}
					}
				}
			}
		case *ast.CommClause:
			if v, stop := scanBack(info, n.Body, child.Node(), errVar); v != nil || stop {
				return v
			}
		}
	}
}

// scanBack looks at the statements of list before the one that contains
// at, last first. It returns the context of a leaving check, or stop=true
// when an assignment to errVar comes first (the error is newer than any
// earlier check).
func scanBack(info *types.Info, list []ast.Stmt, at ast.Node, errVar *types.Var) (*types.Var, bool) {
	i := len(list) - 1
	for ; i >= 0; i-- {
		if list[i].Pos() <= at.Pos() && at.End() <= list[i].End() {
			break
		}
	}
	if i >= 0 && errVar != nil && assigns(info, list[i], errVar) {
		// The statement that classifies also produced the error:
		// `if err := op(); !cls(err)`. Nothing before it can be newer.
		if as, ok := initOf(list[i]); ok && assigns(info, as, errVar) {
			return nil, true
		}
	}
	for i--; i >= 0; i-- {
		if v := wait.ExitsWhenDone(info, list[i]); v != nil {
			return v, false
		}
		if errVar != nil && assigns(info, list[i], errVar) {
			return nil, true
		}
	}
	return nil, false
}

func initOf(s ast.Stmt) (ast.Stmt, bool) {
	switch s := s.(type) {
	case *ast.IfStmt:
		return s.Init, s.Init != nil
	case *ast.SwitchStmt:
		return s.Init, s.Init != nil
	}
	return nil, false
}

// assigns reports whether stmt assigns v (not looking into function
// literals).
func assigns(info *types.Info, stmt ast.Node, v *types.Var) bool {
	if stmt == nil {
		return false
	}
	found := false
	ast.Inspect(stmt, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(id) == v {
					found = true
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				if info.ObjectOf(id) == v {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// CheckedAfter reports whether the statement holding the node at cur is
// followed, before any statement that leaves and before the loop goes
// round, by a check of a context: an if whose condition holds when the
// context is done (`if ctx.Err() != nil { retryable = false }`), or a
// statement that leaves when it is done (a select whose `case
// <-ctx.Done():` returns, the usual backoff wait). Code that classifies
// an error and then overrides the verdict, or stops, when the caller has
// gone tells the caller's deadline from an attempt's timeout as well as
// code that checks first. A loop condition that fails when the context is
// done (`for ctx.Err() == nil {`) checks it before every next attempt.
// When the statement's block ends, the search goes on after the
// statement that encloses it. leaves, if not nil, recognises further
// statements that leave when a context is done (a call of a context-aware
// wait known by Fact whose error ends the loop). It returns the context
// checked.
func CheckedAfter(info *types.Info, cur inspector.Cursor, leaves func(ast.Stmt) *types.Var) *types.Var {
	if v := loopCondChecks(info, cur); v != nil {
		return v
	}
	stops := func(s ast.Stmt) *types.Var {
		if v := wait.ExitsWhenDone(info, s); v != nil {
			return v
		}
		if leaves != nil {
			return leaves(s)
		}
		return nil
	}
	// jumped: the statement holding cur may continue the loop, skipping
	// the statements after it; only a check at the top of the loop body
	// then lies on every way round.
	jumped := false
	// pending: the context checked on the way round through the
	// statement holding cur, when the other way has yet to be seen.
	var pending *types.Var
	child, last := cur, inspector.Cursor{}
	for p := cur.Parent(); p.Node() != nil; child, last, p = p, child, p.Parent() {
		var list []ast.Stmt
		switch n := p.Node().(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return nil
		case *ast.ForStmt, *ast.RangeStmt:
			// At the end of the loop body: the loop goes round, and the
			// next attempt passes the statements above the one holding
			// cur.
			if body := analysisutil.LoopBody(n); child.Node() == body && last.Node() != nil {
				if i := slices.Index(body.List, last.Node().(ast.Stmt)); i >= 0 {
					for _, s := range body.List[:i] {
						if v := stops(s); v != nil {
							return v
						}
					}
				}
			}
			return nil
		case *ast.BlockStmt:
			switch p.Parent().Node().(type) {
			case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				continue // a body of clauses, not a statement list
			}
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		case *ast.CommClause:
			list = n.Body
		default:
			continue
		}
		stmt, ok := child.Node().(ast.Stmt)
		if !ok {
			continue // a case expression: look further out
		}
		i := slices.Index(list, stmt)
		if i < 0 {
			return nil
		}
		if jumped {
			continue
		}
		if continues(stmt) {
			// `if retryable(err) { <check>; continue }`: the way round
			// through the if is checked; the other way must be too, or
			// leave.
			v := checksBeforeContinue(cur, stmt, stops)
			if v == nil {
				jumped = true
				continue
			}
			pending = v
		}
		for _, s := range list[i+1:] {
			if ifs, ok := s.(*ast.IfStmt); ok {
				if v := wait.DoneCond(info, ifs.Cond, ifs.Init); v != nil {
					return v
				}
			}
			if v := stops(s); v != nil {
				return v
			}
			switch s.(type) {
			case *ast.ReturnStmt:
				return pending // this way leaves: no attempt follows
			case *ast.BranchStmt:
				return nil
			}
		}
	}
	return nil
}

// checksBeforeContinue returns the context checked in an if statement
// whose condition holds cur, that has no else, and whose body checks the
// context (a statement that leaves when it is done) before any continue.
func checksBeforeContinue(cur inspector.Cursor, stmt ast.Stmt, stops func(ast.Stmt) *types.Var) *types.Var {
	ifs, ok := stmt.(*ast.IfStmt)
	if !ok || ifs.Else != nil || cur.Node().Pos() >= ifs.Body.Pos() {
		return nil
	}
	for _, s := range ifs.Body.List {
		if v := stops(s); v != nil {
			return v
		}
		if continues(s) {
			return nil
		}
	}
	return nil
}

// continues reports whether s holds a continue or goto that may skip
// the statements after s (a labelled continue or a goto counts: it may
// leave for anywhere), not counting those of loops nested in s or of
// function literals.
func continues(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			return n == s
		case *ast.BranchStmt:
			if n.Tok == token.CONTINUE || n.Tok == token.GOTO {
				found = true
			}
		}
		return true
	})
	return found
}

// loopCondChecks returns the context checked by the condition of the
// innermost loop around cur (in the same function) when that condition
// fails once the context is done: every next attempt passes it.
func loopCondChecks(info *types.Info, cur inspector.Cursor) *types.Var {
	child := cur
	for p := cur.Parent(); p.Node() != nil; child, p = p, p.Parent() {
		switch n := p.Node().(type) {
		case *ast.FuncLit, *ast.FuncDecl, *ast.RangeStmt:
			return nil
		case *ast.ForStmt:
			if child.Node() != n.Body || n.Cond == nil {
				return nil
			}
			return wait.NotDoneCond(info, n.Cond, nil)
		}
	}
	return nil
}

// AttemptAccessors returns the contexts of values in scope that the code
// in node runs its attempts under through an accessor (ContextAccessor):
// the parent of a per-attempt child (context.WithTimeout(cli.Ctx(), d)),
// or a context handed straight to attempt. Such a context is the one the
// loop must honor even when no context variable is in scope; an accessor
// used only to log is not one.
func AttemptAccessors(info *types.Info, node ast.Node, attempt *ast.CallExpr) []Source {
	var out []Source
	seen := map[*types.Var]bool{}
	add := func(e ast.Expr) {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return
		}
		x := analysisutil.ContextAccessor(info, call)
		if x == nil {
			return
		}
		if v := analysisutil.ContextVar(info, x); v != nil && !seen[v] {
			seen[v] = true
			out = append(out, Source{Var: v, Name: types.ExprString(call)})
		}
	}
	ast.Inspect(node, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if fn, ok := typeutil.Callee(info, call).(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "context" &&
			strings.HasPrefix(fn.Name(), "With") && len(call.Args) > 0 {
			add(call.Args[0]) // context.WithTimeout(cli.Ctx(), d): the attempt's parent
		}
		if call == attempt {
			for _, a := range call.Args {
				add(a)
			}
		}
		return true
	})
	return out
}
