package ambiguouswrite

// Which errors make a retry scope go round again, in the three outcome
// classes that matter for a write: ambiguous (it may have been applied),
// conflict (the server aborted the transaction), and errors that prove it
// was never sent.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/retryscope"
)

// A verdict says what a retry scope goes round on.
type verdict struct {
	every     bool   // every error
	ambiguous string // an error after which the write may have been applied
	conflict  string // a serialization failure or deadlock
	any       bool   // some error, of whatever class
}

// ambig names the ambiguous error the scope goes round on, or "".
func (v verdict) ambig() string {
	if v.every {
		return "every error"
	}
	return v.ambiguous
}

// confl names the conflict error the scope goes round on, or "".
func (v verdict) confl() string {
	if v.every {
		return "every error"
	}
	return v.conflict
}

// judge returns what s goes round on.
func (r *runner) judge(s *retryscope.Scope) verdict {
	if v, ok := r.verdicts[s]; ok {
		return v
	}
	var v verdict
	switch s.Kind {
	case retryscope.Loop:
		v = r.judgeLoop(s)
	case retryscope.Closure:
		v = r.judgeClosure(s)
	}
	r.verdicts[s] = v
	return v
}

// judgeLoop asks the loop body what it does after the attempt fails with
// a network timeout (the ambiguous witness) and with SQLSTATE 40001 (the
// conflict witness); where the evaluator cannot tell, the branches that
// go round are read for the errors they test.
func (r *runner) judgeLoop(s *retryscope.Scope) verdict {
	var body *ast.BlockStmt
	if s.Loop != nil {
		if b := analysisutil.LoopBody(s.Loop); b != nil {
			body = b
		}
	}
	if b, ok := s.Body.(*ast.BlockStmt); ok && body == nil {
		body = b
	}
	if body == nil || s.Attempt == nil || s.ErrVar == nil {
		return verdict{}
	}
	var from ast.Stmt
	for _, st := range body.List {
		if st.Pos() <= s.Attempt.Pos() && s.Attempt.End() <= st.End() {
			from = st
		}
	}
	if from == nil {
		return verdict{}
	}
	opt := &classify.Options{Decls: r.res.Decls, Defs: r.res.Defs}
	timeout := classify.GoesRoundWith(r.info, body, from, s.ErrVar, classify.NetTimeoutWitness(), opt)
	conflict := classify.GoesRoundWith(r.info, body, from, s.ErrVar, classify.SQLStateWitness("40001"), opt)
	var v verdict
	switch {
	case timeout == classify.True && conflict == classify.True:
		v.every = !r.testsErr(body, from, s.ErrVar)
		v.ambiguous, v.conflict = "a timeout", "SQLSTATE 40001"
	case timeout == classify.True:
		v.ambiguous = "a timeout"
	case conflict == classify.True:
		v.conflict = "SQLSTATE 40001"
	}
	// The branches that go round (continue, or fall to the end of the
	// body) name the errors they test.
	i := slices.Index(body.List, from)
	for _, st := range body.List[i+1:] {
		ifs, ok := st.(*ast.IfStmt)
		if !ok {
			continue
		}
		if goesOn(ifs.Body) {
			r.addSignals(&v, ifs.Cond)
			continue
		}
		// if !retryable(err) { return err }: what the negated test
		// accepts goes round.
		if u, ok := ast.Unparen(ifs.Cond).(*ast.UnaryExpr); ok && u.Op == token.NOT && analysisutil.EndsBy(ifs.Body.List, analysisutil.ByReturn|analysisutil.ByBreak) {
			r.addSignals(&v, u.X)
		}
	}
	v.any = v.any || v.every || v.ambiguous != "" || v.conflict != ""
	return v
}

// goesOn reports whether a branch goes round: it ends in continue.
func goesOn(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	br, ok := b.List[len(b.List)-1].(*ast.BranchStmt)
	return ok && br.Tok == token.CONTINUE
}

// testsErr reports whether the loop, after the attempt, tests the error
// other than against nil: then the timeout and the conflict were singled
// out, and "every error" would overstate it.
func (r *runner) testsErr(body *ast.BlockStmt, from ast.Stmt, errVar *types.Var) bool {
	i := slices.Index(body.List, from)
	found := false
	for _, st := range body.List[i+1:] {
		ast.Inspect(st, func(n ast.Node) bool {
			if found {
				return false
			}
			if call, ok := n.(*ast.CallExpr); ok {
				for _, a := range call.Args {
					if analysisutil.IdentVar(r.info, ast.Unparen(a)) == errVar {
						found = true
					}
				}
			}
			if cc, ok := n.(*ast.CaseClause); ok && len(cc.List) > 0 {
				found = true
			}
			return true
		})
	}
	return found
}

// addSignals records the error classes that cond tests.
func (r *runner) addSignals(v *verdict, cond ast.Node) {
	sf := classify.SignalFinder{Info: r.info, Defs: r.res.Defs}
	for _, s := range sf.Find(cond) {
		if !positive(cond, s.Test) {
			continue
		}
		switch {
		case slices.Contains(knowledge.AmbiguousSignals, s.Label):
			if v.ambiguous == "" {
				v.ambiguous = s.Label
			}
		case slices.Contains(knowledge.ConflictSignals, s.Label):
			if v.conflict == "" {
				v.conflict = s.Label
			}
		}
		if s.Retry {
			v.any = true
		}
	}
	ast.Inspect(cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if fn, ok := typeutil.Callee(r.info, n).(*types.Func); ok && fn.Pkg() != nil {
				if d := r.res.Decls[fn]; d != nil && d.Body != nil && !r.inEval[fn] {
					r.inEval[fn] = true
					r.addFuncSignals(v, d)
					delete(r.inEval, fn)
				}
				if slices.Contains(knowledge.SQLAmbiguousFuncs[fn.Pkg().Path()], fn.Name()) && v.ambiguous == "" && positive(cond, n) {
					v.ambiguous = fn.Pkg().Name() + "." + fn.Name()
				}
				if slices.Contains(knowledge.SQLNotSentFuncs[fn.Pkg().Path()], fn.Name()) {
					v.any = true
				}
			}
		case *ast.SelectorExpr:
			if obj, ok := r.info.Uses[n.Sel].(*types.Var); ok && obj.Pkg() != nil {
				if slices.Contains(knowledge.SQLAmbiguousErrors[obj.Pkg().Path()], obj.Name()) && v.ambiguous == "" && positive(cond, n) {
					v.ambiguous = obj.Pkg().Name() + "." + obj.Name()
				}
				if slices.Contains(knowledge.SQLNotSentErrors[obj.Pkg().Path()], obj.Name()) {
					v.any = true
				}
			}
		case *ast.BasicLit:
			// MySQL deadlock and lock wait timeout numbers compared
			// with a MySQLError's Number.
			if tv, ok := r.info.Types[n]; ok && tv.Value != nil && tv.Value.Kind() == constant.Int {
				if x, ok := constant.Int64Val(tv.Value); ok && slices.Contains(knowledge.MySQLConflictNumbers, x) && r.mentionsMySQLNumber(cond) && v.conflict == "" && positive(cond, n) {
					v.conflict = "MySQL error " + n.Value
				}
			}
		}
		return true
	})
	if v.ambiguous != "" || v.conflict != "" {
		v.any = true
	}
}

// positive reports whether the test sits in root where its truth means
// "yes": not under a negation, and, in a function body, in a return
// statement's expression or in the condition (or case) of a branch that
// ends by returning true.
func positive(root ast.Node, test ast.Node) bool {
	var path []ast.Node
	ok := false
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if ok {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		if n == test {
			path = slices.Clone(stack)
			ok = true
			return false
		}
		return true
	})
	if !ok {
		return false
	}
	if _, isBody := root.(*ast.BlockStmt); !isBody {
		for _, p := range path {
			if u, ok := p.(*ast.UnaryExpr); ok && u.Op == token.NOT {
				return false
			}
		}
		return true
	}
	for i := len(path) - 1; i >= 0; i-- {
		switch p := path[i].(type) {
		case *ast.UnaryExpr:
			if p.Op == token.NOT {
				return false
			}
		case *ast.ReturnStmt:
			return true
		case *ast.IfStmt:
			return endsReturning(p.Body, "true")
		case *ast.CaseClause:
			return endsReturning(&ast.BlockStmt{List: p.Body}, "true")
		case *ast.FuncLit:
			return false
		}
	}
	return false
}

// endsReturning reports whether b ends by returning the identifier name
// as its first result.
func endsReturning(b *ast.BlockStmt, name string) bool {
	if len(b.List) == 0 {
		return false
	}
	ret, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) == 0 {
		return false
	}
	id, ok := ast.Unparen(ret.Results[0]).(*ast.Ident)
	return ok && id.Name == name
}

// addFuncSignals records what a predicate of the package answers true
// for: it is run for the two witnesses, and its tests are read.
func (r *runner) addFuncSignals(v *verdict, d *ast.FuncDecl) {
	fn, _ := r.info.Defs[d.Name].(*types.Func)
	if fn == nil {
		return
	}
	sig := fn.Type().(*types.Signature)
	var errp *types.Var
	for i := range sig.Params().Len() {
		if analysisutil.IsError(sig.Params().At(i).Type()) {
			errp = sig.Params().At(i)
			break
		}
	}
	if errp == nil || sig.Results().Len() == 0 {
		return
	}
	if b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return
	}
	opt := &classify.Options{Decls: r.res.Decls, Defs: r.res.Defs}
	says := func(w classify.Witness) bool {
		answers, _ := classify.EvalWith(r.info, d, errp, nil, w, opt)
		for _, a := range answers {
			if a.Certain && a.Value == classify.True {
				return true
			}
		}
		return false
	}
	if says(classify.NetTimeoutWitness()) && v.ambiguous == "" {
		v.ambiguous = "a timeout"
	}
	if says(classify.SQLStateWitness("40001")) && v.conflict == "" {
		v.conflict = "SQLSTATE 40001"
	}
	r.addSignals(v, d.Body)
}

// mentionsMySQLNumber reports whether cond reads the Number field of a
// MySQLError.
func (r *runner) mentionsMySQLNumber(cond ast.Node) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Number" && analysisutil.IsNamedExact(r.info.TypeOf(sel.X), knowledge.MySQL, "MySQLError") {
			found = true
		}
		return !found
	})
	return found
}

// judgeClosure combines what the helper does with the errors the
// operation returns and what the operation returns them for.
func (r *runner) judgeClosure(s *retryscope.Scope) verdict {
	if s.Call == nil {
		return verdict{}
	}
	fn, _ := typeutil.Callee(r.info, s.Call).(*types.Func)
	if fn == nil {
		return verdict{}
	}
	var policy knowledge.Returned
	if retryscope.IsLibraryHelper(fn) {
		policy = knowledge.HelperReturned[analysisutil.StripMajor(fn.Pkg().Path())][fn.Name()]
	} else if r.res.Blind(fn) {
		// A helper of the code base that goes round on every error.
		policy = knowledge.ReturnedAll
	} else if d := r.res.Decls[fn]; d != nil {
		// A helper of this package: its own loop says.
		for _, hs := range r.res.Scopes {
			if hs.Kind == retryscope.Loop && d.Pos() <= hs.Loop.Pos() && hs.Loop.End() <= d.End() {
				return r.narrowByOp(s, r.judge(hs), knowledge.ReturnedAll)
			}
		}
	}
	switch policy {
	case knowledge.ReturnedAll, knowledge.ReturnedMarked:
		if c := r.classifierOf(s); c != nil {
			return r.narrowByOp(s, r.judgeClassifier(c), policy)
		}
		return r.narrowByOp(s, verdict{every: true, any: true}, policy)
	case knowledge.ReturnedClassified:
		if c := r.classifierOf(s); c != nil {
			return r.narrowByOp(s, r.judgeClassifier(c), knowledge.ReturnedAll)
		}
	}
	return verdict{}
}

// classifierOf returns the classifier handed to the scope's helper call
// (retry.RetryIf, OnError's retriable), if any.
func (r *runner) classifierOf(s *retryscope.Scope) *classify.Classifier {
	for _, c := range r.cls.List {
		for _, site := range c.Sites {
			if site.Source == classify.Named || site.Source == classify.Marked {
				continue
			}
			n := site.Node
			if n.Pos() >= s.Call.Pos() && n.End() <= s.Call.End() && (s.Func == nil || n.End() <= s.Func.Pos() || n.Pos() >= s.Func.End()) {
				return c
			}
		}
	}
	return nil
}

// judgeClassifier evaluates a classifier for the two witnesses.
func (r *runner) judgeClassifier(c *classify.Classifier) verdict {
	if c.Func == nil || c.Err == nil {
		return verdict{}
	}
	opt := &classify.Options{Decls: r.res.Decls, Defs: r.res.Defs}
	retries := func(w classify.Witness) bool {
		answers, _ := classify.EvalWith(r.info, c.Func, c.Err, c.Resp, w, opt)
		for _, a := range answers {
			if a.Certain && c.Retries(a) == classify.True {
				return true
			}
		}
		return false
	}
	var v verdict
	if retries(classify.NetTimeoutWitness()) {
		v.ambiguous = "a timeout"
	}
	if retries(classify.SQLStateWitness("40001")) {
		v.conflict = "SQLSTATE 40001"
	}
	if c.Body != nil {
		r.addSignals(&v, c.Body)
	}
	v.any = v.any || v.ambiguous != "" || v.conflict != ""
	return v
}

// narrowByOp narrows the helper's verdict by what the operation returns:
// under ReturnedAll an error wrapped by a permanent marker stops, under
// ReturnedMarked only an error wrapped by a retryable marker goes round.
// An operation with markers is judged by the conditions of its returns
// that go round; one without passes every error on.
func (r *runner) narrowByOp(s *retryscope.Scope, helper verdict, policy knowledge.Returned) verdict {
	var body *ast.BlockStmt
	switch f := s.Func.(type) {
	case *ast.FuncLit:
		body = f.Body
	case *ast.FuncDecl:
		body = f.Body
	}
	if body == nil {
		return verdict{}
	}
	marked, permanent := false, false
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			switch r.marker(call) {
			case markRetry:
				marked = true
			case markStop:
				permanent = true
			}
		}
		return true
	})
	switch {
	case policy == knowledge.ReturnedMarked && !marked:
		return verdict{}
	case policy == knowledge.ReturnedAll && !permanent:
		return helper
	}
	// The returns that go round, and the if conditions that lead there;
	// the returns that stop, and theirs.
	var v verdict
	found := false
	var stops []ast.Expr
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		stack = append(stack, n)
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || len(ret.Results) == 0 {
			return true
		}
		last := ast.Unparen(ret.Results[len(ret.Results)-1])
		if id, ok := last.(*ast.Ident); ok && id.Name == "nil" {
			return true
		}
		m := markNone
		if call, ok := last.(*ast.CallExpr); ok {
			m = r.marker(call)
		}
		var conds []ast.Expr
		for _, p := range stack {
			if ifs, ok := p.(*ast.IfStmt); ok && ret.Pos() >= ifs.Body.Pos() && ret.End() <= ifs.Body.End() && !nilTest(r.info, ifs.Cond) {
				conds = append(conds, ifs.Cond)
			}
		}
		if (policy == knowledge.ReturnedMarked && m != markRetry) || (policy == knowledge.ReturnedAll && m == markStop) {
			stops = append(stops, conds...)
			return true
		}
		found = true
		for _, c := range conds {
			r.addSignals(&v, c)
		}
		if len(conds) == 0 {
			v.every = true
		}
		return true
	})
	if !found {
		return verdict{}
	}
	if v.every && len(stops) > 0 {
		// Every error goes round but those the stop conditions catch: a
		// negated test (if !retryable(err) { return Permanent(err) })
		// names what goes round; a plain one what does not.
		v = verdict{}
		var caught verdict
		for _, c := range stops {
			if u, ok := ast.Unparen(c).(*ast.UnaryExpr); ok && u.Op == token.NOT {
				r.addSignals(&v, u.X)
				continue
			}
			if r.opaque(c) {
				return verdict{} // what it stops on cannot be seen
			}
			r.addSignals(&caught, c)
		}
		if v.ambiguous == "" && v.conflict == "" && !v.any {
			v = verdict{every: true, any: true}
			if caught.ambiguous != "" {
				v = verdict{conflict: "every other error", any: true}
			}
		}
	}
	if v.every {
		// Every error the operation returns goes round: the helper's
		// own classifier decides.
		return helper
	}
	v.any = v.any || v.ambiguous != "" || v.conflict != ""
	if !helper.every {
		// Both narrow: keep what both go round on.
		if helper.ambig() == "" {
			v.ambiguous = ""
		}
		if helper.confl() == "" {
			v.conflict = ""
		}
	}
	return v
}

// opaque reports whether cond calls a function whose answer cannot be
// read: not errors.Is/As, not a known library's predicate, not a
// function of this package.
func (r *runner) opaque(cond ast.Expr) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		fn, _ := typeutil.Callee(r.info, call).(*types.Func)
		switch {
		case fn == nil:
			if tv, ok := r.info.Types[call.Fun]; !ok || !tv.IsType() {
				found = true
			}
		case fn.Pkg() != nil && (fn.Pkg().Path() == "errors" || fn.Pkg().Path() == "strings"):
		case fn.Pkg() != nil && (slices.Contains(knowledge.SQLAmbiguousFuncs[fn.Pkg().Path()], fn.Name()) || slices.Contains(knowledge.SQLNotSentFuncs[fn.Pkg().Path()], fn.Name())):
		case r.res.Decls[fn] != nil:
		default:
			if sig, ok := fn.Type().(*types.Signature); !ok || sig.Recv() == nil || !analysisutil.IsError(sig.Recv().Type()) {
				found = true
			}
		}
		return true
	})
	return found
}

type mark int

const (
	markNone mark = iota
	markRetry
	markStop
)

// marker says whether call wraps an error so that the helper goes round
// (go-retry's RetryableError) or stops (backoff.Permanent,
// retry.Unrecoverable).
func (r *runner) marker(call *ast.CallExpr) mark {
	fn, _ := typeutil.Callee(r.info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return markNone
	}
	path := analysisutil.StripMajor(fn.Pkg().Path())
	switch {
	case slices.Contains(knowledge.RetryableMarkers[path], fn.Name()):
		return markRetry
	case slices.Contains(knowledge.PermanentMarkers[path], fn.Name()):
		return markStop
	}
	return markNone
}

// nilTest reports whether cond only compares errors with nil (err !=
// nil, err == nil && x != nil).
func nilTest(info *types.Info, cond ast.Expr) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LAND, token.LOR:
			return nilTest(info, c.X) && nilTest(info, c.Y)
		case token.EQL, token.NEQ:
			isNil := func(e ast.Expr) bool {
				id, ok := ast.Unparen(e).(*ast.Ident)
				return ok && id.Name == "nil"
			}
			return isNil(c.X) || isNil(c.Y)
		}
	}
	return false
}
