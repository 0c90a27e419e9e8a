package ambiguouswrite

// W2 and W3: conflict retries that repeat a statement instead of the
// transaction, optimistic updates resent unchanged, and batches retried
// whole.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/retryscope"
)

// w2 reports a statement of a transaction begun outside the retry and
// repeated after a conflict, and an optimistic update resent unchanged
// after it matched no row.
func (r *runner) w2(s *retryscope.Scope, v verdict, w *write, writes []*write) bool {
	if w.tx && v.confl() != "" && r.outside(s, w.exec) && !slices.ContainsFunc(writes, rewinds) {
		consequence := "the retry fails or commits half of it"
		if len(w.stmts) > 0 && !slices.ContainsFunc(w.stmts, func(st stmt) bool { return st.kind != kindRead }) {
			// A read writes nothing twice; it fails on the aborted
			// transaction until that is rolled back.
			consequence = "every retry fails until the transaction is rolled back"
		}
		d := diagnostic(w.at.Pos(), analysisdoc.W2,
			"%s%s runs on %s, begun outside this retry, and %s sends it again after %s: the server aborted the whole transaction, so %s; begin, run and commit the transaction inside the retried function",
			r.label(w), through(w), r.exprString(w.exec), helperName(s), v.confl(), consequence)
		if fix, ok := r.txFix(s, w); ok {
			d.SuggestedFixes = append(d.SuggestedFixes, fix)
		}
		r.rep.Report(d)
		return true
	}
	for _, st := range w.stmts {
		if st.cas == "" || w.op != opStmt {
			continue
		}
		if r.resendsOnNoRow(s) && !r.rereads(s, w, writes) && r.argsFixed(s, w) {
			r.rep.Rulef(analysisdoc.W2, w.at.Pos(), "%s%s ... WHERE %s = ... is sent again by %s with the same %s after it matched no row: the row has moved on and the retry can never match; read the row again in each attempt and retry with its current %s",
				st.what, through(w), st.cas, helperName(s), st.cas, st.cas)
			return true
		}
	}
	return false
}

// rewinds reports whether w rolls a transaction back to a savepoint: a
// retry that rewinds the transaction in place (CockroachDB's protocol)
// reruns it whole.
func rewinds(w *write) bool {
	return slices.ContainsFunc(w.stmts, func(s stmt) bool { return s.rewind })
}

// label names a write for messages.
func (r *runner) label(w *write) string {
	if st, ok := w.worst(); ok {
		return st.what
	}
	for _, st := range w.stmts {
		if st.what != "" {
			return st.what
		}
	}
	switch w.op {
	case opCopy:
		return "CopyFrom"
	case opBatch:
		return "the batch"
	}
	if fn, ok := typeutil.Callee(r.info, w.call).(*types.Func); ok {
		return "the " + fn.Name() + " statement"
	}
	return "the statement"
}

func (r *runner) exprString(e ast.Expr) string { return types.ExprString(e) }

// outside reports whether the transaction e was begun outside the scope:
// a variable declared before it (not a parameter of the retried
// function) and not assigned inside it.
func (r *runner) outside(s *retryscope.Scope, e ast.Expr) bool {
	v := r.rootVar(e)
	if v == nil {
		return false
	}
	in := func(n ast.Node) bool { return n != nil && n.Pos() <= v.Pos() && v.Pos() < n.End() }
	if in(s.Body) || in(s.Func) || in(s.Loop) {
		return false
	}
	// A local of another function (one the attempt calls: the executor
	// was followed into it) is made anew in each call: a transaction
	// begun there belongs to the attempt.
	for _, d := range r.res.Decls {
		if d.Body != nil && in(d.Body) && !(d.Pos() <= s.Body.Pos() && s.Body.End() <= d.End()) {
			return false
		}
	}
	assigned := false
	ast.Inspect(s.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if r.rootVar(l) == v {
					assigned = true
				}
			}
		}
		return !assigned
	})
	return !assigned
}

// resendsOnNoRow reports whether the scope goes round when a statement
// affected no row: a test of RowsAffected against 0 (or 1) whose branch
// continues or returns an error the helper retries.
func (r *runner) resendsOnNoRow(s *retryscope.Scope) bool {
	found := false
	ast.Inspect(s.Body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || found {
			return !found
		}
		if !r.noRowTest(ifs.Cond) {
			return true
		}
		if goesOn(ifs.Body) {
			found = true
			return false
		}
		if s.Kind == retryscope.Closure && len(ifs.Body.List) > 0 {
			if ret, ok := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt); ok && len(ret.Results) > 0 {
				last := ast.Unparen(ret.Results[len(ret.Results)-1])
				if id, ok := last.(*ast.Ident); ok && id.Name == "nil" {
					return true
				}
				if call, ok := last.(*ast.CallExpr); ok && r.marker(call) == markStop {
					return true
				}
				found = true
			}
		}
		return !found
	})
	return found
}

// noRowTest reports whether cond tests that no row was affected: n == 0,
// n < 1, n != 1 for n a RowsAffected result.
func (r *runner) noRowTest(cond ast.Expr) bool {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	if be.Op == token.LOR || be.Op == token.LAND {
		return r.noRowTest(be.X) || r.noRowTest(be.Y)
	}
	var n int64 = -1
	if tv, ok := r.info.Types[be.Y]; ok && tv.Value != nil && tv.Value.Kind() == constant.Int {
		n, _ = constant.Int64Val(tv.Value)
	}
	switch {
	case be.Op == token.EQL && n == 0, be.Op == token.LSS && n == 1, be.Op == token.NEQ && n == 1, be.Op == token.LEQ && n == 0:
	default:
		return false
	}
	return r.rowsAffected(be.X)
}

// rowsAffected reports whether e is a RowsAffected() result, directly or
// through a local assigned from one.
func (r *runner) rowsAffected(e ast.Expr) bool {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "RowsAffected" {
			return true
		}
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := r.info.ObjectOf(id).(*types.Var)
	if v == nil {
		return false
	}
	// n, err := res.RowsAffected() or n := tag.RowsAffected()
	found := false
	for _, f := range r.pass.Files {
		if f.FileStart > v.Pos() || v.Pos() > f.FileEnd {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || found || len(as.Rhs) != 1 {
				return !found
			}
			for _, l := range as.Lhs {
				if lid, ok := l.(*ast.Ident); ok && r.info.ObjectOf(lid) == v {
					if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok {
						if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "RowsAffected" {
							found = true
						}
					}
				}
			}
			return !found
		})
	}
	return found
}

// rereads reports whether the attempt reads anything besides sending
// the update: a SELECT, a statement whose text is not known, an ORM
// select.
func (r *runner) rereads(s *retryscope.Scope, upd *write, writes []*write) bool {
	for _, w := range writes {
		if w == upd {
			continue
		}
		if len(w.stmts) == 0 {
			return true
		}
		for _, st := range w.stmts {
			if st.kind == kindRead || st.kind == kindUnknown {
				return true
			}
		}
	}
	found := false
	ast.Inspect(s.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		path, recv, fn := r.methodOf(call)
		if fn != nil && slices.Contains(knowledge.SQLReadMethods[path][recv], fn.Name()) {
			found = true
		}
		return !found
	})
	return found
}

// argsFixed reports whether the update's arguments are the same in every
// attempt: constants, or variables declared outside the scope and not
// assigned inside it.
func (r *runner) argsFixed(s *retryscope.Scope, w *write) bool {
	fixed := true
	for _, a := range w.args {
		if tv, ok := r.info.Types[a]; ok && tv.Value != nil {
			continue
		}
		ast.Inspect(a, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if !r.outside(s, n) {
					fixed = false
				}
				return false
			case *ast.Ident:
				if _, ok := r.info.Uses[n].(*types.Var); ok && !r.outside(s, n) {
					fixed = false
				}
			case *ast.CallExpr:
				// A call may read something new in each attempt.
				if tv, ok := r.info.Types[n.Fun]; !ok || !tv.IsType() {
					fixed = false
				}
			}
			return fixed
		})
	}
	return fixed && len(w.args) > 0
}

// w3 reports many rows retried as a whole after an error that may follow
// a partial (or complete) effect.
func (r *runner) w3(s *retryscope.Scope, v verdict, w *write) bool {
	st, nonIdem := w.worst()
	switch {
	case w.op == opStmt && w.inLoop && nonIdem && !w.tx && v.any:
		after := v.ambig()
		if after == "" {
			after = v.confl()
		}
		if after == "" {
			after = "an error on a later row"
		}
		r.rep.Rulef(analysisdoc.W3, w.at.Pos(), "%s%s runs once per row, each in its own transaction, and %s retries the whole loop after %s: the rows written before the failure are written again; give each row an idempotent key (ON CONFLICT) or write the rows in one transaction",
			st.what, through(w), helperName(s), after)
	case w.op == opCopy && v.ambig() != "" && !r.copiesToTemp(s):
		r.rep.Rulef(analysisdoc.W3, w.at.Pos(), "CopyFrom%s is retried whole by %s after %s, which may come after the rows were stored: every row is copied again; copy into a temporary table and insert from it with ON CONFLICT, or retry only errors raised before sending",
			through(w), helperName(s), v.ambig())
	case w.op == opBatch && nonIdem && v.ambig() != "":
		r.rep.Rulef(analysisdoc.W3, w.at.Pos(), "the batch%s holds %s and is retried whole by %s after %s, which may come after it was applied: its rows are written again; make each queued statement idempotent (ON CONFLICT on a row key)",
			through(w), st.what, helperName(s), v.ambig())
	case w.op == opStmt && nonIdem && st.kind == kindInsert && (st.rows > 1 || w.many) && v.ambig() != "":
		rows := "a slice of rows"
		if !w.many {
			rows = fmt.Sprintf("%d rows", st.rows)
		}
		r.rep.Rulef(analysisdoc.W3, w.at.Pos(), "%s with %s%s is retried whole by %s after %s, which may come after the rows were stored: every row is inserted again; add ON CONFLICT on a row key",
			st.what, rows, through(w), helperName(s), v.ambig())
	case w.op == opORM && w.many && nonIdem && v.ambig() != "":
		r.rep.Rulef(analysisdoc.W3, w.at.Pos(), "%s%s is retried whole by %s after %s, which may come after the rows were stored: every row is inserted again; add conflict handling on a row key to the insert",
			st.what, through(w), helperName(s), v.ambig())
	default:
		return false
	}
	return true
}

// copiesToTemp reports whether the attempt creates a temporary table:
// the copy lands there and is merged by a statement judged on its own.
func (r *runner) copiesToTemp(s *retryscope.Scope) bool {
	for _, w := range r.writesIn(s) {
		if slices.ContainsFunc(w.stmts, func(st stmt) bool { return st.temp }) {
			return true
		}
	}
	return false
}
