package retryscope

import (
	"go/ast"
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
// is an operation on this machine only (knowledge.LocalOps): the file
// system or a local subprocess. What it retries is a local condition, not
// a remote dependency shared by a fleet of clients.
func LocalAttempt(info *types.Info, s *Scope) bool {
	if s == nil || s.Attempt == nil {
		return false
	}
	fn := analysisutil.CalleeFunc(info, s.Attempt)
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
