package retryscope

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/knowledge"
)

// lookupKnown returns the known-library entry for fn.
func lookupKnown(fn *types.Func) (knowledge.RetryHelper, bool) {
	if fn.Pkg() == nil {
		return knowledge.RetryHelper{}, false
	}
	path := fn.Pkg().Path()
	m, ok := knowledge.RetryHelpers[path]
	if !ok {
		m, ok = knowledge.RetryHelpers[analysisutil.StripMajor(path)]
		// backoff v4 and v5 differ in shape; only the API-stable libraries
		// are listed without their major suffix.
		if !ok {
			return knowledge.RetryHelper{}, false
		}
	}
	h, ok := m[fn.Name()]
	if !ok {
		return knowledge.RetryHelper{}, false
	}
	sig := fn.Type().(*types.Signature)
	if path == knowledge.Failsafe || analysisutil.StripMajor(path) == knowledge.Failsafe {
		// Package funcs Run/Get and the Executor methods of the same names.
		if r := sig.Recv(); r != nil && !analysisutil.IsNamed(r.Type(), knowledge.Failsafe, "Executor") {
			return knowledge.RetryHelper{}, false
		}
	} else if sig.Recv() != nil {
		return knowledge.RetryHelper{}, false
	}
	return h, true
}

// usesRetryPolicy reports whether a failsafe-go call runs with a
// retrypolicy: for package funcs Run/Get among its policy arguments, for
// Executor methods among the arguments of the failsafe.With/NewExecutor
// call that built the receiver (followed through one local variable).
func usesRetryPolicy(info *types.Info, call *ast.CallExpr, defs map[*types.Var]ast.Expr) bool {
	args := call.Args
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil {
		args = nil
		recv := ast.Unparen(sel.X)
		for range 8 { // follow a short chain: failsafe.With(rp).WithContext(ctx).Run(fn)
			if id, ok := recv.(*ast.Ident); ok {
				v, _ := info.Uses[id].(*types.Var)
				if d := defs[v]; d != nil {
					recv = ast.Unparen(d)
					continue
				}
				return false
			}
			c, ok := recv.(*ast.CallExpr)
			if !ok {
				return false
			}
			if s, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok && info.Selections[s] != nil {
				recv = ast.Unparen(s.X) // a method such as WithContext: look further back
				continue
			}
			args = c.Args
			break
		}
	}
	for _, a := range args {
		if isRetryPolicyValue(info, a, defs) {
			return true
		}
	}
	return false
}

func isRetryPolicyValue(info *types.Info, e ast.Expr, defs map[*types.Var]ast.Expr) bool {
	t := info.TypeOf(e)
	if t == nil {
		return false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == knowledge.Retrypolicy {
		return true
	}
	// An interface-typed variable (failsafe.Policy[R]) holding a retry policy.
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, _ := info.Uses[id].(*types.Var); v != nil && defs[v] != nil && defs[v] != e {
			return isRetryPolicyValue(info, defs[v], nil)
		}
	}
	return false
}

// IsLibraryHelper reports whether fn is a retry helper of a known library
// (as opposed to one of the code base's own, marked, configured or
// inferred).
func IsLibraryHelper(fn *types.Func) bool {
	_, ok := lookupKnown(fn)
	return ok
}

// LocalAttempt reports whether the attempt of s (a loop's operation call)
// acts on this machine only: an operation of knowledge.LocalOps (the file
// system, a local subprocess, an accept on the own listener), or a call
// whose target is this host (LocalTarget: an address or connection string
// naming localhost, 127.0.0.1 or [::1], reached through the call's
// arguments or its receiver). What it retries is a local condition (a file
// that has not appeared yet, a flaky local tool, a server this process just
// started), not a remote dependency shared by a fleet of clients. defs is
// Result.Defs (variables given a value once).
func LocalAttempt(info *types.Info, s *Scope, defs map[*types.Var]ast.Expr) bool {
	if s == nil || s.Attempt == nil {
		return false
	}
	if localOp(info, s.Attempt) {
		return true
	}
	within := s.Loop
	if within == nil {
		within = s.Body
	}
	return LocalTarget(info, s.Attempt, defs, within)
}

// localOp reports whether call is an operation of knowledge.LocalOps.
func localOp(info *types.Info, call *ast.CallExpr) bool {
	fn := analysisutil.CalleeFunc(info, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	name := fn.Name()
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		if !ok {
			return false
		}
		name = n.Obj().Name() + "." + name
	}
	return slices.Contains(knowledge.LocalOps[fn.Pkg().Path()], name)
}

// LocalTarget reports whether call's target is this host: one of its
// arguments, or the receiver it is called on, is (or is built from) a
// string constant naming the local host (knowledge.NamesLocalHost). A
// variable is followed to its one value (defs), or to the call of a
// multi-value assignment in within (db, err := sql.Open(driver, dsn));
// a call or a concatenation is local when one of its operands is
// (fmt.Sprintf("postgres://%s@localhost:5432", pw),
// net.JoinHostPort("127.0.0.1", port)).
func LocalTarget(info *types.Info, call *ast.CallExpr, defs map[*types.Var]ast.Expr, within ast.Node) bool {
	t := &localTargets{info: info, defs: defs, within: within, seen: map[*types.Var]bool{}}
	return t.call(call, 0)
}

type localTargets struct {
	info   *types.Info
	defs   map[*types.Var]ast.Expr
	within ast.Node
	seen   map[*types.Var]bool
}

const localTargetDepth = 4

func (t *localTargets) call(c *ast.CallExpr, depth int) bool {
	if tv, ok := t.info.Types[c.Fun]; ok && tv.IsType() {
		return len(c.Args) == 1 && t.expr(c.Args[0], depth+1) // a conversion
	}
	for _, a := range c.Args {
		if t.expr(a, depth+1) {
			return true
		}
	}
	if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
		if selection := t.info.Selections[sel]; selection != nil && selection.Kind() == types.MethodVal {
			return t.expr(sel.X, depth+1)
		}
	}
	return false
}

func (t *localTargets) expr(e ast.Expr, depth int) bool {
	if depth > localTargetDepth || e == nil {
		return false
	}
	e = ast.Unparen(e)
	if tv, ok := t.info.Types[e]; ok && tv.Value != nil {
		return tv.Value.Kind() == constant.String && knowledge.NamesLocalHost(constant.StringVal(tv.Value))
	}
	switch e := e.(type) {
	case *ast.Ident:
		v, ok := t.info.Uses[e].(*types.Var)
		if !ok || t.seen[v] {
			return false
		}
		t.seen[v] = true
		if d := t.defs[v]; d != nil {
			return t.expr(d, depth+1)
		}
		if c := t.tupleDef(v); c != nil {
			return t.call(c, depth+1)
		}
	case *ast.CallExpr:
		return t.call(e, depth)
	case *ast.BinaryExpr:
		return e.Op == token.ADD && (t.expr(e.X, depth+1) || t.expr(e.Y, depth+1))
	case *ast.UnaryExpr:
		return e.Op == token.AND && t.expr(e.X, depth+1)
	}
	return false
}

// tupleDef returns the call of the one multi-value assignment in within
// that gives v its value (db, err := sql.Open(driver, dsn)), if v is given
// a value there only so.
func (t *localTargets) tupleDef(v *types.Var) *ast.CallExpr {
	if t.within == nil {
		return nil
	}
	var def *ast.CallExpr
	n := 0
	ast.Inspect(t.within, func(node ast.Node) bool {
		as, ok := node.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for _, l := range as.Lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok || t.info.ObjectOf(id) != v {
				continue
			}
			n++
			if c, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok && len(as.Rhs) == 1 && len(as.Lhs) > 1 {
				def = c
			}
		}
		return true
	})
	if n != 1 {
		return nil
	}
	return def
}
