// Package lazyinspect provides the suite's shared AST inspector, built on
// first use.
//
// The suite's passes run on every dependency of the analyzed packages
// (they export facts), the standard library included, where they return
// at once. inspect.Analyzer would build an inspector for every one of
// those packages before any pass could return; Analyzer instead hands
// every pass of a package one Result, whose Inspector builds
// inspector.New(pass.Files) the first time a pass asks for it. A package
// on which every pass returns early never pays for the traversal, and all
// passes of one package still share one inspector.
package lazyinspect

import (
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// Analyzer's result is a *Result; it reads no syntax itself.
var Analyzer = &analysis.Analyzer{
	Name:       "lazyinspect",
	Doc:        "provide an AST inspector built on first use, shared by the passes of a package",
	URL:        "https://github.com/reslint/reslint#lazyinspect",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
}

// Result holds a package's files and, once asked for, their inspector.
// Passes of one package may run concurrently: Inspector is safe for that.
type Result struct {
	pass *analysis.Pass
	once sync.Once
	in   *inspector.Inspector
}

func run(pass *analysis.Pass) (any, error) { return &Result{pass: pass}, nil }

// Inspector returns the package's inspector, building it on the first call.
func (r *Result) Inspector() *inspector.Inspector {
	r.once.Do(func() { r.in = inspector.New(r.pass.Files) })
	return r.in
}

// Of returns the inspector of pass's package; pass's analyzer must
// require Analyzer.
func Of(pass *analysis.Pass) *inspector.Inspector {
	return pass.ResultOf[Analyzer].(*Result).Inspector()
}
