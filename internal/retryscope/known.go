package retryscope

import (
	"go/ast"
	"go/types"

	"github.com/reslint/reslint/internal/analysisutil"
)

// knownHelper describes a retry API of a known library: the position of
// the retried operation among its arguments.
type knownHelper struct {
	op int
	// needsRetryPolicy: the call (failsafe-go) retries only when a
	// retrypolicy is among the policies it runs with.
	needsRetryPolicy bool
}

// known maps import path (without a /vN major-version suffix for the
// libraries whose API is stable across majors) to function name.
var known = map[string]map[string]knownHelper{
	"github.com/cenkalti/backoff/v4": {
		"Retry": {op: 0}, "RetryNotify": {op: 0}, "RetryNotifyWithTimer": {op: 0},
		"RetryWithData": {op: 0}, "RetryNotifyWithData": {op: 0}, "RetryNotifyWithTimerAndData": {op: 0},
	},
	"github.com/cenkalti/backoff/v5": {"Retry": {op: 1}},
	"github.com/avast/retry-go":      {"Do": {op: 0}, "DoWithData": {op: 0}},
	"github.com/sethvargo/go-retry": {
		"Do": {op: 2}, "DoValue": {op: 2},
		"Constant": {op: 2}, "Exponential": {op: 2}, "Fibonacci": {op: 2},
	},
	"k8s.io/client-go/util/retry": {"RetryOnConflict": {op: 1}, "OnError": {op: 2}},
	"k8s.io/apimachinery/pkg/util/wait": {
		"ExponentialBackoff": {op: 1}, "ExponentialBackoffWithContext": {op: 2},
	},
	"github.com/failsafe-go/failsafe-go": {
		"Run": {op: 0, needsRetryPolicy: true}, "Get": {op: 0, needsRetryPolicy: true},
		"RunWithExecution": {op: 0, needsRetryPolicy: true}, "GetWithExecution": {op: 0, needsRetryPolicy: true},
		"RunAsync": {op: 0, needsRetryPolicy: true}, "GetAsync": {op: 0, needsRetryPolicy: true},
		"RunAsyncWithExecution": {op: 0, needsRetryPolicy: true}, "GetAsyncWithExecution": {op: 0, needsRetryPolicy: true},
	},
}

// Import paths the recogniser cares about, for early returns.
const (
	RetryablehttpPath = "github.com/hashicorp/go-retryablehttp"
	failsafePath      = "github.com/failsafe-go/failsafe-go"
	retrypolicyPath   = "github.com/failsafe-go/failsafe-go/retrypolicy"
)

// lookupKnown returns the known-library entry for fn.
func lookupKnown(fn *types.Func) (knownHelper, bool) {
	if fn.Pkg() == nil {
		return knownHelper{}, false
	}
	path := fn.Pkg().Path()
	m, ok := known[path]
	if !ok {
		m, ok = known[analysisutil.StripMajor(path)]
		// backoff v4 and v5 differ in shape; only the API-stable libraries
		// are listed without their major suffix.
		if !ok {
			return knownHelper{}, false
		}
	}
	h, ok := m[fn.Name()]
	if !ok {
		return knownHelper{}, false
	}
	sig := fn.Type().(*types.Signature)
	if path == failsafePath || analysisutil.StripMajor(path) == failsafePath {
		// Package funcs Run/Get and the Executor methods of the same names.
		if r := sig.Recv(); r != nil && !analysisutil.IsNamed(r.Type(), failsafePath, "Executor") {
			return knownHelper{}, false
		}
	} else if sig.Recv() != nil {
		return knownHelper{}, false
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
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == retrypolicyPath {
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
