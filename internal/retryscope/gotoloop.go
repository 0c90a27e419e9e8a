package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/wait"
)

// findGotos records retry loops spelled with a backward goto:
//
//	retry:
//		err := call(ctx)
//		if err != nil && attempt < 3 {
//			attempt++
//			time.Sleep(d)
//			goto retry
//		}
//
// The loop is the statements from the label to the one holding the goto,
// in the block that holds the label. It is a retry loop when the goto is
// taken on the attempt's failure (inside an if, at any depth, that tests
// the error for non-nil or asks a verdict on it) and the region waits or counts
// attempts. They are kept apart from Scopes (in Gotos): their body is a
// run of statements, not a node of the tree, and only the rules that
// walk statements read them.
func (st *state) findGotos(in *inspector.Inspector, res *Result) {
	for c := range in.Root().Preorder((*ast.BranchStmt)(nil)) {
		br := c.Node().(*ast.BranchStmt)
		if br.Tok != token.GOTO || br.Label == nil {
			continue
		}
		label, ok := st.info.Uses[br.Label].(*types.Label)
		if !ok || label.Pos() >= br.Pos() {
			continue // a forward goto skips code, it does not repeat it
		}
		region, ifs := gotoRegion(c, label)
		if region == nil || len(ifs) == 0 {
			continue
		}
		body := &ast.BlockStmt{Lbrace: region[0].Pos(), List: region, Rbrace: region[len(region)-1].End() - 1}
		var attempt *ast.CallExpr
		var errVar *types.Var
		// attempts++ before the goto counts attempts like a bound does.
		bounded := retryMarked(st.info, body, body)
		for _, ifs := range ifs {
			bounded = bounded || countsAttempts(ifs.Cond)
			if attempt == nil {
				attempt, errVar = st.gotoAttempt(body, ifs)
			}
		}
		if attempt == nil {
			// if shouldRetry := h.WaitOrSkipRetry(ctx, n, cmd,
			// resp.Error()); shouldRetry { goto retry }: a verdict
			// handed the error with no error variable; the rules that
			// evaluate the error flow see none (ErrVar nil).
			attempt = verdictGoto(st.info, st.defs, ifs)
		}
		failedItems := false
		if attempt == nil {
			// if len(failed) > 0 { time.Sleep(d); goto retry }, failed
			// collecting what an attempt reported failed on: the failure
			// path waits and runs the attempt again, counter or not.
			attempt = st.failedItemsGoto(region, ifs)
			failedItems = attempt != nil
		}
		if attempt == nil {
			continue
		}
		ev := EvGoto
		if wait.InBody(st.info, body) || st.callsSleeper(body) {
			ev |= EvWaits
		}
		if bounded {
			ev |= EvAttemptCounter
		}
		if ev == EvGoto {
			continue
		}
		if failedItems && ev&EvWaits == 0 {
			continue // counted but not waited: a batch split, not a retry
		}
		switch {
		case errVar != nil:
			ev |= EvFailureGoesRound
		case failedItems:
			ev |= EvResultValue
		default:
			ev |= EvVerdict
		}
		res.Gotos = append(res.Gotos, &Scope{
			Kind: Loop, Body: body, Loop: region[0], Attempt: attempt, ErrVar: errVar, Helper: "goto", Evidence: ev,
		})
	}
}

// gotoRegion returns the statements from the label's statement to the one
// holding the goto at c, when both sit in one block of the same function,
// and the if statements of that region around the goto, innermost first
// (the goto may sit under a budget or status test inside the error test:
// if err != nil { if attempts < max { ...; goto retry } }).
func gotoRegion(c inspector.Cursor, label *types.Label) ([]ast.Stmt, []*ast.IfStmt) {
	var ifs []*ast.IfStmt
	for p := c.Parent(); p.Node() != nil; p = p.Parent() {
		switch n := p.Node().(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return nil, nil
		case *ast.IfStmt:
			ifs = append(ifs, n)
		case *ast.BlockStmt:
			for i, s := range n.List {
				ls, ok := s.(*ast.LabeledStmt)
				if !ok || ls.Label.Pos() != label.Pos() {
					continue
				}
				for j := i; j < len(n.List); j++ {
					if n.List[j].Pos() <= c.Node().Pos() && c.Node().End() <= n.List[j].End() {
						return n.List[i : j+1], ifs
					}
				}
			}
		}
	}
	return nil, nil
}

// gotoAttempt returns the first call of body whose error lands in a
// variable that ifs (the if holding the goto) tests for failure: err !=
// nil, or a verdict such as shouldRetry(err).
func (st *state) gotoAttempt(body *ast.BlockStmt, ifs *ast.IfStmt) (*ast.CallExpr, *types.Var) {
	var attempt *ast.CallExpr
	var errVar *types.Var
	var parents []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if attempt != nil {
			return false
		}
		if n == nil {
			parents = parents[:len(parents)-1]
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok && call.Pos() < ifs.Cond.Pos() && len(parents) > 0 &&
			returnsError(st.info, call) && !wait.IsWaitCall(st.info, call) {
			if ev := errVarOf(st.info, parents[len(parents)-1], call); ev != nil &&
				(nilTest(st.info, ifs.Cond, ev, token.NEQ) || verdictOn(st.info, ifs.Cond, ev)) {
				attempt, errVar = call, ev
				return false
			}
		}
		parents = append(parents, n)
		return true
	})
	return attempt, errVar
}

// verdictOn reports whether cond, or one of its && conjuncts, is a bool
// call handed errVar (shouldRetry(err), p.retryable(err)).
func verdictOn(info *types.Info, cond ast.Expr, errVar *types.Var) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		if e.Op == token.LAND {
			return verdictOn(info, e.X, errVar) || verdictOn(info, e.Y, errVar)
		}
	case *ast.CallExpr:
		if !isBool(info.TypeOf(e)) {
			return false
		}
		for _, a := range e.Args {
			if analysisutil.IdentVar(info, a) == errVar {
				return true
			}
		}
	}
	return false
}

// verdictGoto returns the verdict that takes the goto: a bool call, in the
// condition of one of ifs (an operand of && or || included) or as the
// value of a bool flag assigned once that the condition tests, handed an error
// (a variable or a call such as resp.Error()).
func verdictGoto(info *types.Info, defs map[*types.Var]ast.Expr, ifs []*ast.IfStmt) *ast.CallExpr {
	var verdict func(e ast.Expr) *ast.CallExpr
	verdict = func(e ast.Expr) *ast.CallExpr {
		switch x := ast.Unparen(e).(type) {
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				if c := verdict(x.X); c != nil {
					return c
				}
				return verdict(x.Y)
			}
		case *ast.Ident:
			if v := analysisutil.IdentVar(info, x); v != nil && isBool(v.Type()) && defs[v] != nil {
				return verdict(defs[v])
			}
		case *ast.CallExpr:
			if isBool(info.TypeOf(x)) && slices.ContainsFunc(x.Args, func(a ast.Expr) bool { return analysisutil.IsError(info.TypeOf(a)) }) {
				return x
			}
		}
		return nil
	}
	for _, ifs := range ifs {
		if c := verdict(ifs.Cond); c != nil {
			return c
		}
	}
	return nil
}

// failedItemsGoto returns the attempt of a goto loop that goes round on the
// items an attempt failed on:
//
//	RETRY:
//		for _, m := range msgs {
//			if sendBack(m) { ok = append(ok, m) } else { failed = append(failed, m) }
//		}
//		if len(failed) > 0 {
//			msgs = failed
//			time.Sleep(5 * time.Second)
//			goto RETRY
//		}
//
// The if holding the goto tests that a slice is not empty and waits in its
// own body; the slice is appended to, in the region, only on a failure
// branch of a call: the else of if call() { ... }, the body of if !call(),
// or the body of if err != nil after err := call(). The attempt is that
// call. A slice filled on success (a batch drained and fetched again) or
// a counter test is no failure path.
func (st *state) failedItemsGoto(region []ast.Stmt, ifs []*ast.IfStmt) *ast.CallExpr {
	for _, is := range ifs {
		v := nonEmptyTest(st.info, is.Cond)
		if v == nil || !wait.InBody(st.info, is.Body) && !st.callsSleeper(is.Body) {
			continue
		}
		var attempt *ast.CallExpr
		clean := true
		for _, stmt := range region {
			ast.Inspect(stmt, func(n ast.Node) bool {
				if !clean {
					return false
				}
				switch n := n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.IfStmt:
					if n == is {
						return true
					}
					call, onFailure := st.failureBranch(n)
					if call == nil {
						return true
					}
					if onFailure != nil && appendsTo(st.info, onFailure, v) {
						if attempt == nil {
							attempt = call
						}
					}
					for _, other := range []ast.Stmt{n.Body, n.Else} {
						if other != nil && other != onFailure && appendsTo(st.info, other, v) {
							clean = false // the success branch fills it too
						}
					}
					return true
				}
				return true
			})
		}
		if clean && attempt != nil {
			return attempt
		}
	}
	return nil
}

// nonEmptyTest returns the slice variable v when cond is len(v) > 0,
// len(v) != 0 or 0 < len(v).
func nonEmptyTest(info *types.Info, cond ast.Expr) *types.Var {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	lenOf := func(e ast.Expr) *types.Var {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return nil
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); !ok || id.Name != "len" {
			return nil
		} else if _, ok := info.Uses[id].(*types.Builtin); !ok {
			return nil
		}
		v := analysisutil.IdentVar(info, call.Args[0])
		if v == nil {
			return nil
		}
		if _, ok := v.Type().Underlying().(*types.Slice); !ok {
			return nil
		}
		return v
	}
	isZero := func(e ast.Expr) bool {
		tv, ok := info.Types[e]
		return ok && tv.Value != nil && tv.Value.String() == "0"
	}
	switch b.Op {
	case token.GTR, token.NEQ:
		if v := lenOf(b.X); v != nil && isZero(b.Y) {
			return v
		}
		if b.Op == token.NEQ {
			if v := lenOf(b.Y); v != nil && isZero(b.X) {
				return v
			}
		}
	case token.LSS:
		if v := lenOf(b.Y); v != nil && isZero(b.X) {
			return v
		}
	}
	return nil
}

// failureBranch returns the call whose failure if statement n tests and
// the branch taken on that failure: the else of if call() (a bool
// result), the body of if !call(), the body of if err != nil where err
// comes from a call in n's init or the statement before.
func (st *state) failureBranch(n *ast.IfStmt) (*ast.CallExpr, ast.Stmt) {
	switch c := ast.Unparen(n.Cond).(type) {
	case *ast.CallExpr:
		if isBool(st.info.TypeOf(c)) && !wait.IsWaitCall(st.info, c) {
			if _, ok := typeutil.Callee(st.info, c).(*types.Func); ok {
				return c, n.Else
			}
		}
	case *ast.UnaryExpr:
		if call, ok := ast.Unparen(c.X).(*ast.CallExpr); ok && c.Op == token.NOT && isBool(st.info.TypeOf(call)) {
			if _, ok := typeutil.Callee(st.info, call).(*types.Func); ok {
				return call, n.Body
			}
		}
	case *ast.BinaryExpr:
		if a, ok := n.Init.(*ast.AssignStmt); ok && len(a.Rhs) == 1 {
			if call, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr); ok && returnsError(st.info, call) {
				if ev := errVarOf(st.info, a, call); ev != nil && nilTest(st.info, c, ev, token.NEQ) {
					return call, n.Body
				}
			}
		}
	}
	return nil, nil
}

// appendsTo reports whether n assigns v = append(v, ...).
func appendsTo(info *types.Info, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if found {
			return false
		}
		if _, ok := m.(*ast.FuncLit); ok {
			return false
		}
		a, ok := m.(*ast.AssignStmt)
		if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 || analysisutil.IdentVar(info, a.Lhs[0]) != v {
			return true
		}
		call, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "append" {
			if _, ok := info.Uses[id].(*types.Builtin); ok {
				found = true
			}
		}
		return true
	})
	return found
}
