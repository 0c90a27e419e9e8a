package backoffjitter

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/format"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/directive"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/lazyinspect"
	"github.com/reslint/reslint/internal/retryscope"
	"github.com/reslint/reslint/internal/wait"
)

//go:embed doc.go
var doc string

// Analyzer reports waits between retry attempts that no random value
// contributes to, and library backoffs configured without jitter.
var Analyzer = &analysis.Analyzer{
	Name:       "backoffjitter",
	Doc:        analysisdoc.MustExtract(doc, "backoffjitter"),
	URL:        "https://github.com/reslint/reslint#backoffjitter",
	Requires:   []*analysis.Analyzer{lazyinspect.Analyzer, wait.Analyzer, retryscope.Analyzer},
	Run:        directive.Run(func() any { return &Waits{} }, run),
	FactTypes:  []analysis.Fact{new(ResultFact), new(DelayParamFact)},
	ResultType: reflect.TypeFor[*Waits](),
}

// minWait is the -backoffjitter.minwait setting: constant waits no longer
// than it are not reported. Between short polls, each attempt's own
// latency varies by a sizeable share of the wait, so clients drift out of
// step by themselves (a readiness poll every 100ms of a process the code
// just started is no herd).
var minWait = 100 * time.Millisecond

func init() {
	Analyzer.Flags.DurationVar(&minWait, "minwait", minWait, "constant waits between attempts no longer than this are not reported (short polls drift apart by themselves)")
}

// category is the rule id of every diagnostic (a one-rule analyzer).
const category = string(analysisdoc.BackoffJitter)

// runner is the state of one pass.
type runner struct {
	pass   *analysis.Pass
	info   *types.Info
	in     *inspector.Inspector
	res    *retryscope.Result
	rep    *directive.Reporter
	decls  map[*types.Func]*ast.FuncDecl
	ix     *defsIndex
	wait   *wait.Result
	result map[*types.Func]*ResultFact
	done   map[token.Pos]bool  // wait arguments already judged
	delays map[*types.Func]int // this package's functions that wait a parameter between attempts (DelayParamFact)
	stores *bool               // see storesFactor
}

func run(pass *analysis.Pass, rep *directive.Reporter) (any, error) {
	r := &runner{
		pass:   pass,
		info:   pass.TypesInfo,
		in:     lazyinspect.Of(pass),
		res:    pass.ResultOf[retryscope.Analyzer].(*retryscope.Result),
		wait:   pass.ResultOf[wait.Analyzer].(*wait.Result),
		result: map[*types.Func]*ResultFact{},
		done:   map[token.Pos]bool{},
	}
	r.rep = rep
	if !analysisutil.ImportsAny(pass.Pkg, "time", "math/rand", "math/rand/v2", "crypto/rand",
		cenkaltiPath+"/v4", cenkaltiPath+"/v5", retrygoPath, retrygoPath+"/v4", retrygoPath+"/v3", knowledge.GRPC) && !r.tunedLibraries() {
		return r.unjudgedWaits(), nil // no wait, no jitter helper, no backoff library: nothing to judge
	}
	r.decls = r.res.Decls
	r.ix = indexDefs(r.info, r.in, pass.Fset, pass.Files)

	// Facts first, so that other packages know this one's jitter
	// helpers whatever is reported here (its sleep helpers are the wait
	// model's).
	r.resultFacts()
	r.delayParams()

	r.waits()
	r.delayArgs()
	r.libraries()
	return r.scopeWaits(), nil
}

// underTest reports whether the function around cur takes a *testing.T,
// *testing.B, *testing.F or testing.TB: a test harness waiting for its own
// server or cluster, one process with no fleet of clients to fall into
// step (readiness waits in testutil packages).
func (r *runner) underTest(cur inspector.Cursor) bool {
	fn, ok := analysisutil.EnclosingFunc(cur)
	if !ok {
		return false
	}
	_, sig := analysisutil.FuncBody(r.info, fn.Node())
	if sig == nil {
		return false
	}
	for i := range sig.Params().Len() {
		t := sig.Params().At(i).Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "testing" {
			return true
		}
	}
	return false
}

// waits judges every wait between retry attempts: in the body of a retry
// loop, and in the loops of an inferred or marked retry helper that run
// its operation. The operation of a retry helper (a retry closure) is not
// where the helper waits: a sleep in it adds to the helper's own wait,
// which is judged where the helper is configured or written; a send
// through a self-retrying client has no body of its own.
func (r *runner) waits() {
	var bodies []ast.Node
	var ranged []ast.Node           // loops that may range over a ticker's channel
	restarts := map[ast.Node]bool{} // the bodies of restart loops: their waits come between reconnects
	for _, s := range r.res.Scopes {
		// A restart loop waits between sessions that broke: the same
		// herd after an outage as a retry loop's wait between attempts.
		if s.Kind != retryscope.Loop && s.Kind != retryscope.Restart {
			continue
		}
		if b, ok := s.Body.(*ast.BlockStmt); ok && classify.IsPoll(r.info, b, s.Attempt, s.ErrVar) {
			// A poll leaves on the first error: its waits pace reads
			// that succeeded, they are no backoff after a failure.
			continue
		}
		if retryscope.LocalAttempt(r.info, s, r.res.Defs) {
			// A file that has not appeared yet, a flaky local tool:
			// no shared dependency for a fleet to stampede.
			continue
		}
		bodies = append(bodies, s.Body)
		if s.Kind == retryscope.Restart {
			restarts[s.Body] = true
		}
		if _, ok := s.Loop.(*ast.RangeStmt); ok {
			ranged = append(ranged, s.Loop)
		}
	}
	// The failure branch of a work loop (a consumer, a reader) that waits
	// and goes round runs the failed step again after the wait: the
	// same herd after an outage as a retry loop.
	// A drain loop that puts the failed work back into the set it drains
	// waits between the rounds that run it again.
	for _, s := range append(slices.Clip(r.res.Steps), r.res.Drains...) {
		if s.Attempt == nil || retryscope.LocalAttempt(r.info, s, r.res.Defs) {
			continue
		}
		bodies = append(bodies, s.Body)
	}
	for fn, d := range r.decls {
		ps := r.res.HelperParams(fn)
		if len(ps) == 0 {
			continue
		}
		ops := map[types.Object]bool{}
		params := fn.Type().(*types.Signature).Params()
		for _, i := range ps {
			if i < params.Len() {
				ops[params.At(i)] = true
			}
		}
		ast.Inspect(d.Body, func(n ast.Node) bool {
			if body := analysisutil.LoopBody(n); body != nil && r.mentions(body, ops) {
				bodies = append(bodies, body)
			}
			return true
		})
	}
	// A goto retry loop's body is a run of statements of the block that
	// holds its label: each is judged as a body of its own.
	for _, s := range r.res.Gotos {
		if b, ok := s.Body.(*ast.BlockStmt); ok {
			for _, st := range b.List {
				bodies = append(bodies, st)
			}
		}
	}
	// for range ticker.C { if err := op(); err != nil { continue };
	// return nil }: each round waits for the ticker's next tick.
	for _, loop := range ranged {
		cur, ok := r.in.Root().FindNode(loop)
		if !ok || r.underTest(cur) {
			continue
		}
		arg := r.wait.RangeTickerPeriodOf(cur)
		if arg == nil || r.done[arg.Pos()] {
			continue
		}
		r.done[arg.Pos()] = true
		between := "between retry attempts"
		if restarts[analysisutil.LoopBody(loop)] {
			between = "between reconnects"
		}
		r.judgeVal(arg, arg, r.newEval().eval(arg), between, tickerWait)
	}
	sf := &classify.SignalFinder{Info: r.info, Defs: r.res.Defs}
	grown := r.grownWaits(bodies)
	for _, body := range bodies {
		cur, ok := r.in.Root().FindNode(body)
		if !ok || r.underTest(cur) {
			continue
		}
		between := "between retry attempts"
		if restarts[body] {
			between = "between reconnects"
		}
		for c := range cur.Preorder((*ast.CallExpr)(nil), (*ast.FuncLit)(nil), (*ast.UnaryExpr)(nil)) {
			if _, ok := c.Node().(*ast.FuncLit); ok {
				continue
			}
			if lit := enclosingLit(c); lit != nil && lit.Pos() >= body.Pos() {
				// A func literal inside the body runs some other time
				// (a goroutine, a callback): its waits are not this scope's.
				continue
			}
			var arg ast.Expr
			how := plainWait
			if _, ok := c.Node().(*ast.CallExpr); ok {
				arg = r.wait.DurationOf(c)
			} else if arg = r.wait.TickerPeriodOf(c); arg != nil {
				how = tickerWait
			}
			if arg == nil || r.done[arg.Pos()] {
				continue
			}
			if b, ok := body.(*ast.BlockStmt); ok && retryscope.OnExitPath(b, c.Node()) {
				// Paces the work done before leaving (one reconnect per
				// second after success): no attempt follows it.
				continue
			}
			if sf.StateWait(body, c) {
				// Reached only on one specific answer that is no fault
				// ("not found yet", "authorization pending"): a wait for
				// a state, which an outage leaves at once.
				continue
			}
			r.done[arg.Pos()] = true
			if how == tickerWait {
				r.judgeVal(arg, arg, r.newEval().eval(arg), between, how)
			} else {
				r.judge(arg, between)
			}
		}
		r.handlerWaits(body, cur, sf, between)
	}
	r.judgeGrown(grown)
}

// grownWait is a wait whose duration a loop grows on its failure path.
type grownWait struct {
	arg  ast.Expr
	body *ast.BlockStmt
}

// grownWaits returns the waits, in loops that are no retry scope's body,
// whose duration is a variable the loop grows by a constant factor on its
// failure path (retryscope.GrownOnFailure): the backoff between a failed
// attempt and the next, in a loop that also serves a signal channel or
// runs on success.
func (r *runner) grownWaits(bodies []ast.Node) []grownWait {
	// Loops the scopes already judged, or left alone (a poll, a loop
	// whose attempt acts on this machine only), are not judged again.
	seen := map[ast.Node]bool{}
	for _, b := range bodies {
		seen[b] = true
	}
	for _, ss := range [][]*retryscope.Scope{r.res.Scopes, r.res.Steps, r.res.Drains} {
		for _, s := range ss {
			if s.Body != nil {
				seen[s.Body] = true
			}
			if s.Loop != nil {
				if b := analysisutil.LoopBody(s.Loop); b != nil {
					seen[b] = true
				}
			}
		}
	}
	var out []grownWait
	for c := range r.in.Root().Preorder((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
		body := analysisutil.LoopBody(c.Node())
		if body == nil || seen[body] {
			continue
		}
		vs := retryscope.GrownOnFailure(r.info, body)
		if len(vs) == 0 || r.underTest(c) {
			continue
		}
		objs := map[types.Object]bool{}
		for v := range vs {
			objs[v] = true
		}
		for w := range c.Preorder((*ast.CallExpr)(nil)) {
			if lit := enclosingLit(w); lit != nil && lit.Pos() >= body.Pos() {
				continue
			}
			arg := r.wait.DurationOf(w)
			if arg == nil || !r.mentions(arg, objs) || retryscope.OnExitPath(body, w.Node()) {
				continue
			}
			out = append(out, grownWait{arg, body})
		}
	}
	return out
}

// judgeGrown judges the waits grownWaits found, after the scopes' own.
func (r *runner) judgeGrown(ws []grownWait) {
	for _, w := range ws {
		if r.done[w.arg.Pos()] {
			continue
		}
		r.done[w.arg.Pos()] = true
		r.judge(w.arg, "between retry attempts")
	}
}

// enclosingLit returns the innermost func literal around c, or nil.
func enclosingLit(c inspector.Cursor) *ast.FuncLit {
	for a := range c.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		if lit, ok := a.Node().(*ast.FuncLit); ok {
			return lit
		}
		return nil
	}
	return nil
}

// mentions reports whether body refers to one of objs.
func (r *runner) mentions(body ast.Node, objs map[types.Object]bool) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && objs[r.info.Uses[id]] {
			found = true
		}
		return !found
	})
	return found
}

// judge reports the wait d if no random value contributes to it and it
// has a shape worth naming; between says what it separates (retry
// attempts, or the reconnects of a restart loop).
func (r *runner) judge(d ast.Expr, between string) {
	r.judgeVal(d, d, r.newEval().eval(d), between, plainWait)
}

// waitHow says how a judged wait is taken.
type waitHow int

const (
	plainWait    waitHow = iota // a sleep, a timer, a sleep helper
	tickerWait                  // the tick of a ticker made before the loop
	strategyWait                // the result of a client's backoff strategy
)

// judgeVal reports the wait v, at the expression at and printed as src
// when it is a constant or a setting, if no random value contributes to
// it and it has a shape worth naming. For a ticker's period and a backoff
// strategy's result, a duration setting (a field, with or without a
// default) is as fixed as a constant: a ticker's ticks stay on the grid
// of its creation however long each attempt takes, and a client asks
// its strategy before every retry.
func (r *runner) judgeVal(at, src ast.Expr, v val, between string, how waitHow) {
	if v.k == kServer && v.fb != nil {
		r.judgeFallback(at, *v.fb, between)
		return
	}
	if !v.det() {
		return
	}
	setting := how != plainWait
	d := src
	var what string
	switch v.s {
	case sConst:
		c := v.c
		if tv, ok := r.info.Types[d]; ok && tv.Value != nil {
			c = tv.Value
		}
		if c != nil {
			if constant.Sign(c) <= 0 {
				return // no wait at all
			}
			if n, ok := constant.Int64Val(constant.ToInt(c)); ok && time.Duration(n) <= minWait {
				return // a short poll: attempts' own latency keeps clients apart
			}
			what = "constant wait " + durString(c)
		} else {
			what = "constant wait " + r.src(d)
		}
	case sTable:
		if n, ok := constant.Int64Val(constant.ToInt(v.c)); !ok || time.Duration(n) <= minWait {
			return
		}
		what = fmt.Sprintf("fixed delay table %s (up to %s)", r.describe(v), durString(v.c))
	case sConfig:
		// A value passed in: a caller may have jittered it, unless it is
		// a field or variable whose default is a constant (a process
		// waits that same value on every attempt, and so does the fleet).
		if v.param {
			return
		}
		if v.dflt == nil || setting && constant.Sign(v.dflt) <= 0 {
			if !setting {
				return
			}
			// A setting with no default of its own (or one that is only
			// ever cleared): one value for the whole fleet.
			what = fmt.Sprintf("constant wait %s (a setting)", r.src(d))
			break
		}
		if n, ok := constant.Int64Val(constant.ToInt(v.dflt)); !ok || time.Duration(n) <= minWait {
			return
		}
		what = fmt.Sprintf("constant wait %s (%s by default)", r.src(d), durString(v.dflt))
	default:
		what = r.growing(v)
	}
	if how == tickerWait {
		what = strings.Replace(what, "constant wait", "constant ticker period", 1)
	}
	r.rep.Report(analysis.Diagnostic{
		Pos:      at.Pos(),
		End:      at.End(),
		Category: category,
		Message: fmt.Sprintf("%s %s has no random part, so after an outage every client retries in lock step and the herd keeps the dependency down; "+
			"wait a random share of it: rand.N(d) (full jitter) or d/2 + rand.N(d/2) (equal jitter)", what, between),
	})
}

// growing names a backoff that grows with the attempt (v.s >= sCounter).
func (r *runner) growing(v val) string {
	switch v.s {
	case sCounter, sLinear:
		return "linear backoff " + r.describe(v)
	case sGrowth:
		return "backoff grown by a constant factor (" + r.describe(v) + ")"
	}
	return "exponential backoff " + r.describe(v)
}

// judgeFallback reports the fallback fb of a server-provided delay, the
// wait when the server names none, if it grows with the attempt and no
// random value contributes to it: the server's delay spreads the
// clients only when it is sent, and a rate limiter or a failing
// dependency often sends none, so the fleet then backs off in step. A
// constant or configured fallback (a cap, a default pause) is left
// alone: it is as often the server delay's upper bound as its stand-in.
// The diagnostic sits on the fallback's formula.
func (r *runner) judgeFallback(at ast.Expr, fb val, between string) {
	if !fb.det() || fb.s < sCounter {
		return
	}
	var pos ast.Node = at
	if fb.at != nil {
		pos = fb.at
	}
	r.rep.Report(analysis.Diagnostic{
		Pos:      pos.Pos(),
		End:      pos.End(),
		Category: category,
		Message: fmt.Sprintf("%s %s, taken when the server names no delay (no Retry-After), has no random part, so after an outage every client retries in lock step and the herd keeps the dependency down; "+
			"wait a random share of it: rand.N(d) (full jitter) or d/2 + rand.N(d/2) (equal jitter)", r.growing(fb), between),
	})
}

// durString prints a constant number of nanoseconds as a duration.
func durString(c constant.Value) string {
	if i, ok := constant.Int64Val(constant.ToInt(c)); ok {
		return time.Duration(i).String()
	}
	return c.String()
}

// describe names the formula of v for a message.
func (r *runner) describe(v val) string {
	if v.at != nil {
		return r.src(v.at)
	}
	return v.text
}

// src returns the source text of n, on one line.
func (r *runner) src(n ast.Node) string {
	if n == nil {
		return ""
	}
	var b strings.Builder
	if err := format.Node(&b, r.pass.Fset, n); err != nil {
		return ""
	}
	s := strings.Join(strings.Fields(b.String()), " ")
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}
