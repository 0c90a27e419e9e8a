package ambiguouswrite

// Finding the database writes an attempt performs: statements sent
// through a known library (with their text when it is a constant), COPY,
// batches and ORM inserts, directly in the retry scope or in functions of
// the package it calls (a few levels deep).

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/retryscope"
)

// opKind is how a write reaches the database.
type opKind int

const (
	opStmt  opKind = iota // one statement (Exec, Query, QueryRow)
	opCopy                // COPY of many rows (CopyFrom)
	opBatch               // a batch of queued statements (SendBatch)
	opORM                 // an ORM insert builder
)

// A write is one database write found in an attempt.
type write struct {
	// at is the call in the scope's body that leads to the write (the
	// write itself when direct): findings are reported there.
	at   *ast.CallExpr
	call *ast.CallExpr
	// via names the function of the package through which the scope
	// reaches the write, "" when direct.
	via   string
	op    opKind
	stmts []stmt
	// exec is the executor (db, tx, pool) expression, resolved to the
	// scope's frame when it is a parameter of a called function.
	exec ast.Expr
	tx   bool
	// inLoop: the write sits in a loop inside the attempt, one
	// statement per element.
	inLoop bool
	// args are the statement's arguments, resolved like exec.
	args []ast.Expr
	// many: the ORM insert's model is a slice (one statement, many rows).
	many bool
}

// worst returns the first statement of w that is not idempotent.
func (w *write) worst() (stmt, bool) {
	for _, s := range w.stmts {
		if s.nonIdempotent() {
			return s, true
		}
	}
	return stmt{}, false
}

// A frame maps the parameters of a called function to the arguments of
// the call (in the caller's frame).
type frame struct {
	params map[*types.Var]ast.Expr
	up     *frame
}

// resolve follows e through parameters to the expression in the scope's
// frame; a parameter with no argument (variadic) stays as it is.
func (r *runner) resolve(e ast.Expr, fr *frame) ast.Expr {
	for fr != nil {
		v := analysisutil.IdentVar(r.info, ast.Unparen(e))
		if v == nil {
			return e
		}
		arg, ok := fr.params[v]
		if !ok {
			return e
		}
		e, fr = arg, fr.up
	}
	return e
}

// constText returns the statement text e denotes when it is a constant
// (or a concatenation of constants), directly, through parameters, or
// through a local given a constant once.
func (r *runner) constText(e ast.Expr, fr *frame) (string, bool) {
	e = r.resolve(e, fr)
	if tv, ok := r.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true
	}
	// A local given a constant once (q := "INSERT ...").
	if v := analysisutil.IdentVar(r.info, ast.Unparen(e)); v != nil {
		if def, ok := r.res.Defs[v]; ok {
			if tv, ok := r.info.Types[def]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				return constant.StringVal(tv.Value), true
			}
		}
	}
	return "", false
}

// methodOf returns the import path and receiver type name of a method
// call's callee, and the callee.
func (r *runner) methodOf(call *ast.CallExpr) (path, recv string, fn *types.Func) {
	fn, _ = typeutil.Callee(r.info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return "", "", nil
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return fn.Pkg().Path(), "", fn
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return fn.Pkg().Path(), n.Obj().Name(), fn
	}
	return fn.Pkg().Path(), "", fn
}

// isTxType reports whether t is a transaction of a known library.
func isTxType(t types.Type) bool {
	for path, names := range knowledge.SQLTxTypes {
		for _, n := range names {
			if analysisutil.IsNamedExact(t, path, n) {
				return true
			}
		}
	}
	return false
}

// collector walks an attempt.
type collector struct {
	r     *runner
	scope *retryscope.Scope
	out   []*write
	seen  map[*types.Func]bool
}

// writesIn returns the writes of the attempt of s.
func (r *runner) writesIn(s *retryscope.Scope) []*write {
	c := &collector{r: r, scope: s, seen: map[*types.Func]bool{}}
	c.walk(s.Body, nil, nil, "", 0)
	return c.out
}

// maxDepth bounds how deep calls of the package's functions are followed.
const maxDepth = 3

// walk visits the calls under root. at is the call of the scope's body
// that led here (nil at the top), fr the parameter frame.
func (c *collector) walk(root ast.Node, fr *frame, at *ast.CallExpr, via string, depth int) {
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if depth == 0 {
			// A nested retry scope judges its own calls.
			if in := c.r.res.Innermost(call.Pos()); in != nil && in != c.scope && in.Body.Pos() > c.scope.Body.Pos() && in.Body.End() <= c.scope.Body.End() {
				return true
			}
		}
		top := at
		if top == nil {
			top = call
		}
		inLoop := slices.ContainsFunc(stack[:len(stack)-1], func(p ast.Node) bool {
			switch p.(type) {
			case *ast.ForStmt, *ast.RangeStmt:
				return true
			}
			return false
		})
		if w := c.r.libraryWrite(call, fr); w != nil {
			w.at, w.via, w.inLoop = top, via, inLoop || (at != nil && c.loopAt(at))
			c.out = append(c.out, w)
			return true
		}
		fn, _ := typeutil.Callee(c.r.info, call).(*types.Func)
		if fn == nil || depth >= maxDepth || c.seen[fn] {
			return true
		}
		decl := c.r.res.Decls[fn]
		if decl == nil || decl.Body == nil {
			return true
		}
		c.seen[fn] = true
		sub := &frame{params: c.r.paramMap(fn, decl, call), up: fr}
		name := via
		if name == "" {
			name = fn.Name()
		}
		c.walk(decl.Body, sub, top, name, depth+1)
		delete(c.seen, fn)
		return true
	})
}

// loopAt reports whether the scope-level call at sits in a loop inside
// the attempt.
func (c *collector) loopAt(at *ast.CallExpr) bool {
	found := false
	var stack []ast.Node
	ast.Inspect(c.scope.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if n == at {
			for _, p := range stack {
				switch p.(type) {
				case *ast.ForStmt, *ast.RangeStmt:
					found = true
				}
			}
			return false
		}
		stack = append(stack, n)
		return true
	})
	return found
}

// paramMap maps fn's parameters (and receiver) to the call's arguments.
func (r *runner) paramMap(fn *types.Func, decl *ast.FuncDecl, call *ast.CallExpr) map[*types.Var]ast.Expr {
	m := map[*types.Var]ast.Expr{}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			m[sig.Recv()] = sel.X
		}
	}
	for i := range sig.Params().Len() {
		if sig.Variadic() && i == sig.Params().Len()-1 {
			break
		}
		if i < len(call.Args) && len(call.Args) == sig.Params().Len() || (i < len(call.Args) && sig.Variadic()) {
			m[sig.Params().At(i)] = call.Args[i]
		}
	}
	return m
}

// libraryWrite recognises call as a write through a known database
// library, or returns nil.
func (r *runner) libraryWrite(call *ast.CallExpr, fr *frame) *write {
	path, recv, fn := r.methodOf(call)
	if fn == nil || recv == "" {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	execOf := func(x ast.Expr) (ast.Expr, bool) {
		tx := isTxType(r.info.TypeOf(x))
		return r.resolve(x, fr), tx
	}
	if m, ok := knowledge.SQLStatements[path][recv][fn.Name()]; ok {
		if m.Query >= len(call.Args) {
			return nil
		}
		w := &write{call: call, op: opStmt}
		if text, ok := r.constText(call.Args[m.Query], fr); ok {
			w.stmts = parseSQL(text)
		}
		w.exec, w.tx = execOf(sel.X)
		for _, a := range call.Args[m.Query+1:] {
			w.args = append(w.args, r.resolve(a, fr))
		}
		return w
	}
	if slices.Contains(knowledge.CopyFromMethods[path][recv], fn.Name()) {
		w := &write{call: call, op: opCopy}
		w.exec, w.tx = execOf(sel.X)
		return w
	}
	if b, ok := knowledge.SQLBatches[path]; ok && slices.Contains(b.Send, fn.Name()) && b.Batch < len(call.Args) {
		w := &write{call: call, op: opBatch}
		w.exec, w.tx = execOf(sel.X)
		w.stmts = r.queued(call.Args[b.Batch], b, path, fr)
		return w
	}
	if o, ok := knowledge.ORMInserts[path]; ok && recv == o.Type && fn.Name() == o.Exec {
		return r.ormInsert(call, sel, o, fr)
	}
	return nil
}

// queued parses the statements queued on the batch that arg denotes,
// anywhere in the function that declares it.
func (r *runner) queued(arg ast.Expr, b knowledge.BatchAPI, path string, fr *frame) []stmt {
	arg = r.resolve(arg, fr)
	if u, ok := ast.Unparen(arg).(*ast.UnaryExpr); ok && u.Op == token.AND {
		arg = u.X
	}
	v := analysisutil.IdentVar(r.info, ast.Unparen(arg))
	if v == nil {
		return nil
	}
	var out []stmt
	unknown := false
	for _, f := range r.pass.Files {
		if f.FileStart > v.Pos() || v.Pos() > f.FileEnd {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != b.Queue || analysisutil.IdentVar(r.info, ast.Unparen(sel.X)) != v || b.Query >= len(call.Args) {
				return true
			}
			if text, ok := r.constText(call.Args[b.Query], nil); ok {
				out = append(out, parseSQL(text)...)
			} else {
				unknown = true
			}
			return true
		})
	}
	if unknown {
		out = append(out, stmt{kind: kindUnknown})
	}
	return out
}

// ormInsert reads an insert builder chain: db.Model(&rows).OnConflict(...).Insert().
func (r *runner) ormInsert(call *ast.CallExpr, sel *ast.SelectorExpr, o knowledge.ORMInsert, fr *frame) *write {
	w := &write{call: call, op: opORM}
	conflict, model := false, false
	modelName := "the model"
	x := ast.Expr(sel.X)
	for range 20 {
		x = ast.Unparen(r.resolve(x, fr))
		if v := analysisutil.IdentVar(r.info, x); v != nil {
			if def, ok := r.res.Defs[v]; ok && !isTxType(v.Type()) {
				x = def
				continue
			}
			break
		}
		c, ok := x.(*ast.CallExpr)
		if !ok {
			break
		}
		s, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
		if !ok {
			break
		}
		switch {
		case slices.Contains(o.Conflict, s.Sel.Name):
			conflict = true
		case s.Sel.Name == o.Model && len(c.Args) > 0:
			model = true
			t := r.info.TypeOf(c.Args[len(c.Args)-1])
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if t != nil {
				_, w.many = t.Underlying().(*types.Slice)
				modelName = types.TypeString(t, types.RelativeTo(r.pass.Pkg))
			}
		}
		x = s.X
	}
	if !model {
		return nil // rows given another way (Insert(&v)): not judged
	}
	w.exec = x
	w.tx = isTxType(r.info.TypeOf(x))
	what := "INSERT of " + modelName
	if conflict {
		w.stmts = []stmt{{kind: kindIdempotent, what: what}}
	} else {
		w.stmts = []stmt{{kind: kindInsert, what: what}}
	}
	return w
}
