package timerstop

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
)

// cfgOf returns the control-flow graph of fn, built on first use, in
// which calls that never return (see noReturn) end their block.
func (st *state) cfgOf(fn ast.Node) *cfg.CFG {
	if g, ok := st.cfgs[fn]; ok {
		return g
	}
	var body *ast.BlockStmt
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		body = fn.Body
	case *ast.FuncLit:
		body = fn.Body
	}
	var g *cfg.CFG
	if body != nil {
		g = cfg.New(body, func(call *ast.CallExpr) bool { return !st.noReturn(call) })
	}
	st.cfgs[fn] = g
	return g
}

// noReturn reports whether call never returns: the builtin panic, a
// function of this package none of whose returns is reachable (decided on
// its control-flow graph, to a fixed point over the package's calls), or,
// for a function of another package, one analysisutil.NoReturnCall knows
// by name (os.Exit, log.Fatal, t.Fatal, runtime.Goexit, ...).
func (st *state) noReturn(call *ast.CallExpr) bool {
	if builtinName(st.info, call) == "panic" {
		return true
	}
	fn := calleeFunc(st.info, call)
	if fn != nil && fn.Pkg() == st.pass.Pkg {
		if st.decls == nil {
			st.decls = analysisutil.FuncDecls(st.info, st.in)
		}
		if decl, ok := st.decls[fn]; ok {
			return st.neverReturns(fn, decl)
		}
	}
	return analysisutil.NoReturnCall(call)
}

// neverReturns reports whether the package function fn, declared by
// decl, has no reachable return. A function met again while its own graph
// is being built (recursion) is taken to return, as ctrlflow does.
func (st *state) neverReturns(fn *types.Func, decl *ast.FuncDecl) bool {
	if nr, ok := st.noRet[fn]; ok {
		return nr
	}
	if st.started[fn] {
		return false
	}
	st.started[fn] = true
	g := st.cfgOf(decl)
	nr := g != nil && g.NoReturn()
	st.noRet[fn] = nr
	return nr
}

// checkFunc applies T1 and T4 to the timer variables of one function.
func (st *state) checkFunc(fc inspector.Cursor, tvs []*timerVar) {
	var g *cfg.CFG
	for _, tv := range tvs {
		if tv.escaped || tv.reassigned {
			continue
		}
		old := st.old(tv.call.Node().Pos())
		// Since Go 1.23 an unstopped ticker is only collected once
		// nothing references it: one read by a goroutine this function
		// starts lives as long as that goroutine, after the return.
		held := tv.kind == isTicker && len(tv.goRefs) > 0 && !st.waitsAfter(fc, tv.goRefs[0])
		doT1 := (old || strict || held) && !st.t5[tv.v] && !st.isMain(fc.Node())
		doT4 := old && tv.kind == isTimer && len(tv.resets) > 0
		if !doT1 && !doT4 {
			continue
		}
		if g == nil {
			if g = st.cfgOf(fc.Node()); g == nil {
				return
			}
		}
		if doT1 {
			if ret, again := st.lostStop(g, tv); ret != nil || again {
				st.reportT1(tv, ret, again, old)
			}
		}
		if doT4 {
			st.checkResets(g, tv)
		}
	}
}

// waitsAfter reports whether the function at fc may block after the
// goroutine lit starts: a Wait call (sync.WaitGroup, errgroup), a
// receive, a select or a range over a channel, outside closures. The
// goroutine may then have exited before the function returns, and since
// Go 1.23 its ticker is collected: unsure, so T1 stays silent there
// unless strict.
func (st *state) waitsAfter(fc inspector.Cursor, lit *ast.FuncLit) bool {
	found := false
	ast.Inspect(funcBody(fc.Node()), func(n ast.Node) bool {
		if found || n == nil {
			return false
		}
		if n.End() <= lit.End() && !(n.Pos() <= lit.Pos() && lit.End() <= n.End()) {
			return false // wholly before the goroutine
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectStmt:
			found = n.Pos() > lit.End()
		case *ast.UnaryExpr:
			found = n.Op == token.ARROW && n.Pos() > lit.End()
		case *ast.RangeStmt:
			if t := st.info.TypeOf(n.X); t != nil && isChan(t) {
				found = n.Pos() > lit.End()
			}
		case *ast.CallExpr:
			if fn := calleeFunc(st.info, n); fn != nil && fn.Name() == "Wait" && n.Pos() > lit.End() {
				found = true
			}
		}
		return !found
	})
	return found
}

// isMain reports whether fn is main.main, whose return ends the process.
func (st *state) isMain(fn ast.Node) bool {
	decl, ok := fn.(*ast.FuncDecl)
	return ok && decl.Recv == nil && decl.Name.Name == "main" && st.pass.Pkg.Name() == "main"
}

// findNode returns the live block holding node n and n's index in it.
func findNode(g *cfg.CFG, n ast.Node) (*cfg.Block, int) {
	for _, b := range g.Blocks {
		if !b.Live {
			continue // dead code leaks nothing
		}
		for i, m := range b.Nodes {
			if m == n {
				return b, i
			}
		}
	}
	return nil, 0
}

// effectOf returns what CFG node n does to tv's timer: the effect of the
// last act in n. Closures inside n are not entered, except deferred ones
// (whose Stop is recorded on the defer statement itself).
func (st *state) effectOf(tv *timerVar, n ast.Node) effect {
	if e := tv.effects[n]; e == effDeferStop {
		return e
	}
	if _, ok := n.(*ast.DeferStmt); ok {
		return effNone
	}
	eff := effNone
	ast.Inspect(n, func(m ast.Node) bool {
		if _, ok := m.(*ast.FuncLit); ok {
			return false
		}
		if e, ok := tv.effects[m]; ok {
			eff = e
		}
		return true
	})
	return eff
}

// lostStop searches the CFG, as vet's lostcancel does for cancel funcs,
// for a path from tv's creation to a return on which the timer is still
// armed: not stopped since it was created or last Reset, and (a Timer)
// not received from. It returns the return statement (synthetic at the
// end of the function), or again=true for a path that reaches the
// creation again, in a loop, with the previous timer still armed.
func (st *state) lostStop(g *cfg.CFG, tv *timerVar) (ret *ast.ReturnStmt, again bool) {
	defb, idx := findNode(g, tv.stmt)
	if defb == nil {
		return nil, false
	}
	// A deferred Stop registered before the creation, as in
	//	var t *time.Timer
	//	defer func() { if t != nil { t.Stop() } }()
	//	t = time.NewTimer(d)
	// covers every return after it.
	for n, e := range tv.effects {
		if e == effDeferStop && n.Pos() < tv.stmt.Pos() {
			return nil, false
		}
	}
	type key struct {
		b     *cfg.Block
		armed bool
	}
	seen := make(map[key]bool)
	var walk func(b *cfg.Block, from int, armed bool) (*ast.ReturnStmt, bool)
	walk = func(b *cfg.Block, from int, armed bool) (*ast.ReturnStmt, bool) {
		for i := from; i < len(b.Nodes); i++ {
			n := b.Nodes[i]
			if n == tv.stmt {
				// A new timer replaces the old one. If the old one is
				// stopped, this is the start state again, already explored.
				// A variable declared outside the loop may be assigned
				// under a guard the CFG does not see (`if t == nil`), so
				// only a fresh declaration counts as a replacement.
				return nil, armed && tv.declared
			}
			switch st.effectOf(tv, n) {
			case effDeferStop:
				return nil, false // every return from here on stops it
			case effStop:
				armed = false
			case effRecv:
				if tv.kind == isTimer {
					armed = false // fired: a Timer is gone after its tick
				}
			case effReset:
				armed = true
			}
		}
		if r := b.Return(); r != nil {
			if armed {
				return r, false
			}
			return nil, false
		}
		for _, s := range b.Succs {
			a := armed
			if tv.kind == isTimer && s.Kind == cfg.KindSelectCaseBody && tv.commRecv[s.Stmt] {
				a = false // this case received the tick
			}
			if a && s.Kind == cfg.KindForDone && b.Kind == cfg.KindForLoop && st.condSetOnFire(tv, b.Stmt) {
				continue // the loop condition turns false only once the timer fired
			}
			if a && (s.Kind == cfg.KindIfElse || s.Kind == cfg.KindIfDone) && st.nonNilTest(tv, s.Stmt) {
				// if t != nil { t.Stop() }: an armed timer is not nil, so
				// the branch that skips the Stop is not taken.
				continue
			}
			if k := (key{s, a}); !seen[k] {
				seen[k] = true
				if r, ag := walk(s, 0, a); r != nil || ag {
					return r, ag
				}
			}
		}
		return nil, false
	}
	return walk(defb, idx+1, true)
}

// nonNilTest reports whether stmt is an if statement whose condition is
// tv's variable compared unequal to nil (t != nil, nil != t).
func (st *state) nonNilTest(tv *timerVar, stmt ast.Stmt) bool {
	ifs, ok := stmt.(*ast.IfStmt)
	if !ok {
		return false
	}
	be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	isV := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && st.info.Uses[id] == tv.v
	}
	isNil := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && id.Name == "nil" && st.info.Uses[id] == types.Universe.Lookup("nil")
	}
	return isV(be.X) && isNil(be.Y) || isNil(be.X) && isV(be.Y)
}

// condSetOnFire reports whether loop is a `for cond` loop whose condition
// reads a variable that the select case receiving from tv's Timer
// assigns, as in
//
//	for running := true; running; {
//		select {
//		case <-t.C:
//			running = false
//		default: ...
//		}
//	}
//
// The CFG does not know that the condition is false only after the tick,
// so without this a path round the default case and out of the loop
// would look like a leak.
func (st *state) condSetOnFire(tv *timerVar, loop ast.Stmt) bool {
	fs, ok := loop.(*ast.ForStmt)
	if !ok || fs.Cond == nil || tv.kind != isTimer {
		return false
	}
	vars := make(map[*types.Var]bool)
	ast.Inspect(fs.Cond, func(n ast.Node) bool {
		if v := localVar(st.info, asExpr(n)); v != nil {
			vars[v] = true
		}
		return true
	})
	found := false
	for clause := range tv.commRecv {
		ast.Inspect(clause, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok {
				for _, lhs := range as.Lhs {
					if vars[localVar(st.info, lhs)] {
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

// asExpr returns n as an expression, or nil.
func asExpr(n ast.Node) ast.Expr {
	e, _ := n.(ast.Expr)
	return e
}

// reportT1 reports tv's creation, naming the return that leaks it, with
// a suggested fix where inserting `defer v.Stop()` is safe.
func (st *state) reportT1(tv *timerVar, ret *ast.ReturnStmt, again, old bool) {
	name := tv.v.Name()
	call := tv.call.Node()
	d := analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: string(analysisdoc.T1)}
	body := funcBody(tv.fn.Node())
	var where string
	switch {
	case again:
		where = "the loop creates the next one"
	case ret.Pos() == body.Rbrace:
		where = fmt.Sprintf("the function ends at line %d", st.line(ret.Pos()))
	default:
		where = fmt.Sprintf("the return at line %d", st.line(ret.Pos()))
	}
	if ret != nil {
		d.Related = []analysis.RelatedInformation{{Pos: ret.Pos(), Message: "this return leaves " + name + " running"}}
	}
	fix := "add defer " + name + ".Stop() after creating it"
	switch {
	case again:
		fix = "stop it before the next iteration"
	case len(tv.goRefs) > 0:
		fix = "stop it in the goroutine that reads it, when that goroutine returns"
	}
	switch {
	case !old && len(tv.goRefs) > 0:
		d.Message = fmt.Sprintf("ticker %s, read by the goroutine started at line %d, is not stopped before %s: that goroutine keeps it referenced, so it keeps firing and is not collected for as long as the goroutine runs (Go 1.23 collects only unreferenced tickers); %s",
			name, st.line(tv.goRefs[0].Pos()), where, fix)
	case !old:
		what := "stays scheduled"
		if tv.kind == isTicker {
			what = "keeps firing"
		}
		d.Message = fmt.Sprintf("%s %s is not stopped before %s: it %s until it is collected (since Go 1.23 a cost, not a leak); %s",
			tv.kind, name, where, what, fix)
	case tv.kind == isTimer:
		d.Message = fmt.Sprintf("timer %s is not stopped before %s, so it stays live until it fires (before Go 1.23 an unstopped timer is not collected); %s", name, where, fix)
	case len(tv.goRefs) > 0:
		d.Message = fmt.Sprintf("ticker %s, read by the goroutine started at line %d, is not stopped before %s, so it keeps firing and is never collected (before Go 1.23), even after that goroutine exits; %s",
			name, st.line(tv.goRefs[0].Pos()), where, fix)
	default:
		d.Message = fmt.Sprintf("ticker %s is not stopped before %s, so it keeps firing and is never collected (before Go 1.23); %s", name, where, fix)
	}
	if !again && len(tv.goRefs) == 0 && !tv.closureRef {
		d.SuggestedFixes = st.deferStop(tv)
	}
	st.r.Report(d)
}

// deferStop returns the fix that inserts `defer v.Stop()` after tv's
// creation, when the creation is a short variable declaration in a
// statement list of the function and not inside a loop (where defers
// would pile up until the function returns).
func (st *state) deferStop(tv *timerVar) []analysis.SuggestedFix {
	as, ok := tv.stmt.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE {
		return nil
	}
	sc := tv.call.Parent()
	if sc.ParentEdgeKind() != edge.BlockStmt_List {
		return nil
	}
	for c := range sc.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		if c == tv.fn {
			break
		}
		if _, ok := c.Node().(*ast.FuncLit); !ok {
			return nil // in a loop
		}
	}
	// Insert on a new line after the statement, with its indentation,
	// keeping a trailing line comment where it is.
	tf := st.pass.Fset.File(as.Pos())
	if tf == nil || st.pass.ReadFile == nil {
		return nil
	}
	src, err := st.pass.ReadFile(tf.Name())
	if err != nil || len(src) != tf.Size() {
		return nil
	}
	start, end := tf.Offset(tf.LineStart(tf.Line(as.Pos()))), tf.Offset(as.End())
	indent := src[start:tf.Offset(as.Pos())]
	if len(bytes.TrimLeft(indent, " \t")) != 0 {
		return nil // not the first statement on its line
	}
	eol := bytes.IndexByte(src[end:], '\n')
	if eol < 0 {
		return nil
	}
	if rest := bytes.TrimSpace(src[end : end+eol]); len(rest) > 0 && !bytes.HasPrefix(rest, []byte("//")) {
		return nil
	}
	at := tf.Pos(end + eol)
	return []analysis.SuggestedFix{{
		Message:   "Add defer " + tv.v.Name() + ".Stop()",
		TextEdits: []analysis.TextEdit{{Pos: at, End: at, NewText: []byte("\n" + string(indent) + "defer " + tv.v.Name() + ".Stop()")}},
	}}
}

// checkResets applies T4: each Reset of a Timer needs the channel empty,
// so on every path back to the timer's creation or its previous Reset
// there must be a receive from t.C, or a Stop whose result is handled
// (`if !t.Stop() { <-t.C }`), or a non-blocking drain.
func (st *state) checkResets(g *cfg.CFG, tv *timerVar) {
	if len(tv.resets) == 0 {
		return
	}
	preds := make(map[*cfg.Block][]*cfg.Block)
	for _, b := range g.Blocks {
		for _, s := range b.Succs {
			preds[s] = append(preds[s], b)
		}
	}
	for _, reset := range tv.resets {
		b, i := findContaining(g, reset)
		if b == nil {
			continue
		}
		start := st.staleReset(tv, preds, b, i)
		if start == nil {
			continue
		}
		since := fmt.Sprintf("it was created at line %d", st.line(start.Pos()))
		if start != tv.stmt {
			since = fmt.Sprintf("the Reset at line %d", st.line(start.Pos()))
		}
		name := tv.v.Name()
		st.r.Report(analysis.Diagnostic{
			Pos: reset.Pos(), End: reset.End(), Category: string(analysisdoc.T4),
			Message: fmt.Sprintf("reset of timer %s on a path where it was neither received from nor stopped and drained since %s: a tick that fired unread stays in %s.C (before Go 1.23) and the next receive returns at once; write if !%s.Stop() { <-%s.C } before Reset",
				name, since, name, name, name),
			Related: []analysis.RelatedInformation{{Pos: start.Pos(), Message: name + " is started here"}},
		})
	}
}

// findContaining returns the live block and index of the CFG node that
// contains call.
func findContaining(g *cfg.CFG, call *ast.CallExpr) (*cfg.Block, int) {
	for _, b := range g.Blocks {
		if !b.Live {
			continue
		}
		for i, n := range b.Nodes {
			if n.Pos() <= call.Pos() && call.End() <= n.End() {
				return b, i
			}
		}
	}
	return nil, 0
}

// staleReset searches backwards from node i of block b for the node that
// last started the timer (its creation or a Reset) on a path with no
// receive or handled Stop in between, and returns it, or nil.
//
// A timer can only have fired if time passed while it ran: the search
// tracks whether some work (a call, a channel operation) lies between the
// start and the Reset, or the first plain Stop after the start. Creating
// a timer and resetting it straight away, or stopping it straight away
// (the idiom for a stopped timer), leaves nothing in the channel.
func (st *state) staleReset(tv *timerVar, preds map[*cfg.Block][]*cfg.Block, b *cfg.Block, i int) ast.Node {
	type key struct {
		b    *cfg.Block
		work bool
	}
	seen := make(map[key]bool)
	var back func(b *cfg.Block, i int, work bool) ast.Node
	back = func(b *cfg.Block, i int, work bool) ast.Node {
		for j := i - 1; j >= 0; j-- {
			n := b.Nodes[j]
			if n == tv.stmt {
				if work {
					return n
				}
				return nil
			}
			if tv.drainComms[n] {
				return nil
			}
			switch st.effectOf(tv, n) {
			case effRecv:
				return nil
			case effReset:
				if work {
					return n
				}
				return nil
			case effStop:
				if st.handledStop(tv, n) {
					return nil
				}
				work = false // stopped: only time before the Stop counts
				continue
			}
			if !work && st.doesWork(tv, n) {
				work = true
			}
		}
		if b.Kind == cfg.KindSelectCaseBody && tv.commRecv[b.Stmt] {
			return nil
		}
		for _, p := range preds[b] {
			if k := (key{p, work}); p.Live && !seen[k] {
				seen[k] = true
				if s := back(p, len(p.Nodes), work); s != nil {
					return s
				}
			}
		}
		return nil
	}
	return back(b, i, false)
}

// doesWork reports whether CFG node n may let time pass: it calls a
// function (other than a builtin, a conversion or a method of the timer)
// or operates on a channel. Deferred calls and closures run later.
func (st *state) doesWork(tv *timerVar, n ast.Node) bool {
	if _, ok := n.(*ast.DeferStmt); ok {
		return false
	}
	work := false
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SendStmt:
			work = true
		case *ast.UnaryExpr:
			work = work || m.Op == token.ARROW
		case *ast.CallExpr:
			if tv.effects[m] != effNone || builtinName(st.info, m) != "" {
				break
			}
			if tv := st.info.Types[m.Fun]; tv.IsType() {
				break // a conversion
			}
			work = true
		}
		return !work
	})
	return work
}

// handledStop reports whether node n holds a Stop of tv whose result is
// looked at.
func (st *state) handledStop(tv *timerVar, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if c, ok := m.(*ast.CallExpr); ok && tv.usedStop[c] {
			found = true
		}
		return !found
	})
	return found
}

func isChan(t types.Type) bool {
	_, ok := t.Underlying().(*types.Chan)
	return ok
}
