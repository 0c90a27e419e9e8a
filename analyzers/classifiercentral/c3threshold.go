package classifiercentral

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
)

// c3Threshold reports retry conditions built by a package function that
// returns a closure deciding on a status threshold: `func Over(code int)
// Retryer { return func(a Attempt) (Decision, error) { if
// a.Response.StatusCode >= code { return Retry, nil } ... } }`. The
// closure is a classifier whatever it is handed to later (its answer
// names a retry, or its type or factory is named for retrying), and it
// decides on statuses by that one comparison. When the bound is a
// constant below 500 the closure's retry answer is reported; when it is a
// parameter of the factory, each call in the package that passes such a
// constant is (Over(300) retries every 3xx and 4xx answer).
func (r *runner) c3Threshold() {
	judged := map[ast.Node]bool{}
	for _, c := range r.cls {
		judged[c.Func] = true // c3 evaluates these itself
	}
	for fc := range r.in.Root().Preorder((*ast.FuncDecl)(nil)) {
		fd := fc.Node().(*ast.FuncDecl)
		fn, _ := r.info.Defs[fd.Name].(*types.Func)
		if fd.Body == nil || fn == nil {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				if len(n.Results) == 1 {
					if lit, ok := ast.Unparen(n.Results[0]).(*ast.FuncLit); ok && !judged[lit] {
						r.judgeThreshold(fd, fn, lit)
					}
				}
			}
			return true
		})
	}
}

// judgeThreshold judges the closure lit that factory fn returns.
func (r *runner) judgeThreshold(fd *ast.FuncDecl, fn *types.Func, lit *ast.FuncLit) {
	sig, _ := r.info.TypeOf(lit).(*types.Signature)
	if sig == nil || sig.Results().Len() == 0 {
		return
	}
	first := sig.Results().At(0).Type()
	enum := classify.IsEnum(first)
	if !enum && !isBoolType(first) {
		return
	}
	// A bool answers "retry" with true only when the factory or the
	// closure's type is named for retrying (RetryIfOver, CheckRetry).
	named := classify.NameSaysClassifier(fd.Name.Name)
	if res := fn.Type().(*types.Signature).Results(); res.Len() == 1 {
		if n, ok := types.Unalias(res.At(0).Type()).(*types.Named); ok {
			named = named || classify.NameSaysClassifier(n.Obj().Name())
		}
	}
	if !enum && !named {
		return
	}
	// The closure decides on statuses by one comparison only: a second
	// one (4xx answered apart, a switch on the status) may exclude the
	// client errors before the threshold is reached.
	var cmp *ast.BinaryExpr
	count := 0
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SwitchStmt:
			if n.Tag != nil && r.finder.IsStatus(n.Tag) {
				count += 2
			}
		case *ast.BinaryExpr:
			switch n.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				if r.finder.IsStatus(n.X) || r.finder.IsStatus(n.Y) {
					count++
					cmp = n
				}
			}
		}
		return true
	})
	if count != 1 {
		return
	}
	bound, strict, ok := r.finder.StatusThreshold(cmp)
	if !ok {
		return
	}
	at := r.thresholdAnswer(lit, cmp, enum)
	if at == nil {
		return
	}
	if tv, ok := r.info.Types[bound]; ok && tv.Value != nil {
		r.reportThreshold(at, tv.Value, strict, "status range "+rangeString(tv.Value, strict))
		return
	}
	// A bound that is a parameter of the factory: judged at each call.
	id, ok := ast.Unparen(bound).(*ast.Ident)
	if !ok {
		return
	}
	params := fn.Type().(*types.Signature).Params()
	idx := -1
	for i := range params.Len() {
		if params.At(i) == r.info.Uses[id] {
			idx = i
		}
	}
	if idx < 0 || fn.Type().(*types.Signature).Variadic() && idx == params.Len()-1 {
		return
	}
	for c := range r.in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		if typeutil.Callee(r.info, call) != fn || idx >= len(call.Args) {
			continue
		}
		if tv, ok := r.info.Types[call.Args[idx]]; ok && tv.Value != nil {
			r.reportThreshold(call.Args[idx], tv.Value, strict, fmt.Sprintf("%s(%s) builds a retry condition on status %s, which",
				fd.Name.Name, tv.Value.ExactString(), rangeString(tv.Value, strict)))
		}
	}
}

// thresholdAnswer returns where the closure answers "retry" on the
// threshold cmp: a return of the retry answer at the top of the body of an
// if whose condition is cmp (or requires it, an operand of &&), or, for a
// bool closure, a return of cmp itself.
func (r *runner) thresholdAnswer(lit *ast.FuncLit, cmp *ast.BinaryExpr, enum bool) ast.Node {
	var at ast.Node
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if at != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if !requires(n.Cond, cmp) {
				break
			}
			for _, s := range n.Body.List {
				if ret, ok := s.(*ast.ReturnStmt); ok && r.retryAnswer(ret, enum) {
					at = ret
				}
			}
		case *ast.ReturnStmt:
			if !enum && len(n.Results) == 1 && ast.Unparen(n.Results[0]) == cmp {
				at = n
			}
		}
		return true
	})
	return at
}

// requires reports whether cond holds only when cmp does: cmp itself, or
// an operand of &&.
func requires(cond ast.Expr, cmp *ast.BinaryExpr) bool {
	switch x := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		if x == cmp {
			return true
		}
		if x.Op == token.LAND {
			return requires(x.X, cmp) || requires(x.Y, cmp)
		}
	}
	return false
}

// retryAnswer reports whether ret answers "retry": an enum constant whose
// name says so (Retry), or true.
func (r *runner) retryAnswer(ret *ast.ReturnStmt, enum bool) bool {
	if len(ret.Results) == 0 {
		return false
	}
	first := ast.Unparen(ret.Results[0])
	if enum {
		c, _ := r.info.Uses[analysisutil.RefIdent(first)].(*types.Const)
		return classify.RetryMeaning(c) == classify.True
	}
	tv, ok := r.info.Types[first]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
}

func rangeString(bound constant.Value, strict bool) string {
	if strict {
		return "> " + bound.ExactString()
	}
	return ">= " + bound.ExactString()
}

// reportThreshold reports at node the deterministic statuses that a
// threshold of bound admits, if any; subject names the range.
func (r *runner) reportThreshold(node ast.Node, bound constant.Value, strict bool, subject string) {
	b, ok := constant.Int64Val(constant.ToInt(bound))
	if !ok {
		return
	}
	var found []string
	for _, code := range deterministicStatuses {
		if code > b || code == b && !strict {
			found = append(found, fmt.Sprintf("HTTP %d", code))
		}
	}
	if len(found) == 0 {
		return
	}
	r.rep.Report(analysis.Diagnostic{
		Pos:      node.Pos(),
		Category: string(analysisdoc.C3),
		Message: fmt.Sprintf("%s answers retry for %s, but %s; start the range at 500 and list 408 and 429 apart",
			subject, labels(found), why(found)),
	})
}

func isBoolType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}
