package ctxaware

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/internal/goroot"
	"github.com/reslint/reslint/internal/knowledge"
)

// stdResult is the pass's work on a package of the standard library: it
// exports the package's rows of knowledge.StdHonorsCtx instead of
// analyzing it (see knowledge/std.go), and answers for this package from
// them.
func stdResult(pass *analysis.Pass) *Result {
	r := &Result{pass: pass, info: pass.TypesInfo, local: map[*types.Func]*CtxFact{}, defs: map[*types.Var]ast.Expr{}}
	for name, ps := range knowledge.StdHonorsCtx[pass.Pkg.Path()] {
		if fn := goroot.Func(pass.Pkg, name); fn != nil {
			f := &CtxFact{Honors: ps}
			r.local[fn] = f
			pass.ExportObjectFact(fn, f)
		}
	}
	return r
}
