// Package retryscope recognises retry scopes: bodies that may run
// several times as attempts of one logical operation. Every reslint
// analyzer that asks "does this code run once per attempt?" requires
// Analyzer and reads its *Result.
//
// A retry scope is one of:
//   - a retry closure: the operation argument of a retry helper: a func
//     literal, a closure held in a local, a variable or field every
//     assignment of which is a literal (each literal is a scope), a method
//     value or named function of this package, or the literals a function
//     of this package returns (retry.Do(makeOp(req))). Helpers are the known libraries' retry functions, functions
//     marked //reslint:retry, functions named by the -retryfuncs setting, and
//     inferred helpers (exported as HelperFact, so they are recognised in
//     every importing package);
//   - a retry loop: a for statement that runs an operation, leaves when it
//     succeeds, goes round again when it fails, and waits in between
//     (success or failure may be a result value: see result.go; the wait
//     may be the range clause itself, `for range ticker.C`);
//     The same loop spelled with a backward goto (retry: ... if err !=
//     nil { ...; goto retry }) is recorded apart, in Result.Gotos;
//   - a send through a go-retryablehttp client, which retries by itself
//     (also through the *http.Client its StandardClient returns, held in
//     a local or in a struct field that the package fills with one:
//     clientfield.go, Result.RetryingFields);
//   - a function that retries by calling itself on an attempt's failure
//     path (recursion.go);
//   - a restart loop that runs a session with no error value again after
//     a wait (restart.go);
//   - a worker loop that sends a failed job back on the channel it came
//     from (requeue.go).
//
// Kept apart from the scopes, for the rules about the wait on a failure
// path: the failure branches of work loops that wait and go round, so the
// failed step runs again (Result.Steps, step.go), and drain loops that put
// the work that failed back into the set they drain (Result.Drains,
// drain.go), and status polls whose check swallows the read's error, so
// a failed read waits and reads again (Result.SwallowPolls, swallow.go).
//
// Each Scope has a Kind, so an analyzer reads only the shapes it
// understands, and its Evidence: the ids of what made it one, printed by
// -retryscope.show.
//
// A loop that takes a new item each pass (an idle connection popped from
// a pool, the next element of a source, the next address of a list),
// checks it and takes another at once is a loop over resources, not a
// retry: nothing is attempted again (resources.go).
//
// The recogniser is conservative: when unsure, a body is not a retry scope.
package retryscope

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/directive"
	"github.com/reslint/reslint/internal/goroot"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/lazyinspect"
	"github.com/reslint/reslint/internal/wait"
)

// Analyzer computes the retry scopes of a package and exports facts about
// its functions. It reports nothing: the root analyzer (internal/suite)
// lists the scopes when -show is set.
var Analyzer = &analysis.Analyzer{
	Name:       "retryscope",
	Doc:        "recognise retry scopes and retry helpers (shared by all reslint analyzers; reports nothing itself)",
	URL:        "https://github.com/reslint/reslint#retry-scopes",
	Requires:   []*analysis.Analyzer{lazyinspect.Analyzer, wait.Analyzer},
	Run:        run,
	FactTypes:  []analysis.Fact{new(CallsFuncParamFact), new(HelperFact)},
	ResultType: reflect.TypeFor[*Result](),
}

// retryFuncs is the -retryfuncs setting: comma-separated functions that are
// retry helpers, as path/to/pkg.Func, path/to/pkg.(*T).Method or
// path/to/pkg.T.Method. Their operation parameters are the func-typed
// parameters whose last result is an error.
var retryFuncs string

// show is the -show setting: report every retry scope found, so a team can
// see what reslint considers retried (and tune retryfuncs).
var show bool

// Show reports whether the -show setting is on.
func Show() bool { return show }

func init() {
	Analyzer.Flags.StringVar(&retryFuncs, "retryfuncs", "", "comma-separated extra retry helpers: path/to/pkg.Func or path/to/pkg.(*T).Method")
	Analyzer.Flags.BoolVar(&show, "show", false, "report every retry scope found (to check what reslint considers retried)")
}

// CallsFuncParamFact marks a function that calls some of its func-typed
// parameters (directly, or by handing them to a function that does).
// Params are parameter indices.
type CallsFuncParamFact struct {
	Params []int
	// Polls are the parameters of shape func() (done bool, err error)
	// that the function calls in a loop that waits between rounds until
	// they say done or fail: a condition poller. A poll is no retry, but
	// a condition that turns its operation's failure into "not done yet"
	// (return false, nil) makes the poller retry that operation.
	Polls []int
}

func (*CallsFuncParamFact) AFact() {}
func (f *CallsFuncParamFact) String() string {
	s := "callsparam" + ints(f.Params)
	if len(f.Polls) > 0 {
		s += " polls" + ints(f.Polls)
	}
	return s
}

// HelperFact marks a retry helper: a function that runs its func-typed
// parameters Params as retried operations.
type HelperFact struct {
	Params []int
	How    string // "inferred" or "marked"
	// Blind: the helper takes no context, sleeps blindly between
	// attempts, and its loop goes round again on every error (it tests
	// the attempt's error only against nil): after the caller's context
	// is done, it still sleeps out every backoff.
	Blind bool
	// Sleeps: the helper takes no context, waits blindly between
	// attempts and never looks at a context error itself, whatever its
	// verdicts (a predicate or a condition of the caller's may decide):
	// a cancellation that comes during a backoff waits for its end.
	Sleeps bool
}

func (*HelperFact) AFact() {}
func (f *HelperFact) String() string {
	s := "retryhelper" + ints(f.Params) + " " + f.How
	if f.Blind {
		s += " blind"
	}
	if f.Sleeps {
		s += " uninterruptible"
	}
	return s
}

func ints(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return "(" + strings.Join(s, ",") + ")"
}

// Kind says how a scope is retried. Analyzers filter Result.Scopes by
// kind: a rule written for one shape (a loop's wait, a closure's helper)
// reads only the kinds it understands.
type Kind int

const (
	Closure Kind = iota // operation of a retry helper
	Loop                // body of a retry loop
	Client              // send through a self-retrying client
	// Recursion is the body of a function that retries by calling itself
	// after a failed attempt (return c.do(req, attempt+1)). Func is its
	// declaration, Call the recursive call.
	Recursion
	// Restart is the body of a loop that runs a session with no error
	// value (a connection's read loop, a subscription) and, when it
	// returns, waits and runs it again until a closing signal: a
	// reconnect loop. Loop is the for statement, Attempt the session call.
	Restart
	// Requeue is the body of a worker loop that takes a job from a
	// channel and, when running it fails, sends it back on the same
	// channel. Loop is the loop, Attempt the call that runs the job.
	Requeue
)

func (k Kind) String() string {
	switch k {
	case Closure:
		return "retry closure"
	case Loop:
		return "retry loop"
	case Client:
		return "self-retrying client"
	case Recursion:
		return "retry by recursion"
	case Restart:
		return "restart loop"
	case Requeue:
		return "retry by re-queue"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Evidence is the set of reasons that made a body a retry scope, so a
// user who meets a surprising finding can see what reslint believed
// (-retryscope.show prints them by id).
type Evidence uint32

const (
	EvKnownLibrary     Evidence = 1 << iota // the helper is a known retry library's
	EvMarked                                // the helper is marked //reslint:retry
	EvConfigured                            // the helper is named by -retryscope.retryfuncs
	EvInferredHelper                        // the helper was inferred (HelperFact, maybe imported)
	EvSelfRetrying                          // a send through a client that retries by itself
	EvAttemptCounter                        // attempts are counted against a bound
	EvRetryPolicy                           // a retry policy is asked whether to go again
	EvWaits                                 // it waits between attempts
	EvFailureGoesRound                      // it leaves on success and goes round on the error
	EvVerdict                               // a verdict on the error decides (retryable(err))
	EvResultValue                           // success or failure is a result value
	EvPostAttempt                           // the attempt runs in the for statement's post
	EvCursor                                // the attempt advances a cursor and is retried in place
	EvGoto                                  // spelled with a backward goto
	EvRecursion                             // the attempt's function calls itself
	EvRestart                               // the work returning means the session ended
	EvGoroutine                             // the attempt runs in a goroutine that reports on a channel
	EvRequeue                               // a failed job is sent back to the queue it came from
)

var evidenceIDs = [...]string{
	"known-library", "marked", "configured", "inferred-helper", "self-retrying-client",
	"attempt-counter", "retry-policy", "waits", "failure-goes-round", "verdict",
	"result-value", "post-attempt", "cursor", "goto", "recursion", "restart", "goroutine-attempt", "requeue",
}

// IDs returns the ids of the evidence, in a fixed order.
func (e Evidence) IDs() []string {
	var out []string
	for i, id := range evidenceIDs {
		if e&(1<<i) != 0 {
			out = append(out, id)
		}
	}
	return out
}

func (e Evidence) String() string { return strings.Join(e.IDs(), ", ") }

// Has reports whether all of x is in e.
func (e Evidence) Has(x Evidence) bool { return e&x == x }

// A Scope is one retry scope.
type Scope struct {
	Kind Kind
	// Body is the code that runs once per attempt: the closure's or
	// function's body, the loop's body, or the send call.
	Body ast.Node
	// Func is the *ast.FuncLit or *ast.FuncDecl of a Closure scope.
	Func ast.Node
	// Loop is the *ast.ForStmt or *ast.RangeStmt of a Loop scope.
	Loop ast.Node
	// Call is the helper call of a Closure scope, or the send of a Client
	// scope. The operation is Call.Args[OpIndex] for closures.
	Call    *ast.CallExpr
	OpIndex int
	// Attempt is the operation call of a Loop scope, and ErrVar the
	// variable its error lands in.
	Attempt *ast.CallExpr
	ErrVar  *types.Var
	// Helper names the retry helper for messages ("retry.Do",
	// "backoff.Retry", "retryablehttp.Client.Do", "retry loop", the
	// function of a Recursion scope, "restart loop").
	Helper string
	// Evidence says what made the body a retry scope.
	Evidence Evidence
}

// Repeats reports whether the scope is a statement that runs its body
// again (a Loop, Restart or Requeue scope: Loop is set), as opposed to a
// body handed to a helper or a function that calls itself.
func (s *Scope) Repeats() bool {
	return s.Loop != nil && (s.Kind == Loop || s.Kind == Restart || s.Kind == Requeue)
}

// Result is the retry scopes of a package.
type Result struct {
	Scopes []*Scope
	// Gotos are retry loops spelled with a backward goto (Kind Loop, Loop
	// the labeled statement, Body a block made of the statements from the
	// label to the goto, which is not a node of the syntax tree). They
	// are not in Scopes, Innermost or In.
	Gotos []*Scope
	// Steps are the failure paths of work loops that wait and go round,
	// so the failed step runs again (Kind Loop, Loop the for statement,
	// Body the failure branch, Attempt the step's call). A work loop is
	// no retry scope: they are not in Scopes, Innermost or In.
	Steps []*Scope
	// Drains are drain loops (for len(set) > 0) that put the work that
	// failed back into the set they drain, so it runs again after the
	// loop's wait (Kind Loop, Loop the for statement, Body its body,
	// Attempt the call whose error guards the put-back: drain.go). Not
	// in Scopes, Innermost or In.
	Drains []*Scope
	// SwallowPolls are status polls whose check swallows the read's
	// error, so a failed read waits and reads again like a retry (Kind
	// Loop, Loop the for statement, Body its body, Attempt the check's
	// call in the condition: swallow.go). Not in Scopes, Innermost or In.
	SwallowPolls []*Scope
	// Defs maps variables given a value exactly once to it (SingleDefs),
	// and Decls the package's functions with bodies to their declarations:
	// the wait model's, computed once for every analyzer.
	Defs  map[*types.Var]ast.Expr
	Decls map[*types.Func]*ast.FuncDecl
	// RetryingFields are the struct fields of type *http.Client that hold
	// a go-retryablehttp StandardClient wherever the package sets them
	// (findRetryingFields): a send through one retries by itself.
	RetryingFields map[*types.Var]bool
	helper         map[*types.Func][]int // this package's and imported helpers seen
	fact           func(*types.Func) *HelperFact
	wait           *wait.Result
	labels         map[ast.Node]string // the labeled loops' labels (state.labels)
	files          []*ast.File
	defaults       *fieldDefaults // constants the package gives its fields (DefaultAttempts)
}

// Blind reports whether fn is a retry helper of the code base (not a
// library's) known to take no context, sleep blindly and go round again
// on every error (HelperFact.Blind, this package's or imported).
func (r *Result) Blind(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	h := r.fact(fn.Origin())
	return h != nil && h.Blind
}

// Sleeps reports whether fn is a retry helper of the code base known to
// take no context and wait blindly between attempts without looking at a
// context error itself (HelperFact.Sleeps, this package's or imported).
func (r *Result) Sleeps(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	h := r.fact(fn.Origin())
	return h != nil && h.Sleeps
}

// scopeLoops returns the loops that are already a retry scope (Scopes and
// Gotos): a loop of another kind (a restart, a re-queue, a drain, a work
// loop's retried step) is looked for only among the others.
func (r *Result) scopeLoops() map[ast.Node]bool {
	loops := map[ast.Node]bool{}
	for _, s := range r.Scopes {
		if s.Loop != nil {
			loops[s.Loop] = true
		}
	}
	for _, s := range r.Gotos {
		loops[s.Loop] = true
	}
	return loops
}

// Innermost returns the innermost retry scope whose body contains pos, or nil.
func (r *Result) Innermost(pos token.Pos) *Scope {
	var best *Scope
	for _, s := range r.Scopes {
		if s.Body.Pos() <= pos && pos < s.Body.End() {
			if best == nil || s.Body.Pos() >= best.Body.Pos() && s.Body.End() <= best.Body.End() {
				best = s
			}
		}
	}
	return best
}

// In returns all retry scopes whose body contains pos, innermost first.
func (r *Result) In(pos token.Pos) []*Scope {
	var out []*Scope
	for _, s := range r.Scopes {
		if s.Body.Pos() <= pos && pos < s.Body.End() {
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Body.Pos() > out[j].Body.Pos() })
	return out
}

// HelperParams returns the operation parameter indices of fn if it is a
// retry helper known to this pass (library, marked, inferred, configured).
func (r *Result) HelperParams(fn *types.Func) []int { return r.helper[fn] }

// state is the per-pass working set.
type state struct {
	pass    *analysis.Pass
	info    *types.Info
	decls   map[*types.Func]*ast.FuncDecl
	calls   map[*types.Func][]int // CallsFuncParam, this package
	polls   map[*types.Func][]int // CallsFuncParam.Polls, this package
	helpers map[*types.Func]*HelperFact
	defs    map[*types.Var]ast.Expr       // locals assigned exactly once
	litDefs map[*types.Var][]*ast.FuncLit // variables and fields only ever given literals
	extra   map[string]bool               // -retryfuncs
	// wait is the package's wait model: which functions wait blindly.
	wait *wait.Result
	// labels names the labeled loops (a continue or break to the loop's
	// own label stays in it).
	labels map[ast.Node]string
}

func run(pass *analysis.Pass) (any, error) {
	if goroot.Standard(pass) {
		return stdResult(pass), nil // a table, not an analysis: see knowledge/std.go
	}
	in := lazyinspect.Of(pass)
	wr := pass.ResultOf[wait.Analyzer].(*wait.Result)
	st := &state{
		pass:    pass,
		info:    pass.TypesInfo,
		calls:   map[*types.Func][]int{},
		polls:   map[*types.Func][]int{},
		helpers: map[*types.Func]*HelperFact{},
		defs:    wr.Defs,
		litDefs: analysisutil.FuncLitDefs(pass.TypesInfo, in),
		extra:   map[string]bool{},
		wait:    wr,
	}
	for f := range strings.SplitSeq(retryFuncs, ",") {
		if f = strings.TrimSpace(f); f != "" {
			if !validRetryFunc(f) {
				return nil, fmt.Errorf("-retryscope.retryfuncs: %q is not a function: write path/to/pkg.Func, path/to/pkg.(*T).Method or path/to/pkg.T.Method", f)
			}
			st.extra[f] = true
		}
	}
	st.labels = map[ast.Node]string{}
	for c := range in.Root().Preorder((*ast.LabeledStmt)(nil)) {
		ls := c.Node().(*ast.LabeledStmt)
		st.labels[ls.Stmt] = ls.Label.Name
	}
	st.decls = wr.Decls
	st.inferFuncFacts(in)

	res := &Result{helper: map[*types.Func][]int{}, Defs: st.defs, Decls: st.decls, fact: st.helperFact, wait: wr, labels: st.labels,
		files: nonTestFiles(pass), defaults: &fieldDefaults{}}
	for fn, h := range st.helpers {
		res.helper[fn] = h.Params
	}
	st.findClosures(in, res)
	st.findLoops(in, res)
	st.findGotos(in, res)
	st.findRecursions(in, res)
	st.findRestarts(in, res) // after the loops: a retry loop is not a restart too
	st.findRequeues(in, res)
	st.findSteps(in, res) // last: only loops that are no scope of another kind
	st.findDrains(in, res)
	st.findSwallowPolls(in, res)
	st.findRetryingFields(in, res)
	st.findClientSends(in, res)
	return res, nil
}

// validRetryFunc reports whether s spells a function as the retryfuncs
// setting wants: an import path, a dot, and Func, (*T).Method or T.Method,
// with Go identifiers.
func validRetryFunc(s string) bool {
	slash := strings.LastIndexByte(s, '/')
	dot := strings.IndexByte(s[slash+1:], '.')
	if dot <= 0 {
		return false
	}
	path, rest := s[:slash+1+dot], s[slash+1+dot+1:]
	if path == "" || strings.ContainsAny(path, " \t") {
		return false
	}
	if r, ok := strings.CutPrefix(rest, "(*"); ok {
		t, m, ok := strings.Cut(r, ").")
		return ok && token.IsIdentifier(t) && token.IsIdentifier(m)
	}
	parts := strings.Split(rest, ".")
	if len(parts) > 2 {
		return false
	}
	for _, p := range parts {
		if !token.IsIdentifier(p) {
			return false
		}
	}
	return true
}

// funcParams returns the func-typed parameters of fn with their indices.
func funcParams(fn *types.Func) map[*types.Var]int {
	sig := fn.Type().(*types.Signature)
	var m map[*types.Var]int
	for i := range sig.Params().Len() {
		p := sig.Params().At(i)
		if _, ok := p.Type().Underlying().(*types.Signature); ok {
			if m == nil {
				m = map[*types.Var]int{}
			}
			m[p] = i
		}
	}
	return m
}

// inferFuncFacts computes CallsFuncParam and Helper for the package's
// functions, to a fixed point (a helper may call a function declared
// after it), and exports them as facts.
func (st *state) inferFuncFacts(in *inspector.Inspector) {
	type cand struct {
		fn     *types.Func
		cur    inspector.Cursor
		params map[*types.Var]int
	}
	var cands []cand
	for c := range in.Root().Preorder((*ast.FuncDecl)(nil)) {
		d := c.Node().(*ast.FuncDecl)
		fn, ok := st.info.Defs[d.Name].(*types.Func)
		if !ok || d.Body == nil {
			continue
		}
		if args, ok := directive.FuncMark(d, "retry"); ok {
			if ps := markedParams(fn, args); len(ps) > 0 {
				st.helpers[fn] = &HelperFact{Params: ps, How: "marked"}
			}
		}
		if ps := funcParams(fn); ps != nil {
			cands = append(cands, cand{fn, c, ps})
		}
	}
	for changed := true; changed; {
		changed = false
		for _, cd := range cands {
			guard.Mark(st.pass, cd.cur.Node().Pos()) // the position of an internal error
			calls, helper, all, polls := st.scanFunc(cd.cur, cd.params)
			if len(calls) > len(st.calls[cd.fn]) {
				st.calls[cd.fn] = calls
				changed = true
			}
			if len(polls) > len(st.polls[cd.fn]) {
				st.polls[cd.fn] = polls
				changed = true
			}
			if h := st.helpers[cd.fn]; h == nil && len(helper) > 0 || h != nil && h.How == "inferred" && len(helper) > len(h.Params) {
				sleeps := st.isSleeper(cd.fn) && !takesContext(cd.fn) && !mentionsContextErr(st.info, cd.cur.Node())
				st.helpers[cd.fn] = &HelperFact{Params: helper, How: "inferred", Blind: all && st.isSleeper(cd.fn), Sleeps: sleeps}
				changed = true
			}
		}
	}
	for fn, ps := range st.calls {
		st.pass.ExportObjectFact(fn, &CallsFuncParamFact{Params: ps, Polls: st.polls[fn]})
	}
	for fn, h := range st.helpers {
		st.pass.ExportObjectFact(fn, h)
	}
}

// markedParams returns the operation parameters of a //reslint:retry
// function: those named in the directive, else the func-typed parameters
// whose last result is an error.
func markedParams(fn *types.Func, names []string) []int {
	var ps []int
	for p, i := range funcParams(fn) {
		if len(names) > 0 {
			if slices.Contains(names, p.Name()) {
				ps = append(ps, i)
			}
			continue
		}
		if sig := p.Type().Underlying().(*types.Signature); sig.Results().Len() > 0 && analysisutil.IsError(sig.Results().At(sig.Results().Len()-1).Type()) {
			ps = append(ps, i)
		}
	}
	slices.Sort(ps)
	return ps
}

// scanFunc returns the func-typed parameters that the function calls, and
// those that it retries: called (directly or through a function that calls
// its parameter) in a loop that goes round again on the call's error, or
// inside the operation of a retry helper, or handed as the operation to a
// retry helper.
//
// all reports that a loop retrying a parameter goes round again on every
// error: it tests the error only against nil.
func (st *state) scanFunc(fc inspector.Cursor, params map[*types.Var]int) (calls, retried []int, all bool, polls []int) {
	callsSet, retriedSet, pollsSet := map[int]bool{}, map[int]bool{}, map[int]bool{}
	if fn, ok := st.info.Defs[fc.Node().(*ast.FuncDecl).Name].(*types.Func); ok {
		// A helper that retries by calling itself: the operation is
		// the attempt whose failure leads to the recursive call.
		if rec := st.recursionIn(fc, fn); rec != nil {
			if p := st.runsParam(rec.attempt, params); p >= 0 {
				retriedSet[p] = true
				// The function's tests of the error are its verdicts,
				// as a loop's are.
				all = onlyNilTests(st.info, fc.Node(), rec.errVar)
			}
		}
	}
	for c := range fc.Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		// Which parameter does this call run, if any?
		p := st.runsParam(call, params)
		if callee := st.callee(call); callee != nil {
			// Handing a parameter to a retry helper retries it.
			for _, ai := range st.helperParams(callee, call) {
				if ai < len(call.Args) {
					if i, ok := paramArg(st.info, call.Args[ai], params); ok {
						retriedSet[i] = true
						callsSet[i] = true
					}
				}
			}
		}
		if p < 0 {
			continue
		}
		// A call in a literal handed to a function that calls its
		// parameter (c.withConn(ctx, func(cn *Conn) error { return
		// fn(ctx, cn) })) runs where that function is called: climb
		// to it.
		inLit := false
		opErr := errVarOf(st.info, c.Parent().Node(), call) // the error a condition may turn into "not done"
		for {
			a, lit := enclosingLit(c)
			if lit == nil {
				break
			}
			op, _ := a.Parent().Node().(*ast.CallExpr)
			opCur := a.Parent()
			var cal *types.Func
			ai := -1
			if op != nil {
				ai = slices.IndexFunc(op.Args, func(e ast.Expr) bool { return ast.Unparen(e) == lit })
			} else {
				// condition := func() (bool, error) { ... }; poll(b, condition)
				opCur, op, ai = handedVar(st.info, fc, a, lit)
			}
			if ai >= 0 {
				cal = st.callee(op)
			}
			if cal == nil {
				inLit = true
				break
			}
			if slices.Contains(st.pollsParams(cal), ai) && notDoneOnFailure(st.info, lit, opErr) {
				// A condition that answers "not done" on its
				// operation's failure: the poller retries it.
				retriedSet[p] = true
				inLit = true
				break
			}
			if slices.Contains(st.helperParams(cal, op), ai) {
				// Called in a closure that is itself the operation of a retry helper.
				retriedSet[p] = true
				inLit = true
				break
			}
			if !slices.Contains(st.callsParams(cal), ai) {
				inLit = true
				break
			}
			c, call = opCur, op
		}
		if inLit {
			continue
		}
		callsSet[p] = true
		if loop := analysisutil.EnclosingLoop(c); loop != nil {
			if ev := errVarOf(st.info, c.Parent().Node(), call); ev != nil && retryLike(st.info, loop, call, ev, st.labels[loop]) {
				if !rangesOverCollection(st.info, loop) || wait.InBody(st.info, analysisutil.LoopBody(loop)) {
					retriedSet[p] = true
					all = all || onlyNilTests(st.info, loop, ev)
				}
			} else if pollsCondition(st.info, loop, c, call) {
				pollsSet[p] = true
			}
		}
	}
	return sortedKeys(callsSet), sortedKeys(retriedSet), all, sortedKeys(pollsSet)
}

// onlyNilTests reports whether loop looks at errVar only to compare it
// with nil (err == nil, err != nil), pass it on or return it: no
// classifier call, errors.Is/As, switch or comparison with a sentinel
// decides anything on it in a condition.
// enclosingLit returns the function literal around c, with its cursor,
// when the innermost function around c is one.
func enclosingLit(c inspector.Cursor) (inspector.Cursor, *ast.FuncLit) {
	for a := range c.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		lit, _ := a.Node().(*ast.FuncLit)
		return a, lit
	}
	return c, nil
}

// runsParam returns the index of the func-typed parameter that call runs:
// it calls the parameter, or hands it to a function that calls it; -1
// when it runs none.
func (st *state) runsParam(call *ast.CallExpr, params map[*types.Var]int) int {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if v, ok := st.info.Uses[id].(*types.Var); ok {
			if i, ok := params[v]; ok {
				return i
			}
		}
	}
	if callee := st.callee(call); callee != nil {
		for _, ai := range st.callsParams(callee) {
			if ai < len(call.Args) {
				if i, ok := paramArg(st.info, call.Args[ai], params); ok {
					return i
				}
			}
		}
	}
	return -1
}

func onlyNilTests(info *types.Info, loop ast.Node, errVar *types.Var) bool {
	ok := true
	var check func(cond ast.Expr)
	check = func(cond ast.Expr) {
		if cond == nil || !ok {
			return
		}
		if be, isBin := ast.Unparen(cond).(*ast.BinaryExpr); isBin {
			switch be.Op {
			case token.LAND, token.LOR:
				check(be.X)
				check(be.Y)
				return
			}
			if isNilComparison(info, be, errVar) {
				return
			}
		}
		if analysisutil.Mentions(info, cond, errVar) {
			ok = false
		}
	}
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			check(n.Cond)
		case *ast.ForStmt:
			check(n.Cond)
		case *ast.SwitchStmt:
			check(n.Tag)
			if n.Tag == nil {
				for _, cl := range n.Body.List {
					for _, e := range cl.(*ast.CaseClause).List {
						check(e)
					}
				}
			}
		case *ast.TypeSwitchStmt:
			if analysisutil.Mentions(info, n.Assign, errVar) {
				ok = false
			}
		case *ast.AssignStmt:
			// again := isTemporary(err): a verdict kept in a flag.
			for _, r := range n.Rhs {
				if isBool(info.TypeOf(r)) {
					check(r)
				}
			}
		}
		return ok
	})
	return ok
}

func sortedKeys(m map[int]bool) []int {
	var out []int
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// paramArg reports whether arg is one of params (possibly parenthesised).
func paramArg(info *types.Info, arg ast.Expr, params map[*types.Var]int) (int, bool) {
	id, ok := ast.Unparen(arg).(*ast.Ident)
	if !ok {
		return 0, false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return 0, false
	}
	i, ok := params[v]
	return i, ok
}

// callee returns the called function or method (generic origin), or nil.
func (st *state) callee(call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(st.info, call).(*types.Func)
	if fn == nil {
		return nil
	}
	return fn.Origin()
}

// callsParams returns the parameters fn is known to call.
func (st *state) callsParams(fn *types.Func) []int {
	if ps, ok := st.calls[fn]; ok {
		return ps
	}
	var f CallsFuncParamFact
	if fn.Pkg() != st.pass.Pkg && st.pass.ImportObjectFact(fn, &f) {
		return f.Params
	}
	return nil
}

// pollsParams returns the condition parameters fn is known to poll.
func (st *state) pollsParams(fn *types.Func) []int {
	if ps, ok := st.polls[fn]; ok {
		return ps
	}
	var f CallsFuncParamFact
	if fn.Pkg() != st.pass.Pkg && st.pass.ImportObjectFact(fn, &f) {
		return f.Polls
	}
	return nil
}

// helperFact returns the HelperFact of fn: this package's, or imported.
func (st *state) helperFact(fn *types.Func) *HelperFact {
	if h := st.helpers[fn]; h != nil {
		return h
	}
	var f HelperFact
	if fn.Pkg() != nil && fn.Pkg() != st.pass.Pkg && st.pass.ImportObjectFact(fn, &f) {
		return &f
	}
	return nil
}

// helperParams returns the operation argument indices if calling fn with
// call retries them.
func (st *state) helperParams(fn *types.Func, call *ast.CallExpr) []int {
	if k, ok := lookupKnown(fn); ok {
		if k.NeedsRetryPolicy && !usesRetryPolicy(st.info, call, st.defs) {
			return nil
		}
		return []int{k.Op}
	}
	if h := st.helpers[fn]; h != nil {
		return h.Params
	}
	var f HelperFact
	if fn.Pkg() != st.pass.Pkg && st.pass.ImportObjectFact(fn, &f) {
		return f.Params
	}
	if len(st.extra) > 0 && st.extra[analysisutil.QualifiedName(fn)] {
		return markedParams(fn, nil)
	}
	return nil
}

// helperEvidence says why fn is a retry helper, in helperParams' order.
func (st *state) helperEvidence(fn *types.Func) Evidence {
	if _, ok := lookupKnown(fn); ok {
		return EvKnownLibrary
	}
	if h := st.helperFact(fn); h != nil {
		if h.How == "marked" {
			return EvMarked
		}
		return EvInferredHelper
	}
	if st.extra[analysisutil.QualifiedName(fn)] {
		return EvConfigured
	}
	return 0
}

// findClosures records the operation of every retry-helper call.
func (st *state) findClosures(in *inspector.Inspector, res *Result) {
	for c := range in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		fn := st.callee(call)
		if fn == nil {
			continue
		}
		ops := st.helperParams(fn, call)
		if len(ops) == 0 {
			continue
		}
		guard.Mark(st.pass, call.Pos())
		res.helper[fn] = ops
		for _, ai := range ops {
			if ai >= len(call.Args) {
				continue
			}
			for _, op := range st.opBodies(call.Args[ai]) {
				res.Scopes = append(res.Scopes, &Scope{
					Kind: Closure, Body: op.body, Func: op.fn, Call: call, OpIndex: ai, Helper: analysisutil.DisplayName(fn),
					Evidence: st.helperEvidence(fn),
				})
			}
		}
	}
}

// opBodies resolves an operation argument to the bodies that may run per
// attempt, each with its *ast.FuncLit or *ast.FuncDecl: a func literal, a
// local holding one, a variable or field every assignment of which is a
// literal (one per branch or configuration), a function or method (value)
// of this package, or the literal(s) that a function of this package
// returns (retry.Do(makeOp(req))). It returns nothing when no body is
// visible here.
func (st *state) opBodies(arg ast.Expr) []opBody {
	arg = ast.Unparen(arg)
	for range 4 {
		id, ok := arg.(*ast.Ident)
		if !ok {
			break
		}
		v, ok := st.info.Uses[id].(*types.Var)
		if !ok || st.defs[v] == nil {
			break
		}
		arg = ast.Unparen(st.defs[v])
	}
	switch a := arg.(type) {
	case *ast.FuncLit:
		return []opBody{{a.Body, a}}
	case *ast.IndexExpr: // generic function instantiation
		return st.opBodies(a.X)
	case *ast.IndexListExpr:
		return st.opBodies(a.X)
	case *ast.CallExpr:
		return st.returnedLits(a)
	}
	var obj types.Object
	switch a := arg.(type) {
	case *ast.Ident:
		obj = st.info.Uses[a]
	case *ast.SelectorExpr:
		if sel := st.info.Selections[a]; sel != nil {
			obj = sel.Obj() // method value or expression, or a field
		} else {
			obj = st.info.Uses[a.Sel] // pkg.Func or pkg.Var
		}
	}
	switch o := obj.(type) {
	case *types.Func:
		if d := st.decls[o.Origin()]; d != nil {
			return []opBody{{d.Body, d}}
		}
	case *types.Var:
		var out []opBody
		for _, lit := range st.litDefs[o] {
			out = append(out, opBody{lit.Body, lit})
		}
		return out
	}
	return nil
}

// opBody is one body an operation argument may run.
type opBody struct {
	body *ast.BlockStmt
	fn   ast.Node // *ast.FuncLit or *ast.FuncDecl
}

// returnedLits returns the literals that call's callee, a function of this
// package with one result, returns: every return statement of its own body
// must return a func literal, or nothing is returned (a function that
// returns a stored or wrapped operation is not followed).
func (st *state) returnedLits(call *ast.CallExpr) []opBody {
	fn := st.callee(call)
	if fn == nil {
		return nil
	}
	d := st.decls[fn]
	if d == nil || d.Type.Results == nil || d.Type.Results.NumFields() != 1 {
		return nil
	}
	var out []opBody
	ok := true
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				ok = false
				return false
			}
			lit, isLit := ast.Unparen(n.Results[0]).(*ast.FuncLit)
			if !isLit {
				ok = false
				return false
			}
			out = append(out, opBody{lit.Body, lit})
		}
		return ok
	})
	if !ok {
		return nil
	}
	return out
}

// findLoops records retry loops: a for statement whose body runs an
// operation, leaves when its error is nil, can go round again when it is
// not, and waits between attempts.
func (st *state) findLoops(in *inspector.Inspector, res *Result) {
	for c := range in.Root().Preorder((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
		loop := c.Node()
		guard.Mark(st.pass, loop.Pos())
		body := analysisutil.LoopBody(loop)
		if body == nil {
			continue
		}
		var ev Evidence
		if wait.InBody(st.info, body) || st.callsSleeper(body) || wait.RangesOverTicks(st.info, loop) {
			ev |= EvWaits
		}
		if attemptBounded(st.info, loop) || boundInBody(st.info, body) || failureCounted(st.info, loop) {
			ev |= EvAttemptCounter
		}
		if asksRetryPolicy(st.info, body) {
			ev |= EvRetryPolicy
		}
		if ev == 0 {
			continue
		}
		var attempt *ast.CallExpr
		var errVar *types.Var
		var how Evidence
		for cc := range c.Preorder((*ast.CallExpr)(nil)) {
			call := cc.Node().(*ast.CallExpr)
			if !st.attemptOf(cc, loop) || wait.IsWaitCall(st.info, call) {
				continue
			}
			if returnsError(st.info, call) {
				if v := errVarOf(st.info, cc.Parent().Node(), call); v != nil {
					if how = retryHow(st.info, loop, call, v, st.labels[loop]); how != 0 {
						attempt, errVar = call, v
						break
					}
				}
			} else if f := errFieldOf(st.info, cc.Parent().Node(), call); f != nil {
				// iter = q.attempt(ctx, conn); if iter.err == nil {
				// return iter }: the error is a field of the result.
				// The rules that evaluate the error flow see no
				// variable (ErrVar stays nil); the scope still counts.
				if how = retryHow(st.info, loop, call, f, st.labels[loop]); how != 0 {
					attempt = call
					break
				}
			}
		}
		if attempt == nil {
			// go func() { errc <- op(ctx) }(); err = <-errc: the
			// attempt runs in a goroutine and reports on a channel.
			attempt, errVar, how = st.goroutineAttempt(c, loop)
		}
		if attempt == nil {
			continue
		}
		waits := func(n ast.Node) bool { return wait.InBody(st.info, n) || st.callsSleeper(n) }
		if ev&EvRetryPolicy == 0 && iteratesResources(st.info, loop, body, attempt, st.labels[loop], waits) {
			continue // takes a new item each pass: no operation is attempted again
		}
		if retryMarked(st.info, loop, body) {
			ev |= EvAttemptCounter
		}
		res.Scopes = append(res.Scopes, &Scope{
			Kind: Loop, Body: body, Loop: loop, Attempt: attempt, ErrVar: errVar, Helper: "retry loop", Evidence: ev | how,
		})
	}
}

// attemptOf reports whether the call at c can be the attempt of loop: it
// runs in the loop itself, or in a loop nested in it that does not wait
// (a failover over nodes inside the waiting loop; a nested loop that
// waits is a retry loop of its own).
func (st *state) attemptOf(c inspector.Cursor, loop ast.Node) bool {
	for p := c.Parent(); p.Node() != nil; p = p.Parent() {
		switch n := p.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if n == loop {
				return true
			}
			if wait.InBody(st.info, analysisutil.LoopBody(n)) {
				return false
			}
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		}
	}
	return false
}

// findClientSends records sends through go-retryablehttp, which retries
// them itself: (*Client).Do/Get/Head/Post/PostForm, the package-level
// Get/Head/Post/PostForm, and sends through the *http.Client that
// (*Client).StandardClient returns, held in a local or in a struct field
// that holds one wherever the package sets it (RetryingFields).
func (st *state) findClientSends(in *inspector.Inspector, res *Result) {
	if !analysisutil.ImportsAny(st.pass.Pkg, knowledge.Retryablehttp) {
		return
	}
	for c := range in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		fn := st.callee(call)
		if fn == nil || fn.Pkg() == nil {
			continue
		}
		switch fn.Name() {
		case "Do", "Get", "Head", "Post", "PostForm":
		default:
			continue
		}
		name := ""
		switch fn.Pkg().Path() {
		case knowledge.Retryablehttp:
			name = analysisutil.DisplayName(fn)
		case "net/http":
			if st.fromStandardClient(call) || res.RetryingFields[st.fieldOfSend(call)] {
				name = "retryablehttp.Client.StandardClient"
			}
		}
		if name != "" {
			res.Scopes = append(res.Scopes, &Scope{Kind: Client, Body: call, Call: call, Helper: name, Evidence: EvSelfRetrying})
		}
	}
}

// fromStandardClient reports whether the receiver of an *http.Client
// method call came from retryablehttp's (*Client).StandardClient, directly
// or through one local variable.
func (st *state) fromStandardClient(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x := ast.Unparen(sel.X)
	if id, ok := x.(*ast.Ident); ok {
		if v, ok := st.info.Uses[id].(*types.Var); ok && st.defs[v] != nil {
			x = ast.Unparen(st.defs[v])
		}
	}
	inner, ok := x.(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := st.callee(inner)
	return fn != nil && fn.Name() == "StandardClient" && fn.Pkg() != nil && fn.Pkg().Path() == knowledge.Retryablehttp
}
