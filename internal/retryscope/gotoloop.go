package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisutil"
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
		if attempt == nil {
			continue
		}
		ev := EvGoto
		if Waits(st.info, body) || st.callsSleeper(body) {
			ev |= EvWaits
		}
		if bounded {
			ev |= EvAttemptCounter
		}
		if ev == EvGoto {
			continue
		}
		if errVar != nil {
			ev |= EvFailureGoesRound
		} else {
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
			returnsError(st.info, call) && !IsWaitCall(st.info, call) {
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
