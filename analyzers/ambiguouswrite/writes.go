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
	"strings"

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
// (or a concatenation of constants), directly, through parameters,
// through a local given a constant once, or through a call that only
// rewrites its placeholders (sqlx's Rebind).
func (r *runner) constText(e ast.Expr, fr *frame) (string, bool) {
	for range 8 {
		e = r.resolve(e, fr)
		if tv, ok := r.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			return constant.StringVal(tv.Value), true
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			// A local given a value once (q := "INSERT ...").
			v := analysisutil.IdentVar(r.info, x)
			if v == nil {
				return "", false
			}
			def, ok := r.res.Defs[v]
			if !ok {
				return "", false
			}
			e, fr = def, nil
		case *ast.CallExpr:
			path, recv, fn := r.methodOf(x)
			if fn == nil {
				return "", false
			}
			m, ok := knowledge.SQLTextPreserving[path][recv][fn.Name()]
			if !ok || m.Query >= len(x.Args) {
				return "", false
			}
			e = x.Args[m.Query]
		default:
			return "", false
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

// isTx reports whether the executor x is a transaction: of a
// transaction type, or, for libraries whose transaction is their handle
// type (gorm), a local given the result of a Begin call once, or the
// first parameter of a function run by a transaction callback
// (db.Transaction(func(tx *gorm.DB) error {...})).
func (r *runner) isTx(x ast.Expr) bool {
	if isTxType(r.info.TypeOf(x)) {
		return true
	}
	v := r.rootVar(x)
	if v == nil {
		return false
	}
	if def, ok := r.res.Defs[v]; ok {
		if call, ok := ast.Unparen(def).(*ast.CallExpr); ok {
			if path, _, fn := r.methodOf(call); fn != nil && slices.Contains(knowledge.DBLibraries, path) && slices.Contains(knowledge.SQLBeginMethods, fn.Name()) {
				return true
			}
		}
	}
	for _, f := range r.pass.Files {
		if f.FileStart > v.Pos() || v.Pos() > f.FileEnd {
			continue
		}
		found := false
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || found {
				return !found
			}
			path, recv, fn := r.methodOf(call)
			if fn == nil || !slices.Contains(knowledge.SQLTxCallbacks[path][recv], fn.Name()) || len(call.Args) == 0 {
				return true
			}
			if lit, ok := ast.Unparen(call.Args[0]).(*ast.FuncLit); ok && len(lit.Type.Params.List) > 0 && len(lit.Type.Params.List[0].Names) > 0 {
				if r.info.Defs[lit.Type.Params.List[0].Names[0]] == v {
					found = true
				}
			}
			return !found
		})
		return found
	}
	return false
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
	if fn == nil {
		return nil
	}
	if recv == "" {
		if f, ok := knowledge.SQLStatementFuncs[path][fn.Name()]; ok && f.Exec < len(call.Args) {
			return r.stmtWrite(call, path, fn, call.Args[f.Exec], f.Query, fr)
		}
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	execOf := func(x ast.Expr) (ast.Expr, bool) {
		x = r.resolve(x, fr)
		return x, r.isTx(x)
	}
	if m, ok := knowledge.SQLStatements[path][recv][fn.Name()]; ok {
		return r.stmtWrite(call, path, fn, sel.X, m.Query, fr)
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
	if o, ok := knowledge.ORMInserts[path]; ok && recv == o.Type && slices.Contains(o.Exec, fn.Name()) {
		return r.ormInsert(call, sel, o, fr)
	}
	if u, ok := knowledge.ORMUpdates[path][recv][fn.Name()]; ok {
		return r.ormUpdate(call, sel, u, path, fr)
	}
	return nil
}

// stmtWrite reads a statement sent by fn with its text at argument
// query on the executor exec.
func (r *runner) stmtWrite(call *ast.CallExpr, path string, fn *types.Func, exec ast.Expr, query int, fr *frame) *write {
	if query >= len(call.Args) {
		return nil
	}
	w := &write{call: call, op: opStmt}
	if text, ok := r.constText(call.Args[query], fr); ok {
		w.stmts = parseSQL(text)
	}
	w.exec = r.resolve(exec, fr)
	w.tx = r.isTx(w.exec)
	for _, a := range call.Args[query+1:] {
		w.args = append(w.args, r.resolve(a, fr))
	}
	if slices.Contains(knowledge.SQLNamedBinds[path], fn.Name()) && len(w.args) == 1 && isSlice(r.info.TypeOf(w.args[0])) {
		// A slice bound to named parameters: one VALUES tuple per
		// element.
		w.many = true
	}
	return w
}

// isSlice reports whether t is a slice or array, or a pointer to one.
func isSlice(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch t.Underlying().(type) {
	case *types.Slice, *types.Array:
		return true
	}
	return false
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

// ormInsert reads an insert builder chain: db.Model(&rows).OnConflict(...).Insert(),
// db.Clauses(clause.OnConflict{...}).Create(&rows).
func (r *runner) ormInsert(call *ast.CallExpr, sel *ast.SelectorExpr, o knowledge.ORMInsert, fr *frame) *write {
	w := &write{call: call, op: opORM}
	conflict, model := false, false
	modelName := "the model"
	rowsOf := func(arg ast.Expr) {
		model = true
		t := r.info.TypeOf(arg)
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if t != nil {
			_, w.many = t.Underlying().(*types.Slice)
			modelName = types.TypeString(t, types.RelativeTo(r.pass.Pkg))
		}
	}
	if o.RowsArg && len(call.Args) > 0 {
		rowsOf(call.Args[0])
		if slices.Contains(o.Batched, sel.Sel.Name) {
			w.many = true
		}
	}
	x := ast.Expr(sel.X)
	for range 20 {
		x = ast.Unparen(r.resolve(x, fr))
		if v := analysisutil.IdentVar(r.info, x); v != nil {
			if def, ok := r.res.Defs[v]; ok && !r.isTx(x) {
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
		case o.Clauses != "" && s.Sel.Name == o.Clauses:
			for _, a := range c.Args {
				switch r.clauseKind(a, o) {
				case clauseConflict:
					conflict = true
				case clauseUnknown:
					return nil // a clause chosen elsewhere: not judged
				}
			}
		case !o.RowsArg && s.Sel.Name == o.Model && len(c.Args) > 0:
			rowsOf(c.Args[len(c.Args)-1])
		}
		x = s.X
	}
	if !model {
		return nil // rows given another way (Insert(&v)): not judged
	}
	w.exec = x
	w.tx = r.isTx(x)
	what := "INSERT of " + modelName
	if conflict {
		w.stmts = []stmt{{kind: kindIdempotent, what: what}}
	} else {
		w.stmts = []stmt{{kind: kindInsert, what: what}}
	}
	return w
}

type clauseKind int

const (
	clauseOther    clauseKind = iota // a clause that does not change what an insert writes
	clauseConflict                   // ON CONFLICT, INSERT IGNORE
	clauseUnknown                    // an interface value: any clause
)

// clauseKind says what a clause handed to an insert builder's Clauses
// method does to the insert.
func (r *runner) clauseKind(a ast.Expr, o knowledge.ORMInsert) clauseKind {
	t := r.info.TypeOf(a)
	if t == nil {
		return clauseUnknown
	}
	if _, ok := t.Underlying().(*types.Interface); ok {
		return clauseUnknown
	}
	for _, n := range o.ConflictClauses {
		if analysisutil.IsNamedExact(t, o.ClausePath, n) {
			return clauseConflict
		}
	}
	if o.IgnoreClause != "" && analysisutil.IsNamedExact(t, o.ClausePath, o.IgnoreClause) {
		lit, ok := ast.Unparen(a).(*ast.CompositeLit)
		if !ok {
			return clauseUnknown
		}
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Modifier" {
				if text, ok := r.constText(kv.Value, nil); ok && strings.Contains(strings.ToUpper(text), "IGNORE") {
					return clauseConflict
				}
				if _, ok := r.constText(kv.Value, nil); !ok {
					return clauseUnknown
				}
			}
		}
	}
	return clauseOther
}

// ormUpdate reads an update builder chain ending in an update method
// (gorm's db.Model(&p).Where("id = ?", id).Update("stock",
// gorm.Expr("stock - ?", n))) as the UPDATE statement it sends, so that
// the text reader judges it: the columns and the values it assigns
// (an ORM expression's text, or a placeholder for a plain value), and
// the constant conditions of the chain.
func (r *runner) ormUpdate(call *ast.CallExpr, sel *ast.SelectorExpr, u knowledge.ORMUpdate, path string, fr *frame) *write {
	w := &write{call: call, op: opStmt}
	if u.Value >= len(call.Args) || (u.Column >= 0 && u.Column >= len(call.Args)) {
		return nil
	}
	var sets []string
	known := true
	if u.Set {
		// The assignments are the chain's Set calls, read below.
	} else if u.Column >= 0 {
		col, ok := r.constText(call.Args[u.Column], fr)
		if !ok {
			return nil
		}
		sets = append(sets, col+" = "+r.exprText(call.Args[u.Value], path, fr))
	} else {
		m, isMap := r.mapLiteral(call.Args[u.Value], fr)
		switch {
		case isMap:
			for _, kv := range m {
				col, ok := r.constText(kv.Key, fr)
				if !ok {
					known = false
					continue
				}
				sets = append(sets, col+" = "+r.exprText(kv.Value, path, fr))
			}
		case isStruct(r.info.TypeOf(r.resolve(call.Args[u.Value], fr))):
			// A struct's fields are values: an absolute update.
			sets = append(sets, "_ = ?")
		default:
			return nil
		}
	}
	table, model := "", ""
	var where []string
	guardsUnknown, setsUnknown := false, false
	x := ast.Expr(sel.X)
	for range 20 {
		x = ast.Unparen(r.resolve(x, fr))
		if v := analysisutil.IdentVar(r.info, x); v != nil {
			if def, ok := r.res.Defs[v]; ok && !r.isTx(x) {
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
		switch name := s.Sel.Name; {
		case u.Set && name == knowledge.ORMSet[path] && len(c.Args) > 0:
			if text, ok := r.constText(c.Args[0], fr); ok {
				sets = append(sets, text)
			} else {
				setsUnknown = true
			}
		case slices.Contains(knowledge.ORMWhere[path], name) && len(c.Args) > 0:
			if text, ok := r.constText(c.Args[0], fr); ok {
				where = append(where, "("+text+")")
			} else {
				guardsUnknown = true
			}
		case name == knowledge.ORMTable[path] && len(c.Args) > 0:
			if text, ok := r.constText(c.Args[0], fr); ok {
				table = text
			}
		case name == knowledge.ORMModel[path] && len(c.Args) > 0:
			t := r.info.TypeOf(c.Args[0])
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if n, ok := types.Unalias(t).(*types.Named); ok {
				model = n.Obj().Name()
			}
		}
		x = s.X
	}
	w.exec = x
	w.tx = r.isTx(x)
	if u.Set && len(sets) == 0 {
		if setsUnknown {
			return nil
		}
		// No Set: the model's columns are updated to its values.
		sets = append(sets, "_ = ?")
	}
	name := table
	if name == "" {
		name = model
	}
	if name == "" {
		name = "t"
	}
	text := "UPDATE " + name + " SET " + strings.Join(sets, ", ")
	if len(where) > 0 {
		text += " WHERE " + strings.Join(where, " AND ")
	}
	st := updateStmt(tokenize(text))
	if st.kind == kindRelative && (guardsUnknown || !known) {
		// A condition not read may compare the column (a version).
		st.kind = kindUnknown
	}
	if table == "" && model != "" {
		st.what = strings.Replace(st.what, "UPDATE "+model, "UPDATE of "+model, 1)
	} else if table == "" {
		st.what = strings.Replace(st.what, "UPDATE t", "UPDATE", 1)
	}
	w.stmts = []stmt{st}
	return w
}

// exprText returns the SQL an update assigns for the value e: the text of
// an ORM expression (gorm.Expr("stock - ?", n), clause.Expr{SQL: ...}),
// a placeholder for anything else.
func (r *runner) exprText(e ast.Expr, path string, fr *frame) string {
	e = ast.Unparen(r.resolve(e, fr))
	if v := analysisutil.IdentVar(r.info, e); v != nil {
		if def, ok := r.res.Defs[v]; ok {
			e = ast.Unparen(def)
		}
	}
	switch x := e.(type) {
	case *ast.CallExpr:
		_, recv, fn := r.methodOf(x)
		if fn != nil && recv == "" && slices.Contains(knowledge.ORMExprFuncs[fn.Pkg().Path()], fn.Name()) && len(x.Args) > 0 {
			if text, ok := r.constText(x.Args[0], fr); ok {
				return text
			}
			return "?"
		}
	case *ast.CompositeLit:
		t := r.info.TypeOf(x)
		for p, names := range knowledge.ORMExprTypes {
			for _, n := range names {
				if !analysisutil.IsNamedExact(t, p, n) {
					continue
				}
				for _, el := range x.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "SQL" {
							if text, ok := r.constText(kv.Value, fr); ok {
								return text
							}
						}
					}
				}
			}
		}
	}
	return "?"
}

// mapLiteral returns the entries of the map composite literal e denotes
// (directly, through &, or through a local given one once).
func (r *runner) mapLiteral(e ast.Expr, fr *frame) ([]*ast.KeyValueExpr, bool) {
	e = ast.Unparen(r.resolve(e, fr))
	if v := analysisutil.IdentVar(r.info, e); v != nil {
		def, ok := r.res.Defs[v]
		if !ok {
			return nil, false
		}
		e = ast.Unparen(def)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	if _, ok := r.info.TypeOf(lit).Underlying().(*types.Map); !ok {
		return nil, false
	}
	var out []*ast.KeyValueExpr
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			out = append(out, kv)
		}
	}
	return out, true
}

// isStruct reports whether t is a struct or a pointer to one.
func isStruct(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Struct)
	return ok
}
