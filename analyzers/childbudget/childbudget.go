package childbudget

import (
	_ "embed"
	"go/ast"
	"go/types"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/budget"
	"github.com/reslint/reslint/internal/directive"
	"github.com/reslint/reslint/internal/lazyinspect"
	"github.com/reslint/reslint/internal/retryscope"
	"github.com/reslint/reslint/internal/wait"
)

//go:embed doc.go
var doc string

// Analyzer reports child timeouts that cannot fit in what their parent has
// left, retry series that do not fit their budget, and calls detached from
// the caller's budget (rules B1-B4).
var Analyzer = &analysis.Analyzer{
	Name:      "childbudget",
	Doc:       analysisdoc.MustExtract(doc, "childbudget"),
	URL:       "https://github.com/reslint/reslint#childbudget",
	Requires:  []*analysis.Analyzer{lazyinspect.Analyzer, wait.Analyzer, retryscope.Analyzer},
	Run:       directive.Run(nil, run),
	FactTypes: []analysis.Fact{new(TimeoutFact), new(KeepsContextFact)},
}

// Settings.
var (
	// reserve is the time every layer must leave its parent (B1, B2).
	reserve time.Duration
	// Field names of retry-policy structs (B3 b), "|"-separated.
	attemptsFields = "MaxAttempts|Attempts|MaxTries"
	perFields      = "PerAttempt|AttemptTimeout|PerTryTimeout"
	budgetFields   = "Budget|TotalTimeout|MaxElapsedTime"
	baseFields     = "Base|InitialInterval"
	capFields      = "Cap|MaxInterval|MaxDelay"
)

func init() {
	Analyzer.Flags.DurationVar(&reserve, "reserve", 0, "time each child must leave its parent (B1, B2): above 0, a child timeout equal to what its parent has left, or closer to it than this, is reported too")
	Analyzer.Flags.StringVar(&attemptsFields, "attemptfields", attemptsFields, "|-separated field names of a retry policy's attempt count (B3)")
	Analyzer.Flags.StringVar(&perFields, "perattemptfields", perFields, "|-separated field names of a retry policy's per-attempt timeout (B3)")
	Analyzer.Flags.StringVar(&budgetFields, "budgetfields", budgetFields, "|-separated field names of a retry policy's total budget (B3)")
	Analyzer.Flags.StringVar(&baseFields, "basefields", baseFields, "|-separated field names of a retry policy's first backoff wait (B3)")
	Analyzer.Flags.StringVar(&capFields, "capfields", capFields, "|-separated field names of a retry policy's backoff cap (B3)")
}

// state is one pass's working data.
type state struct {
	pass   *analysis.Pass
	info   *types.Info
	in     *inspector.Inspector
	r      *directive.Reporter
	tr     *budget.Tracker
	scopes *retryscope.Result
	wait   *wait.Result
	// clamps holds the functions (declarations, with their closures) that
	// read a context's Deadline(): they compute their children from what
	// is left, and constant timeouts in them are not judged.
	clamps map[ast.Node]bool
	// facts are this package's functions' timeout facts.
	facts map[*types.Func]*TimeoutFact
	// b1 holds the timeout calls B1 reported, so B3 does not repeat them.
	b1 map[*ast.CallExpr]bool
	// keeps holds this package's functions that keep a context they
	// receive (KeepsContextFact).
	keeps map[*types.Func]bool
}

func run(pass *analysis.Pass, r *directive.Reporter) (any, error) {
	if !analysisutil.ImportsAny(pass.Pkg, "context", "time") {
		return nil, nil
	}
	st := &state{
		pass:   pass,
		info:   pass.TypesInfo,
		in:     lazyinspect.Of(pass),
		r:      r,
		scopes: pass.ResultOf[retryscope.Analyzer].(*retryscope.Result),
		wait:   pass.ResultOf[wait.Analyzer].(*wait.Result),
		clamps: map[ast.Node]bool{},
		facts:  map[*types.Func]*TimeoutFact{},
		b1:     map[*ast.CallExpr]bool{},
		keeps:  map[*types.Func]bool{},
	}
	st.policies() // B3 (b): needs only time
	if !analysisutil.ImportsAny(pass.Pkg, "context") {
		return nil, nil
	}
	st.tr = budget.NewTracker(st.info, st.in)
	st.findClamps()
	st.findIngress()
	st.nested() // B1
	st.inferFacts()
	st.inferKeeps()
	st.calls()    // B2
	st.attempts() // B3 (a)
	st.detached() // B4
	return nil, nil
}

// findClamps records the top-level functions that call Deadline() on a
// context: a clamp helper (if dl, ok := ctx.Deadline(); ok { ... }) or
// "set a timeout only when there is no deadline" code.
func (st *state) findClamps() {
	for c := range st.in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Deadline" || len(call.Args) != 0 || !budget.IsContext(st.info.TypeOf(sel.X)) {
			continue
		}
		if d := outerFunc(c); d.Valid() {
			st.clamps[d.Node()] = true
		}
	}
}

// outerFunc returns the outermost function (declaration or literal) around
// c.
func outerFunc(c inspector.Cursor) inspector.Cursor {
	var out inspector.Cursor
	for f := range c.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		out = f
	}
	return out
}

// inClamp reports whether c is in a function that reads a deadline.
func (st *state) inClamp(c inspector.Cursor) bool {
	f := outerFunc(c)
	return f.Valid() && st.clamps[f.Node()]
}

// fields splits a |-separated list of field names.
func fields(s string) []string {
	var out []string
	for f := range strings.SplitSeq(s, "|") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// short formats a duration for messages.
func short(d time.Duration) string { return budget.Format(d) }
