package noretrycanceled

// N2: a retry loop with a context in scope waits in a way the context
// cannot interrupt, or never consults the context between attempts.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/ctxaware"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/retryscope"
	"github.com/reslint/reslint/internal/wait"
)

// loop is a retry loop: a retryscope loop scope, or the loop of a retry
// helper of this package that runs the helper's operation.
type loop struct {
	cur  inspector.Cursor
	node ast.Node // *ast.ForStmt or *ast.RangeStmt; a goto loop's labeled statement
	body *ast.BlockStmt
	// stmts are the cursors to walk for the loop's code: the loop itself,
	// or each statement of a goto loop; root is what InFuncLit stops at.
	stmts []inspector.Cursor
	root  ast.Node
	// attempt and errVar: the operation call and its error, when known.
	attempt *ast.CallExpr
	errVar  *types.Var
	// step: only the failure branch of a work loop's step is walked
	// (stmts); the loop itself is no retry loop, so only a blind wait in
	// that branch is judged.
	step bool
	// self: for a retry by recursion, the function that calls itself; a
	// call of it is the next attempt, not a wait, though it may sleep.
	self types.Object
}

// retryLoops collects the package's retry loops.
func (r *runner) retryLoops() []*loop {
	seen := map[ast.Node]*loop{}
	var out []*loop
	for _, s := range r.res.Scopes {
		if s.Kind != retryscope.Loop {
			continue
		}
		cur, ok := r.in.Root().FindNode(s.Loop)
		if !ok {
			continue
		}
		l := &loop{cur: cur, node: s.Loop, body: analysisutil.LoopBody(s.Loop), attempt: s.Attempt, errVar: s.ErrVar, stmts: []inspector.Cursor{cur}, root: s.Loop}
		seen[s.Loop] = l
		out = append(out, l)
	}
	// Loops of this package's retry helpers that call the operation,
	// even without a wait between attempts.
	for c := range r.in.Root().Preorder((*ast.FuncDecl)(nil)) {
		d := c.Node().(*ast.FuncDecl)
		fn, ok := r.info.Defs[d.Name].(*types.Func)
		if !ok || d.Body == nil {
			continue
		}
		ops := r.res.HelperParams(fn)
		if len(ops) == 0 {
			continue
		}
		sig := fn.Type().(*types.Signature)
		opVars := map[*types.Var]bool{}
		for _, i := range ops {
			if i < sig.Params().Len() {
				opVars[sig.Params().At(i)] = true
			}
		}
		for lc := range c.Preorder((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
			if seen[lc.Node()] != nil || analysisutil.InFuncLit(lc, nil) {
				continue
			}
			if attempt, errVar := opCall(r.info, lc, opVars); attempt != nil {
				l := &loop{cur: lc, node: lc.Node(), body: analysisutil.LoopBody(lc.Node()), attempt: attempt, errVar: errVar, stmts: []inspector.Cursor{lc}, root: lc.Node()}
				seen[lc.Node()] = l
				out = append(out, l)
			}
		}
	}
	return out
}

// gotoLoops returns the package's goto retry loops, walked statement by
// statement. Only N2 reads them.
func (r *runner) gotoLoops() []*loop {
	var out []*loop
	for _, s := range r.res.Gotos {
		first, ok := r.in.Root().FindNode(s.Loop)
		if !ok {
			continue
		}
		fn, ok := analysisutil.EnclosingFunc(first)
		if !ok {
			continue
		}
		l := &loop{cur: first, node: s.Loop, body: s.Body.(*ast.BlockStmt), attempt: s.Attempt, errVar: s.ErrVar, root: fn.Node()}
		for _, st := range l.body.List {
			if c, ok := first.Parent().FindNode(st); ok {
				l.stmts = append(l.stmts, c)
			}
		}
		out = append(out, l)
	}
	return out
}

// stepLoops returns the retried steps of work loops: each walks only the
// failure branch that waits and goes round. Only N2 reads them.
func (r *runner) stepLoops() []*loop {
	var out []*loop
	for _, s := range r.res.Steps {
		lc, ok := r.in.Root().FindNode(s.Loop)
		if !ok {
			continue
		}
		bc, ok := lc.FindNode(s.Body)
		root := s.Loop
		if !ok {
			// The failure branch of a step function the loop calls.
			if bc, ok = r.in.Root().FindNode(s.Body); !ok {
				continue
			}
			fc, _ := analysisutil.EnclosingFunc(bc)
			root = fc.Node()
		}
		out = append(out, &loop{cur: lc, node: s.Loop, body: analysisutil.LoopBody(s.Loop), attempt: s.Attempt, errVar: s.ErrVar,
			stmts: []inspector.Cursor{bc}, root: root, step: true})
	}
	return out
}

// restartLoops returns the package's restart loops (a session run again
// after it breaks), walked like a retried step: only their blind waits are
// judged, since the loop itself may leave on a closing channel rather than
// on the context. Only N2 reads them.
func (r *runner) restartLoops() []*loop {
	var out []*loop
	for _, s := range r.res.Scopes {
		if s.Kind != retryscope.Restart {
			continue
		}
		lc, ok := r.in.Root().FindNode(s.Loop)
		if !ok {
			continue
		}
		bc, ok := lc.FindNode(s.Body)
		if !ok {
			continue
		}
		out = append(out, &loop{cur: lc, node: s.Loop, body: analysisutil.LoopBody(s.Loop), attempt: s.Attempt,
			stmts: []inspector.Cursor{bc}, root: s.Loop, step: true})
	}
	return out
}

// swallowPolls returns the package's status polls whose check swallows
// the read's error, walked like a retried step: a failed read waits and
// reads again, so only their blind waits are judged. Only N2 reads them.
func (r *runner) swallowPolls() []*loop {
	var out []*loop
	for _, s := range r.res.SwallowPolls {
		lc, ok := r.in.Root().FindNode(s.Loop)
		if !ok {
			continue
		}
		bc, ok := lc.FindNode(s.Body)
		if !ok {
			continue
		}
		out = append(out, &loop{cur: lc, node: s.Loop, body: analysisutil.LoopBody(s.Loop), attempt: s.Attempt,
			stmts: []inspector.Cursor{bc}, root: s.Loop, step: true})
	}
	return out
}

// recursionPaths returns, for each function that retries by calling
// itself, the statement lists that lead to a recursive call (the failure
// branch that waits and calls again), walked like a retried step: only
// their blind waits are judged. Only N2 reads them.
func (r *runner) recursionPaths() []*loop {
	var out []*loop
	for _, s := range r.res.Scopes {
		if s.Kind != retryscope.Recursion || s.Func == nil {
			continue
		}
		fc, ok := r.in.Root().FindNode(s.Func)
		if !ok {
			continue
		}
		self := r.info.Defs[s.Func.(*ast.FuncDecl).Name]
		seen := map[ast.Node]bool{}
		before := len(out)
		for c := range fc.Preorder((*ast.CallExpr)(nil)) {
			if analysisutil.InFuncLit(c, s.Func) || typeutil.Callee(r.info, c.Node().(*ast.CallExpr)) != self {
				continue
			}
			// The innermost statement list around the call.
			var list inspector.Cursor
			found := false
			for p := c.Parent(); !found && p.Valid() && p.Node() != s.Func; p = p.Parent() {
				switch p.Node().(type) {
				case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
					list, found = p, true
				}
			}
			if !found || list.Node() == s.Body || seen[list.Node()] {
				continue // the whole body is no failure path
			}
			seen[list.Node()] = true
			out = append(out, &loop{cur: c, node: c.Node(), body: s.Body.(*ast.BlockStmt), attempt: s.Attempt, errVar: s.ErrVar,
				stmts: []inspector.Cursor{list}, root: s.Func, step: true, self: self})
		}
		if head := r.recursionHead(fc, s); len(head) > 0 && len(out) > before {
			// The statements before the attempt run again before every
			// attempt the recursion makes: a sleep there is a wait
			// between attempts (if clusterDown { time.Sleep(d) }).
			out = append(out, &loop{cur: head[0], node: head[0].Node(), body: s.Body.(*ast.BlockStmt), attempt: s.Attempt, errVar: s.ErrVar,
				stmts: head, root: s.Func, step: true, self: self})
		}
	}
	return out
}

// recursionHead returns the top-level statements of the recursive
// function of s that run before its attempt, when one of them waits.
func (r *runner) recursionHead(fc inspector.Cursor, s *retryscope.Scope) []inspector.Cursor {
	body, ok := s.Body.(*ast.BlockStmt)
	if !ok || s.Attempt == nil {
		return nil
	}
	bc, ok := fc.FindNode(body)
	if !ok {
		return nil
	}
	var head []inspector.Cursor
	for c := range bc.Children() {
		st := c.Node()
		if st.Pos() <= s.Attempt.Pos() && s.Attempt.End() <= st.End() {
			break
		}
		head = append(head, c)
	}
	for _, c := range head {
		if wait.InBody(r.info, c.Node()) {
			return head
		}
	}
	return nil
}

// walk yields the nodes of the given types in the loop's code, function
// literals inside it excluded.
func (l *loop) walk(types ...ast.Node) func(func(inspector.Cursor) bool) {
	return func(yield func(inspector.Cursor) bool) {
		for _, sc := range l.stmts {
			for c := range sc.Preorder(types...) {
				if analysisutil.InFuncLit(c, l.root) {
					continue
				}
				if !yield(c) {
					return
				}
			}
		}
	}
}

// opCall finds, directly in the loop (not in a nested loop or literal),
// a call that runs one of ops — calls it, or hands it to a function — and
// the variable receiving its error.
func opCall(info *types.Info, lc inspector.Cursor, ops map[*types.Var]bool) (*ast.CallExpr, *types.Var) {
	for c := range lc.Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		if analysisutil.EnclosingLoop(c) != lc.Node() {
			continue
		}
		runs := ops[analysisutil.IdentVar(info, call.Fun)]
		for _, a := range call.Args {
			if ops[analysisutil.IdentVar(info, a)] {
				runs = true
			}
		}
		if !runs {
			continue
		}
		var errVar *types.Var
		switch p := c.Parent().Node().(type) {
		case *ast.AssignStmt:
			if len(p.Rhs) == 1 && len(p.Lhs) > 0 {
				if v := analysisutil.IdentVar(info, p.Lhs[len(p.Lhs)-1]); v != nil && analysisutil.IsError(v.Type()) {
					errVar = v
				}
			}
		}
		return call, errVar
	}
	return nil, nil
}

func (r *runner) n2(loops []*loop) {
	for _, l := range loops {
		guard.Mark(r.pass, l.node.Pos()) // the position of an internal error
		ctxs := r.loopSources(l)
		if len(ctxs) == 0 {
			continue // must not: no context in scope
		}
		if r.detachedAttempt(l) {
			// Each attempt runs under a context that can never be done
			// (WithoutCancel(ctx), Background, or a timeout of one): the
			// work is meant to finish after the caller has gone, and so
			// are the waits between its attempts.
			continue
		}
		name := ctxs[0].Name
		type blindWait struct {
			pos   token.Pos
			msg   string
			short bool // a constant sleep of at most 100ms
		}
		var blind []blindWait
		consults := false
		doneSelect := false // the loop has an interruptible wait
		var spins []*ast.CommClause
		for c := range l.walk((*ast.CallExpr)(nil), (*ast.UnaryExpr)(nil), (*ast.SelectStmt)(nil), (*ast.SelectorExpr)(nil)) {
			site := r.wait.SiteAt(c)
			switch n := c.Node().(type) {
			case *ast.CallExpr:
				if analysisutil.ContextOf(r.info, n) != nil || r.callsConsultingLit(n) {
					consults = true
				}
				if site.Kind == wait.Sleep {
					blind = append(blind, blindWait{n.Pos(), fmt.Sprintf("time.Sleep in a retry loop cannot be interrupted: after the caller cancels %s the loop still sleeps out its backoff; wait in select on %s.Done() and a timer", name, name), r.shortSleep(n)})
					continue
				}
				if site.Kind == wait.BlindCall && (l.self == nil || site.Callee != l.self) {
					blind = append(blind, blindWait{n.Pos(), fmt.Sprintf("%s sleeps and takes no context, so this retry loop cannot be interrupted: after the caller cancels %s the loop still sleeps out its backoff; pass %s and wait in select on %s.Done() and a timer", analysisutil.DisplayName(site.Callee), name, name, name), false})
					continue
				}
				if ws := r.calleeWaits(l, c); len(ws) > 0 {
					// The loop hands its context to a function of this
					// package that pauses without it on the failure path
					// (a reconnect that sleeps before dialing): the wait
					// is the callee's, reported where it waits.
					for _, w := range ws {
						blind = append(blind, blindWait{w.pos, w.msg, w.short})
					}
					continue
				}
				if r.ctx.HandsContext(n) || n != l.attempt && r.leavesOnError(c) && passesContext(r.info, n) {
					// A context-aware wait, or a call that is handed the
					// context and whose error ends the loop: by Go's
					// convention it fails once the context is done.
					consults = true
				}
			case *ast.UnaryExpr:
				if site.Kind != wait.TimerRecv {
					continue
				}
				what := "a timer receive"
				if _, ok := ast.Unparen(n.X).(*ast.CallExpr); ok {
					what = "<-time.After"
				}
				blind = append(blind, blindWait{n.Pos(), fmt.Sprintf("%s in a retry loop cannot be interrupted: after the caller cancels %s the loop still waits out its backoff; wait in select { case <-%s.Done(): ...; case <-t.C: }", what, name, name), false})
			case *ast.SelectStmt:
				sel := site.Select
				switch sel.Shape() {
				case wait.Cancellable:
					consults, doneSelect = true, true
					if cc := r.spinningDone(l, c, n); cc != nil {
						spins = append(spins, cc)
					}
				case wait.TimerOnly:
					blind = append(blind, blindWait{n.Pos(), fmt.Sprintf("this select waits for the backoff timer but not for %s.Done(): after the caller cancels, the loop still waits out its backoff; add case <-%s.Done()", name, name), false})
				case wait.Mixed:
					if ch := signalCase(sel); ch != "" {
						// A quit or stop channel is not the caller's
						// cancellation: only a context in scope is.
						blind = append(blind, blindWait{n.Pos(), fmt.Sprintf("this select waits for the backoff timer and %s but not for %s.Done(): after the caller cancels, the loop still waits out its backoff; add case <-%s.Done()", ch, name, name), false})
						continue
					}
					consults = true // another channel may be the cancellation: unsure
				}
			case *ast.SelectorExpr:
				// errors.Is(err, context.Canceled): the loop looks at the
				// context's verdict through the attempt's error.
				if v, ok := r.info.Uses[n.Sel].(*types.Var); ok && v.Pkg() != nil && v.Pkg().Path() == "context" {
					consults = true
				}
			}
		}
		if l.step {
			// A work loop's failure path: its wait is judged, nothing
			// else (the loop is no retry loop and may well not consult
			// the context between items).
			if !doneSelect {
				for _, w := range blind {
					if !w.short { // a pause against a busy loop delays nothing that matters
						r.reportf(analysisdoc.N2, w.pos, "%s", w.msg)
					}
				}
			}
			continue
		}
		for _, cc := range spins {
			r.reportSpin(cc)
		}
		if classify.IsPoll(r.info, l.body, l.attempt, l.errVar) {
			// A poll leaves on the first error: its waits pace reads that
			// succeeded, and a cancelled read ends it.
			continue
		}
		if doneSelect {
			// A blind wait beside an interruptible one is the fallback for
			// a context that cannot be cancelled (ctx.Done() == nil).
			continue
		}
		for _, w := range blind {
			r.reportf(analysisdoc.N2, w.pos, "%s", w.msg)
		}
		if len(blind) > 0 || consults {
			continue
		}
		// Never consulted: it matters only if the loop goes round again
		// when the attempt fails because the context is done.
		if r.goesRoundOnCancel(l) != classify.True {
			continue
		}
		r.reportf(analysisdoc.N2, l.node.Pos(), "retry loop never consults %s between attempts: after the caller cancels it goes on retrying; check %s.Err() before each attempt, or wait in select on %s.Done()", name, name, name)
	}
}

// goesRoundOnCancel evaluates the loop body after the attempt for an
// attempt error of context.Canceled.
func (r *runner) goesRoundOnCancel(l *loop) classify.Tri {
	if l.attempt == nil || l.errVar == nil {
		return classify.Unknown
	}
	var from ast.Stmt
	for _, s := range l.body.List {
		if s.Pos() <= l.attempt.Pos() && l.attempt.End() <= s.End() {
			from = s
		}
	}
	if from == nil {
		return classify.Unknown
	}
	opt := &classify.Options{Decls: r.decls, Defs: r.defs}
	if ls, ok := l.node.(*ast.LabeledStmt); ok {
		// A goto loop goes round only at its goto: falling off its
		// statements leaves.
		if opt.Round, _ = r.info.Defs[ls.Label].(*types.Label); opt.Round == nil {
			return classify.Unknown
		}
	}
	return classify.GoesRound(r.info, l.body, from, l.errVar, classify.Canceled, opt)
}

// leavesOnError reports whether the error of the call at c ends the loop:
// `if err := f(ctx); err != nil { return ... }`, `if f(ctx) != nil {
// return }`, `return f(ctx)`, or `x, err := f(ctx)` followed by such an if.
func (r *runner) leavesOnError(c inspector.Cursor) bool {
	call := c.Node().(*ast.CallExpr)
	switch p := c.Parent().Node().(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BinaryExpr:
		if ifs, ok := c.Parent().Parent().Node().(*ast.IfStmt); ok && ifs.Cond == p && wait.ExitsOnErr(r.info, ifs) {
			return true
		}
	case *ast.AssignStmt:
		if ifs, ok := c.Parent().Parent().Node().(*ast.IfStmt); ok && ifs.Init == p {
			return wait.ExitsOnErr(r.info, ifs)
		}
		// The next statement tests the error and leaves.
		if next, ok := c.Parent().NextSibling(); ok {
			if ifs, ok := next.Node().(*ast.IfStmt); ok && ifs.Init == nil && wait.ExitsOnErr(r.info, ifs) {
				if ev := analysisutil.IdentVar(r.info, p.Lhs[len(p.Lhs)-1]); ev != nil && analysisutil.Mentions(r.info, ifs.Cond, ev) {
					return true
				}
			}
		}
	}
	_ = call
	return false
}

// callsConsultingLit reports whether call calls a local function literal
// (sleep := func(d time.Duration) bool { select { case <-ctx.Done(): ...
// } }) whose body consults a context: a wait or check the loop does
// through a closure.
func (r *runner) callsConsultingLit(call *ast.CallExpr) bool {
	v := analysisutil.IdentVar(r.info, call.Fun)
	if v == nil {
		return false
	}
	lit, ok := ast.Unparen(r.defs[v]).(*ast.FuncLit)
	return ok && ctxaware.ConsultsContext(r.info, lit, nil)
}

// signalCase returns the spelling of the channel when every case of the
// select other than its timers is a bare receive from one signal channel
// held in a field (a quit, stop or shutdown channel, closed to
// broadcast), or "" otherwise. A select that also waits for a result or a
// message is doing work, not only backing off, and is left alone.
func signalCase(sel *wait.Select) string {
	var name string
	for _, c := range sel.Cases {
		switch c.Kind {
		case wait.Timer:
			continue
		case wait.Signal:
			// A field (s.quit) is the owner's shutdown signal; a parameter
			// may be a context's Done() that the caller handed in: unsure.
			if _, field := ast.Unparen(c.Chan).(*ast.SelectorExpr); c.Bare && field && name == "" {
				name = types.ExprString(c.Chan)
				continue
			}
		}
		return ""
	}
	return name
}

// n2Helpers reports calls of the code base's own retry helpers that take
// no context and sleep blindly between attempts, when the operation handed
// to them captures a context of the caller: once that context is done,
// every attempt fails at once and the helper still sleeps out each
// backoff, so cancellation makes the call take its full retry time.
// Library helpers are left to their own options. A helper of this
// package whose loop goes round again on context.Canceled (or one of
// another package known to go round on every error) sleeps out every
// backoff once the operation's context is done. Any other helper known
// to wait blindly without looking at a context (HelperFact.Sleeps)
// sleeps out the backoff in progress: reported when a caller's context
// is in scope, unless the operation checks the context itself.
func (r *runner) n2Helpers(loops []*loop) {
	seen := map[*ast.CallExpr]bool{}
	for _, s := range r.res.Scopes {
		if s.Kind != retryscope.Closure || seen[s.Call] {
			continue
		}
		lit, ok := s.Func.(*ast.FuncLit)
		if !ok {
			continue
		}
		fn, _ := typeutil.Callee(r.info, s.Call).(*types.Func)
		if fn == nil || retryscope.IsLibraryHelper(fn) || !r.wait.Blind(fn) {
			continue
		}
		name := analysisutil.DisplayName(fn)
		if fn.Pkg() == r.pass.Pkg && r.retriesCancel(fn, loops) || fn.Pkg() != r.pass.Pkg && r.res.Blind(fn) {
			// It goes round again on context.Canceled: every backoff.
			if captured := r.capturedSource(s.Call, lit); captured != "" {
				seen[s.Call] = true
				r.reportf(analysisdoc.N2, s.Call.Pos(), "%s sleeps between attempts and takes no context: after the caller cancels %s each attempt fails at once and every backoff is still slept out; give %s a context and wait in select on its Done() and a timer", name, captured, name)
			}
			continue
		}
		if !r.res.Sleeps(fn) || condition(r.info, lit) || ctxaware.ConsultsContext(r.info, lit.Body, nil) {
			// A condition of a poller is a poll, not a retry; an
			// operation that checks the context itself can end the
			// helper's run (a permanent error, a predicate's "no").
			continue
		}
		// Its waits are blind and its verdict is not its own: a caller's
		// context in scope is not heard until the backoff in progress ends.
		captured := r.capturedSource(s.Call, lit)
		if captured == "" {
			if srcs := r.callSources(s.Call); len(srcs) > 0 {
				captured = srcs[0].Name
			}
		}
		if captured == "" {
			continue
		}
		seen[s.Call] = true
		r.reportf(analysisdoc.N2, s.Call.Pos(), "%s sleeps between attempts and takes no context: after the caller cancels %s the backoff in progress is still slept out before the next attempt; give %s a context and wait in select on its Done() and a timer", name, captured, name)
	}
}

// capturedSource names a caller's context in scope at call that the
// operation lit uses, or "".
func (r *runner) capturedSource(call *ast.CallExpr, lit *ast.FuncLit) string {
	for _, src := range r.callSources(call) {
		if (src.Var.Pos() < lit.Pos() || src.Var.Pos() >= lit.End()) && analysisutil.Mentions(r.info, lit.Body, src.Var) {
			return src.Name
		}
	}
	return ""
}

// callSources returns the caller's contexts in scope at call, leaving
// out context fields of structs the function builds itself.
func (r *runner) callSources(call *ast.CallExpr) []ctxaware.Source {
	var body *ast.BlockStmt
	if c, ok := r.in.Root().FindNode(call); ok {
		if fn, ok := analysisutil.EnclosingFunc(c); ok {
			body, _ = analysisutil.FuncBody(r.info, fn.Node())
		}
	}
	var out []ctxaware.Source
	for _, src := range ctxaware.Sources(r.info, r.pass.Pkg, call.Pos(), r.defs) {
		if !src.LocalField(body) {
			out = append(out, src)
		}
	}
	return out
}

// condition reports whether lit has the shape of a poller's condition,
// func() (done bool, err error).
func condition(info *types.Info, lit *ast.FuncLit) bool {
	sig, ok := info.TypeOf(lit).(*types.Signature)
	return ok && sig.Results().Len() == 2 && types.Identical(sig.Results().At(0).Type().Underlying(), types.Typ[types.Bool])
}

// retriesCancel reports whether one of the retry loops of fn's declaration
// in this package goes round again on context.Canceled.
func (r *runner) retriesCancel(fn *types.Func, loops []*loop) bool {
	d := r.decls[fn.Origin()]
	if d == nil {
		return false
	}
	for _, l := range loops {
		if d.Pos() <= l.node.Pos() && l.node.End() <= d.End() && r.goesRoundOnCancel(l) == classify.True {
			return true
		}
	}
	return false
}

// loopSources returns the caller's contexts in scope at the loop, leaving
// out context fields of structs the function builds itself.
func (r *runner) loopSources(l *loop) []ctxaware.Source {
	var body *ast.BlockStmt
	if fn, ok := analysisutil.EnclosingFunc(l.cur); ok {
		body, _ = analysisutil.FuncBody(r.info, fn.Node())
	}
	lit := r.detachedWorker(l)
	var out []ctxaware.Source
	srcs := ctxaware.Sources(r.info, r.pass.Pkg, l.node.Pos(), r.defs)
	for _, acc := range ctxaware.AttemptAccessors(r.info, l.node, l.attempt) {
		// The attempts run under cli.Ctx(): a context of a value in
		// scope, which its owner cancels.
		if !slices.ContainsFunc(srcs, func(src ctxaware.Source) bool { return src.Var == acc.Var }) {
			srcs = append(srcs, acc)
		}
	}
	for _, src := range srcs {
		if src.LocalField(body) {
			continue
		}
		if lit != nil && src.Base == nil && !(lit.Pos() <= src.Var.Pos() && src.Var.Pos() < lit.End()) && !analysisutil.Mentions(r.info, lit.Body, src.Var) {
			// Start(ctx) { go func() { for { ... case <-w.stop: return } }() }:
			// the worker never reads Start's context and ends on its own
			// stop signal; it is meant to outlive the call that started it.
			continue
		}
		out = append(out, src)
	}
	return out
}

// detachedWorker returns the function literal started with go that holds
// loop l, when the loop leaves on a stop signal of its own (a select case
// receiving from a closing or quit channel), or nil.
func (r *runner) detachedWorker(l *loop) *ast.FuncLit {
	var lit *ast.FuncLit
	for c := range l.cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		if c == l.cur {
			continue
		}
		fl, ok := c.Node().(*ast.FuncLit)
		if !ok {
			return nil
		}
		call, ok := c.Parent().Node().(*ast.CallExpr)
		if !ok || ast.Unparen(call.Fun) != fl {
			return nil
		}
		if _, ok := c.Parent().Parent().Node().(*ast.GoStmt); !ok {
			return nil
		}
		lit = fl
		break
	}
	if lit == nil {
		return nil
	}
	stops := analysisutil.AnyInBody(l.body, func(n ast.Node) bool {
		cc, ok := n.(*ast.CommClause)
		return ok && cc.Comm != nil && wait.IsClosingRecv(r.info, cc.Comm) && analysisutil.EndsBy(cc.Body, analysisutil.ByReturn)
	})
	if !stops {
		return nil
	}
	return lit
}

// shortSleep reports whether the time.Sleep call sleeps a constant of at
// most 100ms.
func (r *runner) shortSleep(call *ast.CallExpr) bool {
	if len(call.Args) != 1 {
		return false
	}
	tv, ok := r.info.Types[call.Args[0]]
	if !ok || tv.Value == nil {
		return false
	}
	n, ok := constant.Int64Val(constant.ToInt(tv.Value))
	return ok && time.Duration(n) <= 100*time.Millisecond
}

// detachedAttempt reports whether the attempt of loop l is handed a
// context detached on purpose: context.WithoutCancel of one, directly or
// under WithTimeout, WithDeadline or WithCancel of it, through locals
// assigned once. A bare Background() is no such statement of intent (it
// is how a context is forgotten) and does not count.
func (r *runner) detachedAttempt(l *loop) bool {
	if l.attempt == nil {
		return false
	}
	for _, a := range l.attempt.Args {
		if !analysisutil.IsContext(r.info.TypeOf(a)) {
			continue
		}
		e, pos := a, l.attempt.Pos()
		for range 6 {
			if id, ok := ast.Unparen(e).(*ast.Ident); ok {
				v, _ := r.info.Uses[id].(*types.Var)
				d := r.defs[v]
				if d == nil {
					d = r.derivedDef(l, v)
				}
				if d == nil || d.Pos() >= pos {
					break
				}
				e, pos = d, d.Pos()
				continue
			}
			call, ok := ast.Unparen(e).(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				break
			}
			fn, _ := typeutil.Callee(r.info, call).(*types.Func)
			if analysisutil.IsFunc(fn, "context", "WithoutCancel") {
				return true
			}
			if !analysisutil.IsFunc(fn, "context", "WithTimeout") && !analysisutil.IsFunc(fn, "context", "WithDeadline") &&
				!analysisutil.IsFunc(fn, "context", "WithCancel") {
				break
			}
			e = call.Args[0]
		}
	}
	return false
}

// derivedDef returns the call that derives the context v when v is given
// its value once, in the function holding loop l, as the first result of
// a call (`actx, cancel := context.WithTimeout(bg, d)`), or nil.
func (r *runner) derivedDef(l *loop, v *types.Var) ast.Expr {
	if v == nil {
		return nil
	}
	fn, ok := analysisutil.EnclosingFunc(l.cur)
	if !ok {
		return nil
	}
	var def ast.Expr
	n := 0
	ast.Inspect(fn.Node(), func(x ast.Node) bool {
		as, ok := x.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, lhs := range as.Lhs {
			if id, ok := lhs.(*ast.Ident); ok && r.info.ObjectOf(id) == v {
				n++
				if i == 0 && len(as.Rhs) == 1 && len(as.Lhs) == 2 {
					def = as.Rhs[0]
				}
			}
		}
		return true
	})
	if n != 1 {
		return nil
	}
	return def
}

// reportSpin reports the ctx.Done() case cc that does not leave its loop.
func (r *runner) reportSpin(cc *ast.CommClause) {
	x := types.ExprString(analysisutil.CommRecv(cc.Comm))
	x = strings.TrimSuffix(x, ".Done()")
	r.reportf(analysisdoc.N2, cc.Pos(), "case <-%s.Done() does not leave the loop: once %s is done its Done channel stays ready, so every later round takes this case at once and the loop spins without waiting; return %s.Err() from this case", x, x, x)
}

// calleeWait is a blind wait in a function a retry loop calls.
type calleeWait struct {
	pos   token.Pos
	msg   string
	short bool
}

// calleeWaits returns the blind waits of the function called at c, when
// loop l calls it between attempts and it ignores the context it is
// handed for them: a function of this package, not the attempt nor a
// retry helper, that takes a context.Context, is handed one, and waits
// blindly once in its own body (wait.OnceWaits). The call must be on the
// loop's failure path: in a branch on the attempt's error, or anywhere
// in a retried step's failure branch. A callee that waits without a
// context parameter is a blind waiter by its Fact, reported at the call.
func (r *runner) calleeWaits(l *loop, c inspector.Cursor) []calleeWait {
	call := c.Node().(*ast.CallExpr)
	if call == l.attempt || !passesContext(r.info, call) {
		return nil
	}
	fn, _ := typeutil.Callee(r.info, call).(*types.Func)
	if fn == nil || fn == l.self {
		return nil
	}
	fn = fn.Origin()
	d := r.decls[fn]
	if d == nil || d.Body == nil || len(r.res.HelperParams(fn)) > 0 {
		return nil
	}
	if l.attempt != nil && typeutil.Callee(r.info, l.attempt) == fn {
		return nil // another call of the attempt's function
	}
	param := ctxParam(fn)
	if param == nil || !(l.step || r.onFailurePath(l, c)) {
		return nil
	}
	fc, ok := r.in.Root().FindNode(d)
	if !ok {
		return nil
	}
	name, pname := analysisutil.DisplayName(fn), param.Name()
	if pname == "" || pname == "_" {
		pname = "ctx"
	}
	var out []calleeWait
	for _, s := range r.wait.OnceWaits(fc) {
		w := calleeWait{pos: s.Node.Pos()}
		switch s.Kind {
		case wait.Sleep:
			w.short = r.shortSleep(s.Node.(*ast.CallExpr))
			w.msg = fmt.Sprintf("time.Sleep in %s ignores %s, and a retry loop calls it between attempts: after the caller cancels, the loop still sleeps out this pause; wait in select on %s.Done() and a timer", name, pname, pname)
		case wait.BlindCall:
			w.msg = fmt.Sprintf("%s sleeps and takes no context, and a retry loop calls %s between attempts: after the caller cancels, the loop still sleeps out this pause; pass %s and wait in select on %s.Done() and a timer", analysisutil.DisplayName(s.Callee), name, pname, pname)
		default:
			w.msg = fmt.Sprintf("this timer wait in %s ignores %s, and a retry loop calls it between attempts: after the caller cancels, the loop still waits out this pause; wait in select { case <-%s.Done(): ...; case <-t.C: }", name, pname, pname)
		}
		out = append(out, w)
	}
	return out
}

// ctxParam returns fn's first context.Context parameter, or nil.
func ctxParam(fn *types.Func) *types.Var {
	sig := fn.Type().(*types.Signature)
	for i := range sig.Params().Len() {
		if p := sig.Params().At(i); analysisutil.IsContext(p.Type()) {
			return p
		}
	}
	return nil
}

// onFailurePath reports whether the call at c runs, in loop l, only when
// the attempt failed: in the body or else branch of an if statement
// whose condition tests the attempt's error (if err != nil { ... }).
func (r *runner) onFailurePath(l *loop, c inspector.Cursor) bool {
	if l.errVar == nil {
		return false
	}
	for p := c.Parent(); p.Valid() && p.Node() != nil && p.Node() != l.node && p.Node() != l.root; p = p.Parent() {
		if _, ok := p.Node().(ast.Stmt); ok {
			// if err = op(); err == nil { return nil }; reconnect(ctx):
			// only a failure falls through to the statements after.
			for s, ok := p.PrevSibling(); ok; s, ok = s.PrevSibling() {
				if ifs, ok := s.Node().(*ast.IfStmt); ok && ifs.Else == nil && errNilTest(r.info, ifs.Cond, l.errVar, token.EQL) &&
					analysisutil.EndsBy(ifs.Body.List, analysisutil.ByReturn|analysisutil.ByBreak) {
					return true
				}
			}
		}
		ifs, ok := p.Node().(*ast.IfStmt)
		if !ok || !(ifs.Body.Pos() <= c.Node().Pos() && c.Node().End() <= ifs.End()) {
			continue
		}
		if ifs.Else != nil && ifs.Else.Pos() <= c.Node().Pos() {
			// The else branch: the test failed. It runs on failure only
			// when the test was for success (if err == nil { return }).
			if analysisutil.Mentions(r.info, ifs.Cond, l.errVar) && errNilTest(r.info, ifs.Cond, l.errVar, token.EQL) {
				return true
			}
			continue
		}
		if errNilTest(r.info, ifs.Cond, l.errVar, token.NEQ) {
			return true
		}
	}
	return false
}

// errNilTest reports whether cond is, or has as a top-level conjunct,
// `v != nil` (op NEQ) or `v == nil` (op EQL).
func errNilTest(info *types.Info, cond ast.Expr, v *types.Var, op token.Token) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		if e.Op == token.LAND {
			return errNilTest(info, e.X, v, op) || errNilTest(info, e.Y, v, op)
		}
		if e.Op != op {
			return false
		}
		x, y := ast.Unparen(e.X), ast.Unparen(e.Y)
		if id, ok := x.(*ast.Ident); ok && id.Name == "nil" {
			x, y = y, x
		}
		id, ok := y.(*ast.Ident)
		return ok && id.Name == "nil" && analysisutil.IdentVar(info, x) == v
	}
	return false
}
