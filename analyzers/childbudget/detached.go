package childbudget

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/budget"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/knowledge"
)

// detached reports B4: context.Background() or context.TODO() (directly or
// as the parent of WithTimeout, WithCancel, WithDeadline) handed to a call
// in a function that has a context parameter or an *http.Request.
func (st *state) detached() {
	for c := range st.in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		if !budget.IsRoot(st.info, call) {
			continue
		}
		fn, ok := st.judged(c)
		if !ok {
			continue
		}
		sink, how := st.sink(c)
		if !sink.Valid() || inDefer(sink) {
			continue
		}
		own := how.own
		if how.deadline && !how.param {
			// context.WithTimeout(context.Background(), d) handed on: a
			// budget chosen here, on purpose, for work that must not die
			// with the caller (a lease write after the job's context
			// ended, a cancel or shutdown message with its own second).
			// A bare root, or one that replaces the caller's ctx by its
			// own name, is the slip.
			continue
		}
		if sc := sink.Node().(*ast.CallExpr); st.isLogging(sc) || st.isTeardown(sc) || st.valuesOnly(sc, 0) {
			// Nothing escapes: the callee reads only the context's
			// values, or ends something and must finish even when the
			// caller has gone.
			continue
		}
		if st.commentedIntent(c) {
			continue
		}
		if st.outlives(c, sink, fn) {
			// go worker(context.Background()), a keep-alive or refresh
			// loop started with the root and not cancelled here: work
			// meant to outlive the request, detached on purpose.
			continue
		}
		if st.cancelKept(c, fn) {
			// listenCtx, cs.cancel := context.WithCancel(context.Background()):
			// the context lives as long as the object that keeps its
			// cancel (a session closed by Close), not the call.
			continue
		}
		srcs := sources(st.info, fn)
		if len(srcs) == 0 {
			continue
		}
		if own && watchesDone(st.info, fn, srcs) {
			// waitCtx, cancel := context.WithCancel(context.Background())
			// handed to a ticker or poller while the function itself
			// selects on ctx.Done(): the child gets the function's
			// lifetime, and the caller's cancellation is honored here.
			continue
		}
		root, _ := budget.ContextFunc(st.info, call)
		d := analysis.Diagnostic{
			Pos:      call.Pos(),
			End:      call.End(),
			Category: string(analysisdoc.B4),
			Message: fmt.Sprintf("context.%s() passed to %s detaches the call from the caller's deadline and cancellation; derive from %s, or use context.WithoutCancel(%s) when the call must outlive the request",
				root, st.callName(sink.Node().(*ast.CallExpr)), srcs[0].expr, srcs[0].expr),
		}
		if len(srcs) == 1 && st.visible(srcs[0].v, call) {
			repl := srcs[0].expr
			if _, ok := sink.Parent().Node().(*ast.GoStmt); ok {
				// A goroutine may outlive the request: keep the values
				// and the trace, not the cancellation.
				repl = "context.WithoutCancel(" + repl + ")"
			}
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   "use " + repl,
				TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(repl)}},
			}}
		}
		st.r.Report(d)
	}
}

// outlives reports whether the root context made at root is handed to
// work meant to outlive the function fn that makes it: the call that
// receives it (sink) is started with go, sits in a function literal
// started with go, or is a function of this package that starts a
// goroutine with that context (a keep-alive or refresh loop); and the
// context is not cancelled in fn (no cancel(), deferred or not: a
// goroutine whose context fn cancels before returning lives no longer
// than fn, and then ignoring the caller's cancellation is the bug).
func (st *state) outlives(root, sink inspector.Cursor, fn ast.Node) bool {
	// websocket.NetConn(context.Background(), c, typ): a callee that keeps
	// the context (KeepsContextFact) makes it the lifetime of what it
	// builds (a connection, a session), like a goroutine it starts.
	if !st.startsGoroutine(sink, fn) && !st.keepsCtx(analysisutil.CalleeFunc(st.info, sink.Node().(*ast.CallExpr))) {
		return false
	}
	cancel := st.cancelOf(root)
	if cancel == nil {
		return true
	}
	// Only a deferred cancel, or one after the work is started, ends it
	// early: one before it (`if noRenewal { cancel(); return }`) is the
	// path that starts no goroutine at all.
	body, _ := analysisutil.FuncBody(st.info, fn)
	return !analysisutil.AnyInBody(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.DeferStmt:
			return st.identVar(n.Call.Fun) == cancel
		case *ast.CallExpr:
			return n.Pos() > sink.Node().Pos() && st.identVar(n.Fun) == cancel
		}
		return false
	})
}

// startsGoroutine reports whether the call at sink runs in a goroutine
// started in fn, or (a function of this package) starts one that uses the
// context it is handed.
func (st *state) startsGoroutine(sink inspector.Cursor, fn ast.Node) bool {
	for c := sink.Parent(); c.Valid() && c.Node() != fn; c = c.Parent() {
		switch n := c.Node().(type) {
		case *ast.GoStmt:
			return true
		case *ast.FuncLit:
			// go func() { ... sink ... }()
			if pc, ok := c.Parent().Node().(*ast.CallExpr); ok && ast.Unparen(pc.Fun) == n {
				if _, ok := c.Parent().Parent().Node().(*ast.GoStmt); ok {
					return true
				}
			}
		}
	}
	call := sink.Node().(*ast.CallExpr)
	callee, _ := typeutil.Callee(st.info, call).(*types.Func)
	if callee == nil || st.scopes == nil {
		return false
	}
	d := st.scopes.Decls[callee.Origin()]
	if d == nil || d.Body == nil {
		return false
	}
	sig := callee.Origin().Type().(*types.Signature)
	for i := range sig.Params().Len() {
		p := sig.Params().At(i)
		if !budget.IsContext(p.Type()) || i >= len(call.Args) || !budget.IsContext(st.info.TypeOf(call.Args[i])) {
			continue
		}
		found := false
		ast.Inspect(d.Body, func(n ast.Node) bool {
			if g, ok := n.(*ast.GoStmt); ok && (analysisutil.Mentions(st.info, g, p) || st.runsLiteral(g, p)) {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// runsLiteral reports whether g starts a function variable whose one
// value is a literal that uses p (fn := func() { c.tp.Token(ctx) }; go fn()).
func (st *state) runsLiteral(g *ast.GoStmt, p *types.Var) bool {
	v := analysisutil.IdentVar(st.info, g.Call.Fun)
	if v == nil || st.wait == nil {
		return false
	}
	lit, ok := st.wait.Defs[v].(*ast.FuncLit)
	return ok && analysisutil.Mentions(st.info, lit, p)
}

// cancelOf returns the cancel function of the context made at root when it
// went through WithCancel/WithTimeout/WithDeadline into an assignment
// (`bg, cancel := context.WithCancel(context.Background())`), or nil.
func (st *state) cancelOf(root inspector.Cursor) *types.Var {
	c := root
	for range 4 {
		parent := c.Parent()
		switch p := parent.Node().(type) {
		case *ast.ParenExpr:
			c = parent
			continue
		case *ast.CallExpr:
			if _, ok := budget.ContextFunc(st.info, p); ok {
				c = parent
				continue
			}
		case *ast.AssignStmt:
			if len(p.Lhs) == 2 && len(p.Rhs) == 1 {
				return st.identVar(p.Lhs[1])
			}
		case *ast.ValueSpec:
			if len(p.Names) == 2 && len(p.Values) == 1 {
				return st.identVar(p.Names[1])
			}
		}
		break
	}
	return nil
}

// cancelKept reports whether the cancel function of the context made at
// root outlives fn: it is assigned to a field, put in a composite literal
// or returned. Whoever keeps it ends the context (a session's Close), so
// the context belongs to that object's lifetime, on purpose.
func (st *state) cancelKept(root inspector.Cursor, fn ast.Node) bool {
	for c := root; c.Valid() && c.Node() != fn; c = c.Parent() {
		if as, ok := c.Node().(*ast.AssignStmt); ok {
			if len(as.Lhs) == 2 && len(as.Rhs) == 1 {
				if _, field := ast.Unparen(as.Lhs[1]).(*ast.SelectorExpr); field {
					return true
				}
			}
			break
		}
	}
	cancel := st.cancelOf(root)
	if cancel == nil {
		return false
	}
	body, _ := analysisutil.FuncBody(st.info, fn)
	return analysisutil.AnyInBody(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, r := range n.Rhs {
				if st.identVar(r) == cancel && i < len(n.Lhs) {
					if _, field := ast.Unparen(n.Lhs[i]).(*ast.SelectorExpr); field {
						return true
					}
				}
			}
		case *ast.CompositeLit:
			for _, e := range n.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					e = kv.Value
				}
				if st.identVar(e) == cancel {
					return true
				}
			}
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if st.identVar(r) == cancel {
					return true
				}
			}
		}
		return false
	})
}

// source is a caller's context: a context parameter, or r.Context() of an
// *http.Request parameter r.
type source struct {
	v    *types.Var
	expr string
}

// sources returns the caller's contexts that fn's parameters provide, or
// nil when fn has none or one of them is blank or unnamed (the function
// ignores its context on purpose).
func sources(info *types.Info, fn ast.Node) []source {
	var ft *ast.FuncType
	switch f := fn.(type) {
	case *ast.FuncDecl:
		ft = f.Type
	case *ast.FuncLit:
		ft = f.Type
	}
	if ft == nil || ft.Params == nil {
		return nil
	}
	var out []source
	for _, field := range ft.Params.List {
		t := info.TypeOf(field.Type)
		ctx, req := budget.IsContext(t), isRequest(t)
		if !ctx && !req {
			continue
		}
		if len(field.Names) == 0 {
			return nil
		}
		for _, id := range field.Names {
			v, _ := info.Defs[id].(*types.Var)
			if id.Name == "_" || v == nil {
				return nil
			}
			if ctx {
				out = append(out, source{v, id.Name})
			} else {
				out = append(out, source{v, id.Name + ".Context()"})
			}
		}
	}
	return out
}

// watchesDone reports whether fn (function literals not entered) receives
// from the Done() channel of one of the caller's contexts srcs, or of
// r.Context() for a request among them.
func watchesDone(info *types.Info, fn ast.Node, srcs []source) bool {
	body, _ := analysisutil.FuncBody(info, fn)
	return analysisutil.AnyInBody(body, func(n ast.Node) bool {
		u, ok := n.(*ast.UnaryExpr)
		if !ok || u.Op != token.ARROW {
			return false
		}
		call, ok := ast.Unparen(u.X).(*ast.CallExpr)
		if !ok {
			return false
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Done" {
			return false
		}
		x := ast.Unparen(sel.X)
		if inner, ok := x.(*ast.CallExpr); ok { // r.Context().Done()
			if isel, ok := ast.Unparen(inner.Fun).(*ast.SelectorExpr); ok && isel.Sel.Name == "Context" {
				x = isel.X
			}
		}
		v := analysisutil.IdentVar(info, x)
		return v != nil && slices.ContainsFunc(srcs, func(s source) bool { return s.v == v })
	})
}

// isRequest reports whether t is *net/http.Request.
func isRequest(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http" && n.Obj().Name() == "Request"
}

// judged returns the function whose context the root call at c bypasses:
// the innermost function around it that has a context or request
// parameter, reached through function literals that run in place. It is
// false for main and init, for a goroutine or a closure handed elsewhere
// (run later: a background job detached on purpose) that takes no context
// itself, and for deferred closures (cleanup that must run after the
// request was cancelled).
func (st *state) judged(c inspector.Cursor) (ast.Node, bool) {
	for f := range c.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch fn := f.Node().(type) {
		case *ast.FuncDecl:
			if fn.Recv == nil && (fn.Name.Name == "main" || fn.Name.Name == "init") {
				return nil, false
			}
			return fn, hasSource(st.info, fn.Type)
		case *ast.FuncLit:
			if hasSource(st.info, fn.Type) {
				return fn, true
			}
			// Called in place (func(){...}()) the literal is part of the
			// function around it; anything else runs later, detached.
			parent := f.Parent()
			pc, ok := parent.Node().(*ast.CallExpr)
			if !ok || ast.Unparen(pc.Fun) != fn {
				return nil, false
			}
			if gp := parent.Parent(); gp.Valid() {
				switch gp.Node().(type) {
				case *ast.GoStmt, *ast.DeferStmt:
					return nil, false
				}
			}
		}
	}
	return nil, false
}

// hasSource reports whether a function type has a context or
// *http.Request parameter.
func hasSource(info *types.Info, ft *ast.FuncType) bool {
	if ft.Params == nil {
		return false
	}
	for _, f := range ft.Params.List {
		if t := info.TypeOf(f.Type); budget.IsContext(t) || isRequest(t) {
			return true
		}
	}
	return false
}

// sink returns the call that receives the root context made at c, directly
// or through WithTimeout, WithCancel and WithDeadline of it, as an
// argument of type context.Context; following it through one local
// variable assigned once. It is invalid when the context is not handed to
// a call (stored in a field, returned, ...). how says what the context
// went through on the way.
func (st *state) sink(c inspector.Cursor) (_ inspector.Cursor, how sinkPath) {
	for range 4 {
		parent := c.Parent()
		if !parent.Valid() {
			break
		}
		switch p := parent.Node().(type) {
		case *ast.ParenExpr:
			c = parent
			continue
		case *ast.CallExpr:
			k, idx := c.ParentEdge()
			if k != edge.CallExpr_Args {
				return inspector.Cursor{}, how
			}
			if name, ok := budget.ContextFunc(st.info, p); ok {
				switch name {
				case "WithTimeout", "WithDeadline", "WithTimeoutCause", "WithDeadlineCause":
					how.deadline = true
					fallthrough
				case "WithCancel", "WithCancelCause":
					if idx == 0 {
						c = parent
						how.own = true
						continue
					}
				}
				return inspector.Cursor{}, how
			}
			if registersOnly(st.info, p) {
				return inspector.Cursor{}, how
			}
			if st.takesContext(p, idx) {
				return parent, how
			}
			return inspector.Cursor{}, how
		case *ast.AssignStmt:
			k, idx := c.ParentEdge()
			if k != edge.AssignStmt_Rhs || (len(p.Lhs) != len(p.Rhs) && idx != 0) {
				return inspector.Cursor{}, how
			}
			s, param := st.useSink(p.Lhs[idx], c)
			how.param = param
			return s, how
		case *ast.ValueSpec:
			k, idx := c.ParentEdge()
			if k != edge.ValueSpec_Values || (len(p.Names) != len(p.Values) && idx != 0) {
				return inspector.Cursor{}, how
			}
			s, param := st.useSink(p.Names[idx], c)
			how.param = param
			return s, how
		}
		break
	}
	return inspector.Cursor{}, how
}

// sinkPath is the way a root context went to its sink.
type sinkPath struct {
	own      bool // through WithCancel, WithTimeout or WithDeadline: it has a cancel of its own
	deadline bool // through WithTimeout or WithDeadline: a budget chosen here
	param    bool // assigned to the function's own context parameter
}

// useSink finds a call that receives the local variable lhs (assigned once,
// here) as a context argument; param reports that lhs is the function's
// own context parameter.
func (st *state) useSink(lhs ast.Expr, at inspector.Cursor) (_ inspector.Cursor, param bool) {
	v := st.identVar(lhs)
	if v == nil {
		return inspector.Cursor{}, false
	}
	n, ok := st.tr.Assigned(v)
	if !ok || n != 1 {
		return inspector.Cursor{}, false
	}
	// A parameter reassigned under a condition (if ctx == nil { ctx =
	// context.Background() }) keeps the caller's context on the other
	// path; reassigned by a statement of the function's own body (ctx,
	// cancel := context.WithTimeout(context.Background(), d)), it has lost
	// the caller's context for every use after it.
	after := token.NoPos
	param = st.tr.IsParam(v)
	if param {
		stmt := at.Parent()
		for stmt.Valid() {
			if _, ok := stmt.Node().(ast.Stmt); ok {
				break
			}
			stmt = stmt.Parent()
		}
		if !stmt.Valid() || stmt.ParentEdgeKind() != edge.BlockStmt_List {
			return inspector.Cursor{}, false
		}
		if _, ok := stmt.Parent().Parent().Node().(*ast.FuncDecl); !ok {
			if _, ok := stmt.Parent().Parent().Node().(*ast.FuncLit); !ok {
				return inspector.Cursor{}, false
			}
		}
		after = stmt.Node().End()
	}
	fn := outerFunc(at)
	if !fn.Valid() {
		return inspector.Cursor{}, false
	}
	for c := range fn.Preorder((*ast.Ident)(nil)) {
		id := c.Node().(*ast.Ident)
		if st.info.Uses[id] != v || id.Pos() < after {
			continue
		}
		parent := c.Parent()
		p, ok := parent.Node().(*ast.CallExpr)
		if !ok {
			continue
		}
		if k, idx := c.ParentEdge(); k == edge.CallExpr_Args {
			if _, isCtx := budget.ContextFunc(st.info, p); !isCtx && !registersOnly(st.info, p) && st.takesContext(p, idx) {
				return parent, param
			}
		}
	}
	return inspector.Cursor{}, false
}

// registersOnly reports whether call is a function of package context
// that neither derives a context nor runs work under it: AfterFunc
// registers a callback for when the context ends, Cause reads why it
// ended. Neither sends anything or has a deadline to escape, so a root
// context handed to them detaches no call (context.AfterFunc(clientCtx,
// shutdown) on a client's own lifetime context).
func registersOnly(info *types.Info, call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "context" {
		return false
	}
	switch fn.Name() {
	case "AfterFunc", "Cause":
		return true
	}
	return false
}

// takesContext reports whether argument idx of call is a context
// parameter.
func (st *state) takesContext(call *ast.CallExpr, idx int) bool {
	ft := st.info.TypeOf(call.Fun)
	if ft == nil {
		return false
	}
	sig, ok := ft.Underlying().(*types.Signature)
	if !ok || sig.Params().Len() == 0 {
		return false
	}
	i := idx
	if i >= sig.Params().Len() {
		if !sig.Variadic() {
			return false
		}
		i = sig.Params().Len() - 1
	}
	t := sig.Params().At(i).Type()
	if sig.Variadic() && i == sig.Params().Len()-1 {
		if s, ok := t.(*types.Slice); ok && !call.Ellipsis.IsValid() {
			t = s.Elem()
		}
	}
	return budget.IsContext(t)
}

// inDefer reports whether the call at c is deferred (cleanup that runs when
// the request's context may already be cancelled).
func inDefer(c inspector.Cursor) bool {
	_, ok := c.Parent().Node().(*ast.DeferStmt)
	return ok
}

// visible reports whether v is what its name means at call.
func (st *state) visible(v *types.Var, call *ast.CallExpr) bool {
	s := st.pass.Pkg.Scope().Innermost(call.Pos())
	if s == nil {
		return false
	}
	_, obj := s.LookupParent(v.Name(), call.Pos())
	return obj == v
}

// callName names the callee of call for messages.
func (st *state) callName(call *ast.CallExpr) string {
	if fn, ok := typeutil.Callee(st.info, call).(*types.Func); ok {
		return analysisutil.DisplayName(fn)
	}
	return types.ExprString(call.Fun)
}

// isLogging reports whether call logs or records telemetry (metrics,
// traces, execution-trace tasks: knowledge.TelemetryPaths): these take a
// context for its values (trace ids, exemplars), not to be cancelled, so
// handing it context.Background() detaches nothing that matters.
// Recognised by the callee's name (knowledge.LoggingFuncs), a receiver or
// package whose name says log, or an interface method named Observe* (an
// observer hook).
func (st *state) isLogging(call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(st.info, call).(*types.Func)
	if fn == nil {
		return false
	}
	if slices.Contains(knowledge.LoggingFuncs, fn.Name()) {
		return true
	}
	if fn.Pkg() != nil && slices.ContainsFunc(knowledge.TelemetryPaths, func(p string) bool {
		return fn.Pkg().Path() == p || strings.HasPrefix(fn.Pkg().Path(), p+"/")
	}) {
		return true // metrics and traces read the context's values, not its deadline
	}
	if fn.Pkg() != nil && (fn.Pkg().Name() == "log" || fn.Pkg().Name() == "slog" || strings.HasSuffix(fn.Pkg().Path(), "/log") || strings.Contains(fn.Pkg().Name(), "logger")) {
		return true
	}
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil && types.IsInterface(recv.Type()) && strings.HasPrefix(fn.Name(), "Observe") {
		// An observer hook (ObserveFrameHeader, ObserveQuery): metrics
		// or tracing called after the fact, reading values.
		return true
	}
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && strings.Contains(strings.ToLower(n.Obj().Name()), "log") {
			return true
		}
	}
	return false
}

// isTeardown reports whether call ends something (Close, Shutdown,
// StopAndAwaitTerminated: the first word of its name is one of
// knowledge.TeardownWords). Cleanup must finish even when the caller's
// context is already cancelled, and that is often why it failed: a
// detached context is the point there.
func (st *state) isTeardown(call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(st.info, call).(*types.Func)
	if fn == nil {
		return false
	}
	w := classify.Words(fn.Name())
	return len(w) > 0 && slices.Contains(knowledge.TeardownWords, w[0])
}

// valuesOnly reports whether call is a function of this package whose
// context parameters are used for their values only: handed to logging or
// telemetry (a startSpan helper around tracer.Start), read with
// ctx.Value (a person or tenant stored in it), handed to another such
// helper (depth is how many were followed), or not used at all. A
// detached context handed to it escapes no deadline.
func (st *state) valuesOnly(call *ast.CallExpr, depth int) bool {
	if depth > 4 || st.scopes == nil {
		return false
	}
	callee, _ := typeutil.Callee(st.info, call).(*types.Func)
	if callee == nil {
		return false
	}
	d := st.scopes.Decls[callee.Origin()]
	if d == nil || d.Body == nil {
		return false
	}
	dc, ok := st.in.Root().FindNode(d)
	if !ok {
		return false
	}
	params := map[*types.Var]bool{}
	for _, f := range d.Type.Params.List {
		for _, id := range f.Names {
			if v, ok := st.info.Defs[id].(*types.Var); ok && budget.IsContext(v.Type()) {
				params[v] = true
			}
		}
	}
	if len(params) == 0 {
		return false
	}
	for c := range dc.Preorder((*ast.Ident)(nil)) {
		v, _ := st.info.Uses[c.Node().(*ast.Ident)].(*types.Var)
		if !params[v] {
			continue
		}
		k, _ := c.ParentEdge()
		if k == edge.SelectorExpr_X && c.Parent().Node().(*ast.SelectorExpr).Sel.Name == "Value" {
			// ctx.Value(key): a read of a value, never of the deadline.
			continue
		}
		switch k {
		case edge.AssignStmt_Lhs, edge.ReturnStmt_Results:
			// Rebound to a derived context (ctx, task :=
			// trace.NewTask(ctx, name)) or handed back: every use of
			// the variable is checked here anyway.
			continue
		case edge.CallExpr_Args:
		default:
			return false
		}
		use := c.Parent().Node().(*ast.CallExpr)
		if !st.isLogging(use) && !st.valuesOnly(use, depth+1) {
			return false
		}
	}
	return true
}

// commentedIntent reports whether the comment nearest above the
// statement of the root call at c (inside the function, ending at most two
// lines above the statement) says that the context is detached on
// purpose: it names the context and one of knowledge.DetachIntentWords
// ("we use an independent context here", "so that the batches run even if
// ctx is canceled"), and is no TODO. That is the reason a reviewer would
// ask for, written where the reviewer reads it.
func (st *state) commentedIntent(c inspector.Cursor) bool {
	stmt := c
	for stmt.Valid() {
		if _, ok := stmt.Node().(ast.Stmt); ok {
			break
		}
		stmt = stmt.Parent()
	}
	var file *ast.File
	var body *ast.BlockStmt
	for f := range c.Enclosing((*ast.File)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch n := f.Node().(type) {
		case *ast.File:
			file = n
		case *ast.FuncDecl:
			body = cmp.Or(body, n.Body)
		case *ast.FuncLit:
			body = cmp.Or(body, n.Body)
		}
	}
	if !stmt.Valid() || file == nil || body == nil {
		return false
	}
	fset := st.pass.Fset
	stmtLine := fset.Position(stmt.Node().Pos()).Line
	var nearest *ast.CommentGroup
	for _, cg := range file.Comments {
		if cg.Pos() < body.Lbrace || cg.End() > stmt.Node().Pos() {
			continue
		}
		nearest = cg // file.Comments is in source order
	}
	if nearest == nil || fset.Position(nearest.End()).Line < stmtLine-3 {
		return false
	}
	text := strings.ToLower(nearest.Text())
	has := func(w string) bool { return hasWordPrefix(text, w) }
	return (has("context") || has("ctx")) &&
		!slices.ContainsFunc(knowledge.NotIntentWords, has) &&
		slices.ContainsFunc(knowledge.DetachIntentWords, has)
}

// hasWordPrefix reports whether text holds w at the start of a word
// ("detach" in "detached", not "fresh" in "refresh").
func hasWordPrefix(text, w string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], w)
		if j < 0 {
			return false
		}
		j += i
		if j == 0 || !unicode.IsLetter(rune(text[j-1])) {
			return true
		}
		i = j + 1
	}
}
