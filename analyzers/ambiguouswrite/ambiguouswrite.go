package ambiguouswrite

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/directive"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/lazyinspect"
	"github.com/reslint/reslint/internal/retryscope"
)

//go:embed doc.go
var doc string

// Analyzer reports database writes repeated when repeating them is not
// safe (W1-W3).
var Analyzer = &analysis.Analyzer{
	Name:     "ambiguouswrite",
	Doc:      analysisdoc.MustExtract(doc, "ambiguouswrite"),
	URL:      "https://github.com/reslint/reslint#ambiguouswrite",
	Requires: []*analysis.Analyzer{lazyinspect.Analyzer, retryscope.Analyzer, classify.Analyzer},
	Run:      directive.Run(nil, run),
}

// runner is the state of one pass.
type runner struct {
	pass     *analysis.Pass
	info     *types.Info
	res      *retryscope.Result
	cls      *classify.Classifiers
	rep      *directive.Reporter
	verdicts map[*retryscope.Scope]verdict
	inEval   map[*types.Func]bool
	// done: one finding per write call, whatever the scopes around it.
	done map[*ast.CallExpr]bool
}

func run(pass *analysis.Pass, rep *directive.Reporter) (any, error) {
	// database/sql's own retry of driver.ErrBadConn is in the standard
	// library; a package that imports no database library sends no
	// statement this analyzer can read.
	if !analysisutil.ImportsFunc(pass.Pkg, func(p string) bool { return slices.Contains(knowledge.DBLibraries, p) }) {
		return nil, nil
	}
	r := &runner{
		pass:     pass,
		info:     pass.TypesInfo,
		res:      pass.ResultOf[retryscope.Analyzer].(*retryscope.Result),
		cls:      pass.ResultOf[classify.Analyzer].(*classify.Classifiers),
		verdicts: map[*retryscope.Scope]verdict{},
		inEval:   map[*types.Func]bool{},
		done:     map[*ast.CallExpr]bool{},
	}
	r.rep = rep
	for _, s := range append(slices.Clip(r.res.Scopes), r.res.Gotos...) {
		if s.Kind == retryscope.Client || s.Body == nil {
			continue
		}
		guard.Mark(pass, s.Body.Pos()) // the position of an internal error
		r.scope(s)
	}
	return nil, nil
}

// scope judges the writes of one retry scope.
func (r *runner) scope(s *retryscope.Scope) {
	writes := r.writesIn(s)
	if len(writes) == 0 {
		return
	}
	v := r.judge(s)
	dedup := r.duplicateIsSuccess(s)
	for _, w := range writes {
		if r.done[w.call] {
			continue
		}
		if r.recordsAttempt(s, w) {
			continue // a log of attempts or failures: one row per attempt is the point
		}
		if dedup && slices.ContainsFunc(w.stmts, func(st stmt) bool { return st.kind == kindInsert }) {
			continue // the key deduplicates: a duplicate means an earlier attempt stored it
		}
		if r.w2(s, v, w, writes) || r.w3(s, v, w) || r.w1(s, v, w) {
			r.done[w.call] = true
		}
	}
}

// recordsAttempt reports whether w writes something about the attempt
// itself: an argument is an error value (err, err.Error()) or the retry
// loop's counter. Such a row is meant to be written once per attempt
// (an attempt log, a failure record), not repeated by mistake.
func (r *runner) recordsAttempt(s *retryscope.Scope, w *write) bool {
	var counters []*types.Var
	if f, ok := s.Loop.(*ast.ForStmt); ok && f.Init != nil {
		if as, ok := f.Init.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if v := analysisutil.IdentVar(r.info, l); v != nil {
					counters = append(counters, v)
				}
			}
		}
	}
	found := false
	for _, a := range w.args {
		ast.Inspect(a, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || found {
				return !found
			}
			if v, ok := r.info.Uses[id].(*types.Var); ok && (analysisutil.IsError(v.Type()) || slices.Contains(counters, v)) {
				found = true
			}
			return !found
		})
	}
	return found
}

// duplicateIsSuccess reports whether the attempt takes a unique
// violation for success: a branch on SQLSTATE 23505 (or class 23, or
// MySQL's duplicate entry) that returns nil or leaves the loop. Its
// inserts are deduplicated by their key: when an earlier attempt stored
// the row, the retry fails on the key and reports success.
func (r *runner) duplicateIsSuccess(s *retryscope.Scope) bool {
	sf := classify.SignalFinder{Info: r.info, Defs: r.res.Defs}
	found := false
	ast.Inspect(s.Body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || found {
			return !found
		}
		if !succeeds(ifs.Body) {
			return true
		}
		for _, sig := range sf.Find(ifs.Cond) {
			if slices.Contains(knowledge.UniqueViolationSignals, sig.Label) && positive(ifs.Cond, sig.Test) {
				found = true
			}
		}
		ast.Inspect(ifs.Cond, func(m ast.Node) bool {
			// errors.Is(err, gorm.ErrDuplicatedKey)
			if sel, ok := m.(*ast.SelectorExpr); ok {
				if obj, ok := r.info.Uses[sel.Sel].(*types.Var); ok && obj.Pkg() != nil && slices.Contains(knowledge.SQLDuplicateErrors[obj.Pkg().Path()], obj.Name()) && positive(ifs.Cond, sel) {
					found = true
				}
			}
			if lit, ok := m.(*ast.BasicLit); ok && r.mentionsMySQLNumber(ifs.Cond) && positive(ifs.Cond, lit) {
				if tv, ok := r.info.Types[lit]; ok && tv.Value != nil && tv.Value.Kind() == constant.Int {
					if x, ok := constant.Int64Val(tv.Value); ok && slices.Contains(knowledge.MySQLDuplicateNumbers, x) {
						found = true
					}
				}
			}
			return !found
		})
		return !found
	})
	return found
}

// succeeds reports whether a branch ends in success: it returns nil as
// its last result, or breaks out of the loop.
func succeeds(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch last := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		if len(last.Results) == 0 {
			return false
		}
		id, ok := ast.Unparen(last.Results[len(last.Results)-1]).(*ast.Ident)
		return ok && id.Name == "nil"
	case *ast.BranchStmt:
		return last.Tok == token.BREAK && last.Label == nil
	}
	return false
}

// helperName names the retry for messages.
func helperName(s *retryscope.Scope) string {
	if s.Helper != "" {
		return s.Helper
	}
	return "retry"
}

// through says how the scope reaches a write for messages: "" when
// direct, " (through insertOrder)" otherwise.
func through(w *write) string {
	if w.via == "" {
		return ""
	}
	return " (through " + w.via + ")"
}

// w1 reports a single non-idempotent statement repeated after an
// ambiguous error.
func (r *runner) w1(s *retryscope.Scope, v verdict, w *write) bool {
	st, ok := w.worst()
	if !ok || v.ambig() == "" || w.op == opCopy || w.op == opBatch {
		return false
	}
	why := ""
	switch st.kind {
	case kindInsert:
		why = "the row is inserted twice (or the retry fails on a unique key) when the first attempt was applied; make it an upsert on a request key (ON CONFLICT DO NOTHING) or retry only errors raised before sending"
	case kindRelative:
		why = "the change is applied twice when the first attempt was applied; set an absolute value, guard it with a version, or record a request id in the same transaction"
	case kindCall:
		why = "the procedure runs twice when the first attempt was applied; make it idempotent with a request id or retry only errors raised before sending"
	}
	r.rep.Rulef(analysisdoc.W1, w.at.Pos(), "%s%s is retried by %s after %s, which may come after it was applied: %s",
		st.what, through(w), helperName(s), v.ambig(), why)
	return true
}

// rootVar returns the variable at the root of e (tx, s.tx → s), or nil.
func (r *runner) rootVar(e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := r.info.ObjectOf(x).(*types.Var)
			return v
		case *ast.SelectorExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// diagnostic builds a diagnostic of rule at pos.
func diagnostic(pos token.Pos, rule analysisdoc.RuleID, format string, args ...any) analysis.Diagnostic {
	return analysis.Diagnostic{Pos: pos, Category: string(rule), Message: fmt.Sprintf(format, args...)}
}
