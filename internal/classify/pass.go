package classify

import (
	"fmt"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/internal/goroot"
	"github.com/reslint/reslint/internal/lazyinspect"
	"github.com/reslint/reslint/internal/retryscope"
)

// Analyzer finds the package's retry classifiers once for every rule that
// judges them (noretrycanceled's N1, classifiercentral's C1-C3): its
// result is a *Classifiers. It reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:       "classifiers",
	Doc:        "find the retry classifiers of a package (shared by reslint analyzers; reports nothing)",
	URL:        "https://github.com/reslint/reslint/blob/main/docs/rules.md",
	Requires:   []*analysis.Analyzer{lazyinspect.Analyzer, retryscope.Analyzer},
	Run:        runPass,
	ResultType: reflect.TypeFor[*Classifiers](),
	FactTypes:  []analysis.Fact{new(RetriesCancelFact)},
}

// RetriesCancelFact marks an exported function found as a classifier by
// its name and shape that answers "retry" for context.Canceled on some
// certain path. Its own package cannot tell whether callers screen context
// errors before asking it; the importing packages that call it judge
// their calls (N1 at the call).
type RetriesCancelFact struct {
	// How is CatchAll or Explicit (see How).
	How How
	// At is the file:line of the return that answers "retry".
	At string
}

func (*RetriesCancelFact) AFact() {}
func (f *RetriesCancelFact) String() string {
	if f.How == Explicit {
		return "retries canceled (explicit)"
	}
	return "retries canceled (catch-all)"
}

// Classifiers is the result of Analyzer.
type Classifiers struct {
	// List is every classifier of the package, in source order of their
	// first site.
	List []*Classifier
	pass *analysis.Pass
}

// RetriesCancel returns the RetriesCancelFact of another package's
// function, if it has one. (A fact can be read only by the pass that
// exports it, hence this door for the rules.)
func (c *Classifiers) RetriesCancel(fn *types.Func) (RetriesCancelFact, bool) {
	var f RetriesCancelFact
	if c.pass == nil || fn == nil || fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return f, false
	}
	ok := c.pass.ImportObjectFact(fn.Origin(), &f)
	return f, ok
}

func runPass(pass *analysis.Pass) (any, error) {
	if goroot.Standard(pass) {
		return &Classifiers{}, nil // no finding is wanted there: see knowledge/std.go
	}
	in := lazyinspect.Of(pass)
	res := pass.ResultOf[retryscope.Analyzer].(*retryscope.Result)
	list := Find(pass, in, res)
	exportRetriesCancel(pass, list, &Options{Decls: res.Decls, Defs: res.Defs})
	return &Classifiers{List: list, pass: pass}, nil
}

// exportRetriesCancel exports RetriesCancelFact for the exported
// classifiers found by name and shape only that answer "retry" for
// context.Canceled with certainty.
func exportRetriesCancel(pass *analysis.Pass, list []*Classifier, opt *Options) {
	for _, c := range list {
		fn, ok := c.Obj.(*types.Func)
		if !ok || !fn.Exported() || c.Func == nil || c.Reversed() || slices.ContainsFunc(c.Sites, func(s *Site) bool { return s.Source != Named }) {
			continue
		}
		answers, _ := c.Eval(pass.TypesInfo, Canceled, opt)
		for _, a := range answers {
			if a.Certain && c.Retries(a) == True && a.Callee == nil && (a.How == CatchAll || a.How == Explicit) {
				posn := pass.Fset.Position(a.Return.Pos())
				pass.ExportObjectFact(fn, &RetriesCancelFact{How: a.How, At: fmt.Sprintf("%s:%d", filepath.Base(posn.Filename), posn.Line)})
				break
			}
		}
	}
}
