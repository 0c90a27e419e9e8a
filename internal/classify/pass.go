package classify

import (
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/goroot"
	"github.com/reslint/reslint/internal/retryscope"
)

// Analyzer finds the package's retry classifiers once for every rule that
// judges them (noretrycanceled's N1, classifiercentral's C1-C3): its
// result is a *Classifiers. It reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:       "classifiers",
	Doc:        "find the retry classifiers of a package (shared by reslint analyzers; reports nothing)",
	URL:        "https://github.com/reslint/reslint/blob/main/docs/rules.md",
	Requires:   []*analysis.Analyzer{inspect.Analyzer, retryscope.Analyzer},
	Run:        runPass,
	ResultType: reflect.TypeFor[*Classifiers](),
}

// Classifiers is the result of Analyzer.
type Classifiers struct {
	// List is every classifier of the package, in source order of their
	// first site.
	List []*Classifier
}

func runPass(pass *analysis.Pass) (any, error) {
	if goroot.Standard(pass) {
		return &Classifiers{}, nil // no finding is wanted there: see knowledge/std.go
	}
	in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
	return &Classifiers{List: Find(pass, in, res)}, nil
}
