package classifiercentral

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/retryscope"
)

// c3 reports, in each classifier, an answer "retry" given on a path that
// a deterministic answer selects: the return sits in the body of an if
// whose condition requires the answer, or in a case clause that names it.
func (r *runner) c3() {
	seen := map[ast.Node]bool{}
	for _, c := range r.cls {
		seen[c.Func] = true
		r.judge(c.Func, c.Body, c.Sig, c.Shape, c.Reversed(), r.evaluate(c))
	}
	// Classifiers designated by the setting only.
	for _, fn := range r.designated {
		d := r.res.Decls[fn]
		if seen[d] || !verdictShape(fn) {
			continue
		}
		shape := classify.Bool
		if classify.IsEnum(fn.Type().(*types.Signature).Results().At(0).Type()) {
			shape = classify.Enum
		}
		c := &classify.Classifier{Func: d, Body: d.Body, Obj: fn, Sig: fn.Type().(*types.Signature), Shape: shape}
		for i := range c.Sig.Params().Len() {
			p := c.Sig.Params().At(i)
			switch {
			case types.Identical(p.Type(), types.Universe.Lookup("error").Type()):
				c.Err = p
			case isResponse(p.Type()):
				c.Resp = p
			}
		}
		// A designated IsPermanent answers "retry" with false.
		reversed := shape == classify.Bool && classify.PredicatePolarity(r.pass.TypesInfo, r.pass.Files, fn) == classify.TrueStops
		r.judge(d, d.Body, c.Sig, shape, reversed, r.evaluate(c))
	}
}

// c3Inline reports inline retry conditions in retry loops: an if (or a
// case of a tagless switch) whose condition requires a deterministic
// answer (an operand of || or &&, not under !) and whose branch goes
// round the loop with continue. The loop resends a request that gets the
// same answer on every attempt, classifier or not.
func (r *runner) c3Inline() {
	for _, s := range r.res.Scopes {
		if s.Kind != retryscope.Loop {
			continue
		}
		lc, ok := r.in.Root().FindNode(s.Loop)
		if !ok {
			continue
		}
		for c := range lc.Preorder((*ast.BranchStmt)(nil)) {
			br := c.Node().(*ast.BranchStmt)
			if br.Tok != token.CONTINUE || br.Label != nil || analysisutil.EnclosingLoop(c) != s.Loop || analysisutil.InFuncLit(c, s.Loop) {
				continue
			}
			// The continue ends the branch it is in.
			list, ok := branchList(c)
			if !ok || len(list) == 0 || list[len(list)-1] != ast.Stmt(br) {
				continue
			}
			var found []string
			for _, sig := range r.guards(c, s.Loop) {
				if !slices.Contains(found, sig.Label) {
					found = append(found, sig.Label)
				}
			}
			if len(found) == 0 {
				continue
			}
			r.rep.Report(analysis.Diagnostic{
				Pos:      br.Pos(),
				Category: string(analysisdoc.C3),
				Message: fmt.Sprintf("this retry loop goes round on %s, but %s; leave the loop with the error for it",
					labels(found), why(found)),
			})
		}
	}
}

// branchList returns the statement list that holds the statement at c: an
// if's body or a case clause's body.
func branchList(c inspector.Cursor) ([]ast.Stmt, bool) {
	switch p := c.Parent().Node().(type) {
	case *ast.BlockStmt:
		if _, ok := c.Parent().Parent().Node().(*ast.IfStmt); ok {
			return p.List, true
		}
	case *ast.CaseClause:
		return p.Body, true
	}
	return nil, false
}

// evaluate runs c's body for each deterministic failure it can tell apart
// (HTTP statuses when it reads a status, SQLSTATEs of class 23 when it
// reads a Postgres error, JSON errors when it reads one) and returns, per
// return statement, the failures a certain path answers "retry" for.
func (r *runner) evaluate(c *classify.Classifier) map[*ast.ReturnStmt][]string {
	if c.Err == nil || c.Func == nil {
		return nil
	}
	var ws []classify.Witness
	reads := r.reads(c.Body)
	for _, code := range deterministicStatuses {
		if c.Resp != nil {
			ws = append(ws, classify.StatusWitness(code, false))
		}
		if reads["status"] && c.Resp == nil {
			ws = append(ws, classify.StatusWitness(code, true))
		}
	}
	if reads["postgres"] {
		ws = append(ws, classify.SQLStateWitness("23505"), classify.SQLStateWitness("23503"))
	}
	if reads["json"] {
		ws = append(ws, classify.JSONWitness("SyntaxError"), classify.JSONWitness("UnmarshalTypeError"))
	}
	if len(ws) == 0 {
		return nil
	}
	opt := &classify.Options{Decls: r.res.Decls, Defs: r.res.Defs}
	out := map[*ast.ReturnStmt][]string{}
	for _, w := range ws {
		answers, _ := classify.EvalWith(r.info, c.Func, c.Err, c.Resp, w, opt)
		for _, a := range answers {
			if a.Certain && c.Retries(a) == classify.True && !slices.Contains(out[a.Return], w.String()) {
				out[a.Return] = append(out[a.Return], w.String())
			}
		}
	}
	return out
}

// deterministicStatuses are the HTTP answers a retry cannot change.
var deterministicStatuses = []int64{400, 401, 403, 404, 405, 409, 410, 422}

// reads says which deterministic failures body can recognise: an HTTP
// status (a StatusCode field or method), a Postgres error, a JSON error.
func (r *runner) reads(body ast.Node) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if n.Sel.Name == "StatusCode" || n.Sel.Name == "HTTPStatusCode" {
				out["status"] = true
			}
		case *ast.Ident:
			if obj, ok := r.info.Uses[n].(*types.TypeName); ok && obj.Pkg() != nil {
				switch p := obj.Pkg().Path(); {
				case p == "encoding/json":
					out["json"] = true
				case strings.HasSuffix(p, "/pgconn") || p == knowledge.PQ:
					out["postgres"] = true
				}
			}
		}
		return true
	})
	return out
}

func isResponse(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http" && n.Obj().Name() == "Response"
}

// judge reports the deterministic answers that fn answers "retry" for:
// those evaluated (a certain path for the witness) and those a condition
// or case on the way to the return requires.
func (r *runner) judge(fn ast.Node, body *ast.BlockStmt, sig *types.Signature, shape classify.Shape, reversed bool, evaluated map[*ast.ReturnStmt][]string) {
	fc, ok := r.in.Root().FindNode(fn)
	if !ok || sig == nil {
		return
	}
	for cur := range fc.Preorder((*ast.ReturnStmt)(nil)) {
		ret := cur.Node().(*ast.ReturnStmt)
		if r.innermostFunc(cur) != fn {
			continue
		}
		var found []string
		if r.answersRetry(ret, sig, shape, reversed) {
			for _, s := range r.guards(cur, fn) {
				if !slices.Contains(found, s.Label) {
					found = append(found, s.Label)
				}
			}
		}
		for _, l := range evaluated[ret] {
			if !slices.Contains(found, l) {
				found = append(found, l)
			}
		}
		if len(found) == 0 {
			continue
		}
		r.rep.Report(analysis.Diagnostic{
			Pos:      ret.Pos(),
			Category: string(analysisdoc.C3),
			Message: fmt.Sprintf("%s answered with retry, but %s; answer do-not-retry for it",
				labels(found), why(found)),
		})
	}
}

// why says why the answers are deterministic.
func why(found []string) string {
	for _, l := range found {
		if len(l) > 8 && l[:8] == "SQLSTATE" {
			return "an integrity violation is the same on every attempt (a unique violation means the write already happened: deduplicate, do not retry)"
		}
	}
	return "the same request gets the same answer on every attempt"
}

func (r *runner) innermostFunc(cur inspector.Cursor) ast.Node {
	for c := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		return c.Node()
	}
	return nil
}

// answersRetry reports whether ret answers "retry" with a constant.
func (r *runner) answersRetry(ret *ast.ReturnStmt, sig *types.Signature, shape classify.Shape, reversed bool) bool {
	if len(ret.Results) == 0 || sig.Results().Len() != len(ret.Results) {
		return false
	}
	first := ast.Unparen(ret.Results[0])
	tv, ok := r.info.Types[first]
	if !ok || tv.Value == nil {
		return false
	}
	if shape == classify.Enum {
		var obj types.Object
		switch x := first.(type) {
		case *ast.Ident:
			obj = r.info.Uses[x]
		case *ast.SelectorExpr:
			obj = r.info.Uses[x.Sel]
		}
		c, _ := obj.(*types.Const)
		return classify.RetryMeaning(c) == classify.True
	}
	if tv.Value.Kind() != constant.Bool {
		return false
	}
	return constant.BoolVal(tv.Value) != reversed
}

// guards returns the deterministic signals that select the path to the
// node at cur: conditions of enclosing ifs whose body holds it, and case
// values of enclosing clauses, up to fn.
func (r *runner) guards(cur inspector.Cursor, fn ast.Node) []classify.Signal {
	var out []classify.Signal
	child := cur.Node()
	for p := cur.Parent(); p.Node() != nil && p.Node() != fn; p = p.Parent() {
		switch x := p.Node().(type) {
		case *ast.FuncLit:
			return out
		case *ast.IfStmt:
			if child == x.Body {
				out = append(out, r.required(x.Cond, x.Init)...)
			}
		case *ast.CaseClause:
			sw := p.Parent().Parent().Node()
			switch sw := sw.(type) {
			case *ast.SwitchStmt:
				if sw.Tag == nil {
					for _, e := range x.List {
						out = append(out, r.required(e, nil)...)
					}
				} else {
					out = append(out, ofTest(r.finder.Find(&ast.SwitchStmt{Tag: sw.Tag, Body: &ast.BlockStmt{List: []ast.Stmt{x}}}), x)...)
				}
			case *ast.TypeSwitchStmt:
				out = append(out, ofTest(r.finder.Find(&ast.TypeSwitchStmt{Assign: sw.Assign, Body: &ast.BlockStmt{List: []ast.Stmt{x}}}), x)...)
			}
		}
		child = p.Node()
	}
	return out
}

// required returns the deterministic signals a condition requires (one
// of them, for a disjunction): operands of && and ||, not of !.
func (r *runner) required(cond ast.Expr, init ast.Stmt) []classify.Signal {
	switch x := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		if x.Op == token.LAND || x.Op == token.LOR {
			return append(r.required(x.X, init), r.required(x.Y, init)...)
		}
		if x.Op == token.NEQ {
			return nil
		}
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			return nil
		}
	case *ast.Ident:
		// if _, ok := err.(*json.SyntaxError); ok
		if as, ok := init.(*ast.AssignStmt); ok && len(as.Lhs) == 2 && len(as.Rhs) == 1 {
			if id, ok := as.Lhs[1].(*ast.Ident); ok && r.info.ObjectOf(id) == r.info.Uses[x] && r.info.Uses[x] != nil {
				return deterministic(r.finder.Find(as.Rhs[0]))
			}
		}
		return nil
	}
	return deterministic(r.finder.Find(cond))
}

func deterministic(ss []classify.Signal) []classify.Signal {
	var out []classify.Signal
	for _, s := range ss {
		if s.Deterministic {
			out = append(out, s)
		}
	}
	return out
}

// ofTest keeps the deterministic signals of the case clause itself, not
// of the statements in its body.
func ofTest(ss []classify.Signal, cc *ast.CaseClause) []classify.Signal {
	var out []classify.Signal
	for _, s := range deterministic(ss) {
		if s.Test == cc {
			out = append(out, s)
		}
	}
	return out
}
