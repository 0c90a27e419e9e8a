package breakerverdict

// sony/gobreaker: a Settings value decides what counts as a failure with
// IsSuccessful (nil: every non-nil error is a failure) and, since v2,
// IsExcluded (true: the error is counted neither way).

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
)

// settingsType reports whether t is gobreaker's Settings (any major
// version), and whether that version has IsExcluded.
func settingsType(t types.Type) (ok, hasExcluded bool) {
	if t == nil {
		return false, false
	}
	n, isNamed := types.Unalias(t).(*types.Named)
	if !isNamed || n.Obj().Name() != "Settings" || n.Obj().Pkg() == nil ||
		analysisutil.StripMajor(n.Obj().Pkg().Path()) != gobreakerPath {
		return false, false
	}
	st, isStruct := n.Underlying().(*types.Struct)
	if !isStruct {
		return false, false
	}
	for f := range st.Fields() {
		if f.Name() == "IsExcluded" {
			hasExcluded = true
		}
	}
	return true, hasExcluded
}

// constructorArg reports whether argument i of fn is a Settings that
// gobreaker builds a breaker from, and whether that breaker consults
// IsSuccessful: v1's TwoStepCircuitBreaker does not (its done callback
// takes the verdict, done(success bool)).
func constructorArg(fn *types.Func, i int) (isSettings, usesVerdict bool) {
	if fn.Pkg() == nil || analysisutil.StripMajor(fn.Pkg().Path()) != gobreakerPath {
		return false, false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil || i < 0 || i >= sig.Params().Len() {
		return false, false
	}
	if ok, _ := settingsType(sig.Params().At(i).Type()); !ok {
		return false, false
	}
	return true, !(fn.Pkg().Path() == gobreakerPath && fn.Name() == "NewTwoStepCircuitBreaker")
}

// gobreaker checks the Settings literals of the package, and Settings
// variables declared without a value.
func (r *runner) gobreaker() {
	if r.opsForgiveCancel() || r.programWithoutContext() {
		return
	}
	for c := range r.in.Root().Preorder((*ast.CompositeLit)(nil), (*ast.ValueSpec)(nil), (*ast.AssignStmt)(nil)) {
		switch n := c.Node().(type) {
		case *ast.AssignStmt:
			r.fieldAssign(n)
		case *ast.CompositeLit:
			if ok, v2 := settingsType(r.info.TypeOf(n)); ok {
				r.settingsLit(c, n, v2)
			}
		case *ast.ValueSpec:
			if len(n.Values) != 0 {
				continue
			}
			for _, id := range n.Names {
				v, _ := r.info.Defs[id].(*types.Var)
				if v == nil {
					continue
				}
				if ok, v2 := settingsType(v.Type()); ok {
					// var st gobreaker.Settings: a literal with no fields.
					if reach, mod := r.flowVar(v, nil, 1); reach && !mod {
						r.report(id.Pos(), missingMessage(v2))
					}
				}
			}
		}
	}
}

// settingsLit judges one Settings literal.
func (r *runner) settingsLit(c inspector.Cursor, lit *ast.CompositeLit, v2 bool) {
	succ, excl, positional := fields(r.info, lit)
	if succ != nil && isNil(r.info, succ) {
		succ = nil
	}
	if excl != nil && isNil(r.info, excl) {
		excl = nil
	}
	// v2: an IsExcluded that may exclude Canceled settles it, whatever
	// IsSuccessful says (gobreaker asks IsExcluded first).
	if excl != nil && len(r.answers(r.resolve(excl), classify.False)) == 0 {
		return
	}
	reach, mod := r.flowExpr(c, 0)
	if mod {
		return // the verdict fields are set or replaced elsewhere
	}
	if succ == nil {
		if !reach {
			return
		}
		msg := missingMessage(v2)
		if excl != nil {
			msg = "gobreaker.Settings has no IsSuccessful and its IsExcluded does not exclude context.Canceled, so the caller's cancellation counts as a failure of the dependency and a wave of cancelled requests opens the breaker; set IsSuccessful to treat context.Canceled as success, or exclude it in IsExcluded"
		}
		var fixes []analysis.SuggestedFix
		if !positional {
			fixes = r.addIsSuccessful(lit)
		}
		r.report(lit.Pos(), msg, fixes...)
		return
	}
	if r.toVerdictFreeBreaker(c) {
		return
	}
	p := r.resolve(succ)
	bad := r.answers(p, classify.False)
	if len(bad) == 0 {
		return
	}
	tail := "answer true for " + p.test() + " first"
	if v2 && excl == nil {
		tail += ", or exclude it with IsExcluded"
	}
	if p.inline() {
		for _, ret := range bad {
			r.report(ret.Pos(), "IsSuccessful answers false for "+p.canceled()+" here, so the caller's cancellation counts as a failure of the dependency and a wave of cancelled requests opens the breaker; "+tail)
		}
		return
	}
	r.report(succ.Pos(), "IsSuccessful "+p.name()+" answers false for "+p.canceled()+", so the caller's cancellation counts as a failure of the dependency and a wave of cancelled requests opens the breaker; "+tail)
}

// fieldAssign judges st.IsSuccessful = pred. In v2 the value's IsExcluded
// may settle the question: the assignment is judged only when the
// variable's IsExcluded is nowhere set (neither in the literal that
// defines it nor by a field assignment).
func (r *runner) fieldAssign(as *ast.AssignStmt) {
	if as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, l := range as.Lhs {
		sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "IsSuccessful" {
			continue
		}
		ok, v2 := settingsType(r.info.TypeOf(sel.X))
		if !ok || isNil(r.info, as.Rhs[i]) {
			continue
		}
		if v2 && !r.excludesNothing(sel.X) {
			continue
		}
		p := r.resolve(as.Rhs[i])
		bad := r.answers(p, classify.False)
		if len(bad) == 0 {
			continue
		}
		tail := "answer true for " + p.test() + " first"
		if v2 {
			tail += ", or exclude it with IsExcluded"
		}
		if p.inline() {
			for _, ret := range bad {
				r.report(ret.Pos(), "IsSuccessful answers false for "+p.canceled()+" here, so the caller's cancellation counts as a failure of the dependency and a wave of cancelled requests opens the breaker; "+tail)
			}
			continue
		}
		r.report(as.Rhs[i].Pos(), "IsSuccessful "+p.name()+" answers false for "+p.canceled()+", so the caller's cancellation counts as a failure of the dependency and a wave of cancelled requests opens the breaker; "+tail)
	}
}

// excludesNothing reports whether x, a v2 Settings variable, certainly
// has no IsExcluded: a local variable whose IsExcluded is never
// mentioned and whose defining literal, if any, sets none.
func (r *runner) excludesNothing(x ast.Expr) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := r.info.Uses[id].(*types.Var)
	if v == nil || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	for _, u := range r.varUses(v) {
		p, child := valueParent(u)
		if sel, ok := p.Node().(*ast.SelectorExpr); ok && sel.X == child && sel.Sel.Name == "IsExcluded" {
			return false
		}
	}
	if d := r.options().Defs[v]; d != nil {
		lit, ok := ast.Unparen(d).(*ast.CompositeLit)
		if !ok {
			return false
		}
		if _, excl, _ := fields(r.info, lit); excl != nil {
			return false
		}
		return true
	}
	// Declared without a value (var st gobreaker.Settings), or assigned
	// more than once: only the former is known.
	return r.declaredZero(v)
}

// declaredZero reports whether v is declared by a var spec without a
// value and never assigned as a whole.
func (r *runner) declaredZero(v *types.Var) bool {
	for c := range r.in.Root().Preorder((*ast.ValueSpec)(nil)) {
		vs := c.Node().(*ast.ValueSpec)
		for _, id := range vs.Names {
			if r.info.Defs[id] != v {
				continue
			}
			if len(vs.Values) != 0 {
				return false
			}
			for _, u := range r.varUses(v) {
				p, child := valueParent(u)
				if as, ok := p.Node().(*ast.AssignStmt); ok && isLhs(as, child) {
					return false
				}
			}
			return true
		}
	}
	return false
}

func missingMessage(v2 bool) string {
	msg := "gobreaker.Settings without IsSuccessful counts every error as a failure, the caller's context.Canceled included, so a wave of cancelled requests opens the breaker; set IsSuccessful to treat context.Canceled as success"
	if v2 {
		msg += ", or IsExcluded to leave it out"
	}
	return msg
}

// toVerdictFreeBreaker reports whether the literal at c is handed
// straight to a constructor whose breaker never consults IsSuccessful
// (v1's NewTwoStepCircuitBreaker).
func (r *runner) toVerdictFreeBreaker(c inspector.Cursor) bool {
	p, child := valueParent(c)
	call, ok := p.Node().(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := calleeFunc(r.info, call)
	if fn == nil {
		return false
	}
	isSettings, uses := constructorArg(fn, argIndex(call, child))
	return isSettings && !uses
}

// fields returns the IsSuccessful and IsExcluded values of a Settings
// literal, and whether its elements are positional.
func fields(info *types.Info, lit *ast.CompositeLit) (succ, excl ast.Expr, positional bool) {
	st, _ := info.TypeOf(lit).Underlying().(*types.Struct)
	for i, e := range lit.Elts {
		name, val := "", e
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				name = id.Name
			}
			val = kv.Value
		} else {
			positional = true
			if st != nil && i < st.NumFields() {
				name = st.Field(i).Name()
			}
		}
		switch name {
		case "IsSuccessful":
			succ = val
		case "IsExcluded":
			excl = val
		}
	}
	return succ, excl, positional
}

// flowExpr follows the Settings value of the expression at c to the
// gobreaker constructors it reaches unchanged: directly, through local
// variables, through the parameters of this package's helpers, and
// through the results of this package's functions. reach says some
// constructor that consults IsSuccessful gets it; mod says a variable
// holding it has its IsSuccessful or IsExcluded set, its address taken or
// is reassigned, so what reaches the constructor is not known.
func (r *runner) flowExpr(c inspector.Cursor, depth int) (reach, mod bool) {
	if depth > 4 {
		return false, false
	}
	p, child := valueParent(c)
	switch n := p.Node().(type) {
	case *ast.UnaryExpr:
		// &gobreaker.Settings{...}: the pointer carries the settings to
		// where it is dereferenced (*cfg.Breaker).
		if n.Op == token.AND {
			return r.flowExpr(p, depth+1)
		}
	case *ast.StarExpr:
		return r.flowExpr(p, depth+1)
	case *ast.KeyValueExpr:
		// config{Breaker: &gobreaker.Settings{...}}: into a field.
		if id, ok := n.Key.(*ast.Ident); ok && n.Value == child {
			if f, ok := r.info.Uses[id].(*types.Var); ok && f.IsField() {
				return r.flowField(f, n, depth+1)
			}
		}
	case *ast.CallExpr:
		i := argIndex(n, child)
		fn := calleeFunc(r.info, n)
		if i < 0 || fn == nil {
			return false, false
		}
		if ok, uses := constructorArg(fn, i); ok {
			return uses, false
		}
		if r.importedSink(fn, i) {
			return true, false
		}
		sig := fn.Type().(*types.Signature)
		if r.options().Decls[fn] == nil || i >= sig.Params().Len() || sig.Variadic() && i >= sig.Params().Len()-1 {
			return false, false
		}
		// A helper of this package: a copy in its parameter.
		reach, _ = r.flowVar(sig.Params().At(i), nil, depth+1)
		return reach, false
	case *ast.AssignStmt:
		if n.Tok != token.DEFINE && n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) {
			return false, false
		}
		for i, rhs := range n.Rhs {
			if rhs == child {
				return r.flowTo(n.Lhs[i], depth)
			}
		}
	case *ast.ValueSpec:
		for i, v := range n.Values {
			if v == child && i < len(n.Names) {
				return r.flowTo(n.Names[i], depth)
			}
		}
	case *ast.ReturnStmt:
		if len(n.Results) != 1 {
			return false, false
		}
		for f := range p.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			d, ok := f.Node().(*ast.FuncDecl)
			if !ok {
				return false, false
			}
			fn, _ := r.info.Defs[d.Name].(*types.Func)
			if fn == nil {
				return false, false
			}
			for _, call := range r.callsOf(fn) {
				if ok, _ := r.flowExpr(call, depth+1); ok {
					return true, false
				}
			}
			return false, false
		}
	}
	return false, false
}

// flowTo follows a value assigned to lhs: a variable, or a field of
// pointer type (cfg.Breaker = &gobreaker.Settings{...}) read elsewhere
// in the package.
func (r *runner) flowTo(lhs ast.Expr, depth int) (reach, mod bool) {
	if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok {
		if s := r.info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
			f, _ := s.Obj().(*types.Var)
			return r.flowField(f, sel, depth+1)
		}
		return false, false
	}
	id, ok := ast.Unparen(lhs).(*ast.Ident)
	if !ok {
		return false, false
	}
	v, _ := r.info.ObjectOf(id).(*types.Var)
	if v == nil || v.IsField() {
		return false, false
	}
	return r.flowVar(v, id, depth+1)
}

// flowVar follows the value held by v; def is the identifier of the
// assignment that gave it (not a use of the old value).
func (r *runner) flowVar(v *types.Var, def *ast.Ident, depth int) (reach, mod bool) {
	if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() && v.Exported() {
		return false, true // other packages may set its fields
	}
	var values []inspector.Cursor
	for _, u := range r.varUses(v) {
		if u.Node() == def {
			continue
		}
		p, child := valueParent(u)
		switch n := p.Node().(type) {
		case *ast.SelectorExpr:
			if n.X == child && (n.Sel.Name == "IsSuccessful" || n.Sel.Name == "IsExcluded") {
				return false, true
			}
			continue // another field, read or written
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				return false, true
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if l == child {
					return false, true
				}
			}
		case *ast.CallExpr:
			if _, ptr := v.Type().(*types.Pointer); ptr && argIndex(n, child) >= 0 {
				return false, true // a callee may set the fields it points to
			}
		}
		values = append(values, u)
	}
	for _, u := range values {
		if ok, _ := r.flowExpr(u, depth); ok {
			return true, false
		}
	}
	return false, false
}

// argIndex returns the index of arg among call's arguments, or -1.
func argIndex(call *ast.CallExpr, arg ast.Node) int {
	for i, a := range call.Args {
		if a == arg {
			return i
		}
	}
	return -1
}

// flowField follows a *Settings stored in the field f (by def, a selector
// or a composite literal key) to
// its reads in the package: a dereference that reaches a constructor
// (NewCircuitBreaker(*cfg.Breaker)) carries it there; a write of its
// IsSuccessful or IsExcluded, or another store into the field, makes
// what reaches the constructor unknown. Only pointer fields are
// followed: a Settings value copied into a field is no shared state.
func (r *runner) flowField(f *types.Var, def ast.Node, depth int) (reach, mod bool) {
	if f == nil || depth > 4 {
		return false, false
	}
	if _, ptr := f.Type().(*types.Pointer); !ptr {
		return false, false
	}
	var reads []inspector.Cursor
	for c := range r.in.Root().Preorder((*ast.SelectorExpr)(nil)) {
		sel := c.Node().(*ast.SelectorExpr)
		if sel == def {
			continue
		}
		if ss := r.info.Selections[sel]; ss == nil || ss.Obj() != f {
			continue
		}
		p, child := valueParent(c)
		switch n := p.Node().(type) {
		case *ast.SelectorExpr:
			if n.X == child && (n.Sel.Name == "IsSuccessful" || n.Sel.Name == "IsExcluded") {
				return false, true
			}
			continue
		case *ast.AssignStmt:
			if slices.Contains(n.Lhs, ast.Expr(sel)) {
				return false, true // stored again: which one reaches is unknown
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				return false, true
			}
		case *ast.CallExpr:
			if argIndex(n, child) >= 0 {
				return false, true // a callee may set the fields it points to
			}
		}
		reads = append(reads, c)
	}
	for _, c := range reads {
		if ok, _ := r.flowExpr(c, depth); ok {
			return true, false
		}
	}
	return false, false
}
