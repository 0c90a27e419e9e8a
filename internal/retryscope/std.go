package retryscope

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/internal/goroot"
	"github.com/reslint/reslint/internal/knowledge"
)

// stdResult is the pass's work on a package of the standard library:
// none. It exports the package's rows of knowledge.StdCallsFuncParam
// (the only facts of this pass that the standard library's API carries;
// see knowledge/std.go for why a table replaces the analysis) and returns
// a result with no scopes, which the other passes, returning early on the
// standard library too, do not read.
func stdResult(pass *analysis.Pass) *Result {
	for name, ps := range knowledge.StdCallsFuncParam[pass.Pkg.Path()] {
		if fn := goroot.Func(pass.Pkg, name); fn != nil {
			pass.ExportObjectFact(fn, &CallsFuncParamFact{Params: ps})
		}
	}
	return &Result{
		Defs:   map[*types.Var]ast.Expr{},
		Decls:  map[*types.Func]*ast.FuncDecl{},
		helper: map[*types.Func][]int{},
		fact:   func(*types.Func) *HelperFact { return nil },
	}
}
