package timerstop

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"go/version"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/directive"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/lazyinspect"
)

//go:embed doc.go
var doc string

// Analyzer reports timers and tickers that outlive their use (rules
// T1-T6), according to the Go version of each file.
var Analyzer = &analysis.Analyzer{
	Name:     "timerstop",
	Doc:      analysisdoc.MustExtract(doc, "timerstop"),
	URL:      "https://github.com/reslint/reslint#timerstop",
	Requires: []*analysis.Analyzer{lazyinspect.Analyzer},
	Run:      directive.Run(nil, run),

	FactTypes: []analysis.Fact{new(FreshTimerFact)},
}

// strict is the -timerstop.strict setting: report T1 and T2 in go1.23+
// files too, where they cost memory but no longer leak.
var strict bool

func init() {
	Analyzer.Flags.BoolVar(&strict, "strict", false, "also report unstopped timers (T1) and time.After in loops (T2) in files for go1.23 and later, where they are a cost rather than a leak")
}

// go123 is the release that made unreferenced timers collectable and
// timer channels unbuffered.
const go123 = "go1.23"

// state is one pass's working data.
type state struct {
	pass  *analysis.Pass
	info  *types.Info
	in    *inspector.Inspector
	r     *directive.Reporter
	files map[*token.File]*ast.File

	// vars holds the NewTimer/NewTicker locals (T1, T4, T5), by function.
	vars   map[*types.Var]*timerVar
	byFunc map[ast.Node][]*timerVar
	funcs  []inspector.Cursor // functions in byFunc, in source order

	defs    map[*types.Var]ast.Expr    // single definitions, computed on first use (T2)
	goLits  map[*ast.FuncLit]bool      // func literals run as goroutines
	goFuncs map[*types.Func]bool       // functions started by a go statement
	tickVar map[*types.Var]bool        // locals holding a time.Tick or ticker channel
	fStops  map[*types.Var][]token.Pos // x.f.Stop() calls, by ticker field f
	fSets   map[*types.Var]int         // assignments to ticker fields

	fieldTickers []inspector.Cursor // time.NewTicker calls stored in a field

	afters, ticks []inspector.Cursor   // time.After (and wrappers) and time.Tick calls
	freshLocal    map[*types.Func]bool // this package's functions returning a fresh timer channel
	loops         []inspector.Cursor   // for and range statements (T5)
	t5            map[*types.Var]bool  // tickers an endless goroutine loop holds: T5's, not T1's

	// Control-flow graphs and never-returning functions of this package,
	// built on first use (flow.go).
	cfgs    map[ast.Node]*cfg.CFG
	decls   map[*types.Func]*ast.FuncDecl // nil until first needed
	noRet   map[*types.Func]bool          // decided: never returns or may return
	started map[*types.Func]bool          // deciding: a cycle may return

	// asyncTimerChan is set by //go:debug asynctimerchan=1 in the package:
	// the old semantics, whatever the files' versions.
	asyncTimerChan bool
}

func run(pass *analysis.Pass, r *directive.Reporter) (any, error) {
	// Fast path: nothing to do in a package that does not import time.
	if !analysisutil.ImportsAny(pass.Pkg, "time") {
		return nil, nil
	}
	st := &state{
		pass:    pass,
		info:    pass.TypesInfo,
		in:      lazyinspect.Of(pass),
		r:       r,
		files:   make(map[*token.File]*ast.File),
		vars:    make(map[*types.Var]*timerVar),
		byFunc:  make(map[ast.Node][]*timerVar),
		goLits:  make(map[*ast.FuncLit]bool),
		goFuncs: make(map[*types.Func]bool),
		tickVar: make(map[*types.Var]bool),
		fStops:  make(map[*types.Var][]token.Pos),
		fSets:   make(map[*types.Var]int),
		t5:      make(map[*types.Var]bool),
		cfgs:    make(map[ast.Node]*cfg.CFG),
		noRet:   make(map[*types.Func]bool),
		started: make(map[*types.Func]bool),

		freshLocal: make(map[*types.Func]bool),
	}
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.Pos()); tf != nil {
			st.files[tf] = f
		}
		st.asyncTimerChan = st.asyncTimerChan || asksOldTimers(f)
	}

	st.freshTimerFuncs() // before collect, which looks for their calls
	st.collect()
	for _, fc := range st.funcs {
		guard.Mark(pass, fc.Node().Pos()) // the position of an internal error
		st.uses(fc, st.byFunc[fc.Node()])
	}
	st.checkLoops() // T5 first: it decides which tickers T1 leaves alone
	for _, fc := range st.funcs {
		guard.Mark(pass, fc.Node().Pos())
		st.checkFunc(fc, st.byFunc[fc.Node()]) // T1, T4
	}
	st.checkGoArgs() // T1: a ticker handed to a goroutine that never ends
	st.checkAfters() // T2
	st.checkTicks()  // T3
	st.checkFieldTickers()
	return nil, nil
}

// asksOldTimers reports whether f holds //go:debug asynctimerchan=1 (in
// its header, where //go:debug directives go): a main package can ask for
// the old timers whatever its go line says.
func asksOldTimers(f *ast.File) bool {
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			setting, ok := strings.CutPrefix(c.Text, "//go:debug ")
			if !ok {
				continue
			}
			if k, v, ok := strings.Cut(strings.TrimSpace(setting), "="); ok && strings.TrimSpace(k) == "asynctimerchan" && strings.TrimSpace(v) == "1" {
				return true
			}
		}
	}
	return false
}

// collect walks the package once and files away everything the rules
// look at. T6 needs nothing more and is checked on the spot.
func (st *state) collect() {
	nodeTypes := []ast.Node{
		(*ast.CallExpr)(nil),
		(*ast.GoStmt)(nil),
		(*ast.ForStmt)(nil),
		(*ast.RangeStmt)(nil),
		(*ast.AssignStmt)(nil),
		(*ast.KeyValueExpr)(nil),
	}
	for c := range st.in.Root().Preorder(nodeTypes...) {
		switch n := c.Node().(type) {
		case *ast.CallExpr:
			st.collectCall(c, n)
		case *ast.GoStmt:
			if lit, ok := ast.Unparen(n.Call.Fun).(*ast.FuncLit); ok {
				st.goLits[lit] = true
			} else if fn := calleeFunc(st.info, n.Call); fn != nil {
				st.goFuncs[fn] = true
			}
		case *ast.ForStmt, *ast.RangeStmt:
			st.loops = append(st.loops, c)
		case *ast.AssignStmt:
			// Count assignments to ticker fields: T5 trusts a field's
			// Stop only if the field is not replaced by a new ticker.
			for _, lhs := range n.Lhs {
				if f := fieldOf(st.info, lhs); f != nil && kindOf(f.Type()) == isTicker {
					st.fSets[f]++
				}
			}
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok {
				if f, ok := st.info.Uses[id].(*types.Var); ok && f.IsField() && kindOf(f.Type()) == isTicker {
					st.fSets[f]++
				}
			}
		}
	}
}

func (st *state) collectCall(c inspector.Cursor, call *ast.CallExpr) {
	switch timeFunc(st.info, call) {
	case "NewTicker":
		if st.fieldTicker(c) != nil {
			st.fieldTickers = append(st.fieldTickers, c)
		}
		st.creation(c, call)
		return
	case "NewTimer":
		st.creation(c, call)
		return
	case "After":
		st.afters = append(st.afters, c)
		return
	case "Tick":
		st.ticks = append(st.ticks, c)
		if v := assignedTo(st.info, c); v != nil {
			st.tickVar[v] = true
		}
		return
	}
	if st.freshTimerFunc(call) != nil {
		st.afters = append(st.afters, c)
		return
	}
	if isGoStarter(st.info, call) {
		for _, arg := range call.Args {
			if lit, ok := ast.Unparen(arg).(*ast.FuncLit); ok {
				st.goLits[lit] = true
			}
		}
	}
	if x, m := timerMethod(st.info, call); m == "Stop" {
		if f := fieldOf(st.info, x); f != nil && kindOf(f.Type()) == isTicker {
			st.fStops[f] = append(st.fStops[f], call.Pos())
		}
		return
	}
	// T6: len(t.C) or cap(t.C).
	if name := builtinName(st.info, call); (name == "len" || name == "cap") && len(call.Args) == 1 {
		if x, k := chanOf(st.info, call.Args[0]); x != nil && !st.old(call.Pos()) {
			st.r.Report(analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: string(analysisdoc.T6),
				Message: fmt.Sprintf("%s(%s) is always 0 since Go 1.23, where %s channels are unbuffered, so this check never sees a pending tick; use the result of Stop or Reset, or a select with a default case",
					name, exprString(call.Args[0]), k)})
		}
	}
}

// assignedTo returns the local variable that the call at c is assigned to
// by `v := call`, `v = call` or `var v = call`, if any.
func assignedTo(info *types.Info, c inspector.Cursor) *types.Var {
	switch kind, i := c.ParentEdge(); kind {
	case edge.AssignStmt_Rhs:
		as := c.Parent().Node().(*ast.AssignStmt)
		if len(as.Lhs) == len(as.Rhs) {
			return localVar(info, as.Lhs[i])
		}
	case edge.ValueSpec_Values:
		vs := c.Parent().Node().(*ast.ValueSpec)
		if len(vs.Names) == len(vs.Values) {
			return localVar(info, vs.Names[i])
		}
	}
	return nil
}

// old reports whether the file holding pos is compiled with the timer
// semantics before Go 1.23. An unknown version counts as old: the go
// command builds a main module without a go line, and a GOPATH-mode
// program, with go1.16-era GODEBUG defaults (asynctimerchan=1), so the
// old semantics are what such code gets.
func (st *state) old(pos token.Pos) bool {
	if st.asyncTimerChan {
		return true
	}
	f := st.files[st.pass.Fset.File(pos)]
	if f == nil {
		return true
	}
	v := st.info.FileVersions[f]
	return v == "" || !version.IsValid(v) || version.Compare(v, go123) < 0
}

// enclosingFunc returns the innermost function (declaration or literal)
// enclosing c, or ok=false at package level.
func enclosingFunc(c inspector.Cursor) (inspector.Cursor, bool) {
	for fc := range c.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if fc != c {
			return fc, true
		}
	}
	return inspector.Cursor{}, false
}

// funcBody returns the body of a *ast.FuncDecl or *ast.FuncLit.
func funcBody(fn ast.Node) *ast.BlockStmt {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		return fn.Body
	case *ast.FuncLit:
		return fn.Body
	}
	return nil
}

// isMainOrInit reports whether fn is main.main or an init function, which
// run once for the life of the process: what they start is meant to last.
func (st *state) isMainOrInit(fn ast.Node) bool {
	decl, ok := fn.(*ast.FuncDecl)
	if !ok || decl.Recv != nil {
		return false
	}
	return decl.Name.Name == "init" || decl.Name.Name == "main" && st.pass.Pkg.Name() == "main"
}

// calleeFunc returns the function or method a call statically calls.
func calleeFunc(info *types.Info, call *ast.CallExpr) *types.Func {
	return typeutil.StaticCallee(info, call)
}

// line returns pos's line number, for messages.
func (st *state) line(pos token.Pos) int { return st.pass.Fset.Position(pos).Line }
