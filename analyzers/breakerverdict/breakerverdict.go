package breakerverdict

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/directive"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/lazyinspect"
)

//go:embed doc.go
var doc string

// Analyzer reports circuit breakers that count the caller's cancellation
// as a failure of the dependency.
var Analyzer = &analysis.Analyzer{
	Name:      "breakerverdict",
	Doc:       analysisdoc.MustExtract(doc, "breakerverdict"),
	URL:       "https://github.com/reslint/reslint#breakerverdict",
	Requires:  []*analysis.Analyzer{lazyinspect.Analyzer},
	Run:       directive.Run(nil, run),
	FactTypes: []analysis.Fact{new(SettingsSink)},
}

// category is the rule id of every diagnostic (a one-rule analyzer).
const category = string(analysisdoc.BreakerVerdict)

// Import paths of the breaker libraries the rule knows.
const (
	gobreakerPath      = knowledge.Gobreaker // v1; v2 and later end in /vN
	circuitbreakerPath = knowledge.Circuitbreaker
)

// runner is the state of one pass.
type runner struct {
	pass *analysis.Pass
	info *types.Info
	in   *inspector.Inspector
	rep  *directive.Reporter

	// Built on first need: function declarations and variables assigned
	// once (for the predicate evaluator), uses of local variables, and
	// calls by callee.
	opt   *classify.Options
	uses  map[*types.Var][]inspector.Cursor
	calls map[*types.Func][]inspector.Cursor

	reported map[token.Pos]bool
	forgive  *bool // opsForgiveCancel, once computed
}

func run(pass *analysis.Pass, rep *directive.Reporter) (any, error) {
	r := &runner{
		pass:     pass,
		info:     pass.TypesInfo,
		in:       lazyinspect.Of(pass),
		reported: map[token.Pos]bool{},
	}
	r.rep = rep

	gob, failsafe := false, false
	for _, p := range pass.Pkg.Imports() {
		switch {
		case analysisutil.StripMajor(p.Path()) == gobreakerPath:
			gob = true
		case p.Path() == circuitbreakerPath:
			failsafe = true
		}
	}
	if gob {
		r.exportSinks()
		r.gobreaker()
	}
	if failsafe {
		r.failsafe()
	}
	if analysisutil.ImportsFunc(pass.Pkg, knowledge.IsBreakerRecorderPath) {
		r.recorders()
	}
	if hasMark(pass.Files) {
		r.marked()
	}
	return nil, nil
}

// hasMark reports whether some comment of the files holds a
// //reslint:breaker directive: the cheap test before looking at every
// function declaration.
func hasMark(files []*ast.File) bool {
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if strings.HasPrefix(c.Text, "//reslint:breaker") {
					return true
				}
			}
		}
	}
	return false
}

// options returns the evaluator's options, computing them once.
func (r *runner) options() *classify.Options {
	if r.opt == nil {
		r.opt = &classify.Options{
			Decls: analysisutil.FuncDecls(r.info, r.in),
			Defs:  analysisutil.SingleDefs(r.info, r.in),
		}
	}
	return r.opt
}

// report reports one finding at pos, once.
func (r *runner) report(pos token.Pos, msg string, fixes ...analysis.SuggestedFix) {
	if r.reported[pos] {
		return
	}
	r.reported[pos] = true
	r.rep.Report(analysis.Diagnostic{Pos: pos, Category: category, Message: msg, SuggestedFixes: fixes})
}

// varUses returns the cursors of the identifiers that use v (not its
// declaration), indexing the package's identifiers on first need.
func (r *runner) varUses(v *types.Var) []inspector.Cursor {
	if r.uses == nil {
		r.uses = map[*types.Var][]inspector.Cursor{}
		for c := range r.in.Root().Preorder((*ast.Ident)(nil)) {
			if u, ok := r.info.Uses[c.Node().(*ast.Ident)].(*types.Var); ok && !u.IsField() {
				r.uses[u] = append(r.uses[u], c)
			}
		}
	}
	return r.uses[v]
}

// callsOf returns the calls of fn in the package.
func (r *runner) callsOf(fn *types.Func) []inspector.Cursor {
	if r.calls == nil {
		r.calls = map[*types.Func][]inspector.Cursor{}
		for c := range r.in.Root().Preorder((*ast.CallExpr)(nil)) {
			if f := calleeFunc(r.info, c.Node().(*ast.CallExpr)); f != nil {
				r.calls[f] = append(r.calls[f], c)
			}
		}
	}
	return r.calls[fn.Origin()]
}

// cursor returns the cursor of n.
func (r *runner) cursor(n ast.Node) (inspector.Cursor, bool) {
	return r.in.Root().FindNode(n)
}

// valueParent returns the cursor of the node that consumes the value of
// the expression at c, skipping parentheses.
func valueParent(c inspector.Cursor) (inspector.Cursor, ast.Node) {
	for {
		p := c.Parent()
		if _, ok := p.Node().(*ast.ParenExpr); ok {
			c = p
			continue
		}
		return p, c.Node()
	}
}
