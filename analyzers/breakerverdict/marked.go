package breakerverdict

// Functions marked //reslint:breaker: the success predicate of a
// hand-written breaker (true means the dependency did fine).

import (
	"go/ast"
	"go/types"

	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/directive"
)

func (r *runner) marked() {
	for c := range r.in.Root().Preorder((*ast.FuncDecl)(nil)) {
		d := c.Node().(*ast.FuncDecl)
		if _, ok := directive.FuncMark(d, "breaker"); !ok || d.Body == nil {
			continue
		}
		fn, _ := r.info.Defs[d.Name].(*types.Func)
		if fn == nil {
			continue
		}
		p := (&predicate{expr: d.Name, fn: d, obj: fn, sig: fn.Type().(*types.Signature)}).params()
		if p.errp == nil || !boolResult(p.sig) {
			r.report(d.Name.Pos(), "//reslint:breaker marks a success predicate, a function with an error parameter and a bool result; "+d.Name.Name+" is not one, so nothing is checked")
			continue
		}
		for _, ret := range r.answers(p, classify.False) {
			r.report(ret.Pos(), "breaker success predicate "+d.Name.Name+" answers false for "+p.canceled()+" here, so the caller's cancellation counts as a failure of the dependency and a wave of cancelled requests opens the breaker; answer true for "+p.test()+" first")
		}
	}
}
