package classify

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/ctxaware"
)

// RetryMeaning says whether an enum constant returned by a classifier
// means "retry", judged by its name: Transient, Retryable, Temporary,
// Ambiguous (retry when idempotent), RetryLater say yes; Fatal, Permanent,
// NoRetry, Abort, Stop, Fail say no; anything else is Unknown.
func RetryMeaning(c *types.Const) Tri {
	if c == nil {
		return Unknown
	}
	l := strings.ToLower(c.Name())
	for _, w := range []string{"noretry", "dontretry", "donotretry", "nonretr", "notretr", "unretr", "never",
		"fatal", "permanent", "abort", "stop", "terminal", "giveup", "drop", "reject", "ignore", "success", "none"} {
		if strings.Contains(l, w) {
			return False
		}
	}
	switch l {
	case "ok", "fail", "failed", "failure", "done":
		return False
	}
	for _, w := range []string{"retry", "retri", "transient", "temporary", "ambiguous", "again", "backoff", "throttl"} {
		if strings.Contains(l, w) {
			return True
		}
	}
	return Unknown
}

// Retries interprets an answer of c as a retry verdict: the bool answer,
// negated for abort predicates, or the meaning of the enum constant.
func (c *Classifier) Retries(a Answer) Tri {
	if c.Shape == Enum {
		return RetryMeaning(a.Const)
	}
	if c.Reversed() {
		return a.Value.Not()
	}
	return a.Value
}

// Eval evaluates c's body for an error of hypothesis h (see Eval). It
// returns nil, false when the body is not visible.
func (c *Classifier) Eval(info *types.Info, h Hypothesis, opt *Options) ([]Answer, bool) {
	if c.Func == nil || c.Err == nil {
		return nil, false
	}
	return Eval(info, c.Func, c.Err, c.Resp, h, opt)
}

// ConsultsContext reports whether c's body looks at a context — ctx.Err(),
// ctx.Done(), context.Cause(ctx) — or delegates to go-retryablehttp's
// DefaultRetryPolicy/ErrorPropagatedRetryPolicy, which check ctx.Err()
// first. Such a classifier can tell the caller's deadline from a
// per-attempt timeout.
func (c *Classifier) ConsultsContext(info *types.Info) bool {
	if c.Body == nil {
		return false
	}
	if ctxaware.ConsultsContext(info, c.Body, nil) {
		return true
	}
	found := false
	ast.Inspect(c.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			found = IsDefaultRetryPolicy(info, call)
		}
		return !found
	})
	return found
}

// IsDefaultRetryPolicy reports whether call is go-retryablehttp's
// DefaultRetryPolicy or ErrorPropagatedRetryPolicy.
func IsDefaultRetryPolicy(info *types.Info, call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == RetryablehttpPath &&
		(fn.Name() == "DefaultRetryPolicy" || fn.Name() == "ErrorPropagatedRetryPolicy")
}

// ContextErrorIn returns the first of exprs (HandleErrors arguments) that
// is the context error of h, or a package variable assigned it.
func ContextErrorIn(info *types.Info, exprs []ast.Expr, h Hypothesis, defs map[*types.Var]ast.Expr) ast.Expr {
	for _, e := range exprs {
		if got, ok := ContextErrorOf(info, e, defs); ok && got == h {
			return e
		}
	}
	return nil
}

// ContextErrorOf says which context error e denotes: context.Canceled or
// context.DeadlineExceeded, directly or through a package variable
// assigned once. ok is false for anything else.
func ContextErrorOf(info *types.Info, e ast.Expr, defs map[*types.Var]ast.Expr) (h Hypothesis, ok bool) {
	for range 4 {
		id := analysisutil.RefIdent(e)
		if id == nil {
			return 0, false
		}
		v, isVar := info.Uses[id].(*types.Var)
		if !isVar || v.Pkg() == nil {
			return 0, false
		}
		if v.Pkg().Path() == "context" {
			switch v.Name() {
			case "Canceled":
				return Canceled, true
			case "DeadlineExceeded":
				return DeadlineExceeded, true
			}
			return 0, false
		}
		if e = defs[v]; e == nil {
			return 0, false
		}
	}
	return 0, false
}
