package noretrycanceled

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/ctxaware"
	"github.com/reslint/reslint/internal/directive"
	"github.com/reslint/reslint/internal/lazyinspect"
	"github.com/reslint/reslint/internal/retryscope"
	"github.com/reslint/reslint/internal/wait"
)

//go:embed doc.go
var doc string

// Analyzer reports retries of requests whose caller has gone (N1-N4).
var Analyzer = &analysis.Analyzer{
	Name:     "noretrycanceled",
	Doc:      analysisdoc.MustExtract(doc, "noretrycanceled"),
	URL:      "https://github.com/reslint/reslint#noretrycanceled",
	Requires: []*analysis.Analyzer{lazyinspect.Analyzer, wait.Analyzer, retryscope.Analyzer, ctxaware.Analyzer, classify.Analyzer},
	Run:      directive.Run(nil, run),
}

// runner is the state of one pass.
type runner struct {
	pass  *analysis.Pass
	info  *types.Info
	in    *inspector.Inspector
	res   *retryscope.Result
	rep   *directive.Reporter
	ctx   *ctxaware.Result
	wait  *wait.Result
	decls map[*types.Func]*ast.FuncDecl
	defs  map[*types.Var]ast.Expr
}

func run(pass *analysis.Pass, rep *directive.Reporter) (any, error) {
	r := &runner{
		pass: pass,
		info: pass.TypesInfo,
		in:   lazyinspect.Of(pass),
		res:  pass.ResultOf[retryscope.Analyzer].(*retryscope.Result),
		ctx:  pass.ResultOf[ctxaware.Analyzer].(*ctxaware.Result),
		wait: pass.ResultOf[wait.Analyzer].(*wait.Result),
	}
	r.rep = rep

	r.decls, r.defs = r.res.Decls, r.res.Defs
	r.n1()
	loops := r.retryLoops()
	all := append(loops[:len(loops):len(loops)], r.gotoLoops()...)
	walked := append(append(all, r.stepLoops()...), r.recursionPaths()...)
	r.n2(append(append(walked[:len(walked):len(walked)], r.restartLoops()...), r.swallowPolls()...))
	r.spinLoops(walked)
	r.n2Helpers(loops)
	r.n3()
	r.n4(loops)
	return nil, nil
}

// report reports d under rule (N1-N4) through the suite's reporter, which
// applies the test-file policy and ignore directives.
func (r *runner) report(rule analysisdoc.RuleID, d analysis.Diagnostic) {
	d.Category = string(rule)
	r.rep.Report(d)
}

func (r *runner) reportf(rule analysisdoc.RuleID, pos token.Pos, format string, args ...any) {
	r.rep.Rulef(rule, pos, format, args...)
}
