package wait

import (
	"go/ast"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/goroot"
	"github.com/reslint/reslint/internal/lazyinspect"
)

// Analyzer computes the package's wait model once for every analyzer
// above it. It reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:       "wait",
	Doc:        "compute which functions wait and how (facts shared by reslint analyzers; reports nothing)",
	URL:        "https://github.com/reslint/reslint/blob/main/docs/rules.md",
	Requires:   []*analysis.Analyzer{lazyinspect.Analyzer},
	Run:        run,
	FactTypes:  []analysis.Fact{new(Fact)},
	ResultType: reflect.TypeFor[*Result](),
}

// Result is the wait model of the package being analyzed.
type Result struct {
	pass *analysis.Pass
	info *types.Info
	// Defs maps variables given a value exactly once to it (SingleDefs),
	// and Decls the package's functions with bodies to their declarations:
	// computed once here for every analyzer.
	Defs  map[*types.Var]ast.Expr
	Decls map[*types.Func]*ast.FuncDecl
	// blind, param and honors are this package's Facts (see Fact).
	blind  map[*types.Func]bool
	param  map[*types.Func]int
	honors map[*types.Func][]int
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{pass: pass, info: pass.TypesInfo}
	if goroot.Standard(pass) {
		// A table, not an analysis: see knowledge/std.go. No blind
		// waiter or sleep helper beyond time.Sleep, which IsBlindSleep
		// knows; the functions that honor their context are
		// knowledge.StdHonorsCtx.
		r.Defs, r.Decls = map[*types.Var]ast.Expr{}, map[*types.Func]*ast.FuncDecl{}
		r.blind, r.param = map[*types.Func]bool{}, map[*types.Func]int{}
		r.stdHonors()
		return r, nil
	}
	in := lazyinspect.Of(pass)
	r.Defs = analysisutil.SingleDefs(pass.TypesInfo, in)
	r.Decls = analysisutil.FuncDecls(pass.TypesInfo, in)
	r.facts(in)
	return r, nil
}

// Visible reports whether fn's body is in this package: its behaviour,
// not its name, then says what it does.
func (r *Result) Visible(fn *types.Func) bool {
	return fn != nil && r.Decls[fn.Origin()] != nil
}

// Select types the cases of sel, following this package's single
// definitions (done := ctx.Done()).
func (r *Result) Select(sel *ast.SelectStmt) *Select {
	return ClassifySelect(r.info, sel, r.Defs)
}

// Case types one clause, as Select does.
func (r *Result) Case(cc *ast.CommClause) Case {
	return ClassifyCase(r.info, cc, r.Defs)
}
