package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"unicode"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/knowledge"
	"golang.org/x/tools/go/types/typeutil"
)

// A loop that counts its passes and leaves when a check passes is not
// always a retry. A retry runs the same operation again after it failed:
// the same request, on the same or a fresh connection, usually after a
// wait. A loop over resources takes a new item each pass (an idle
// connection popped from a pool, the next element of a source, the next
// address of a list), checks it, drops it when the check fails and takes
// another at once: nothing is sent again, and an outer retry around it
// does not multiply any load. Such a loop has no wait between passes, and
// its attempt is either the take itself or a check of the item taken in
// the pass that gives it nothing but the item, contexts and constants.

// iteratesResources reports whether loop, whose attempt call was found
// by the retry shapes, iterates over resources rather than re-attempting
// an operation: the attempt takes the pass's item (a take call: see
// isTake) and every path that goes round drops it, or the attempt checks
// an item taken in the pass (from a take that every path going round
// drops, or from a list: an index, a receive, a range over a collection)
// with no other input than contexts and constants; and no path that goes
// round waits (a loop that waits before it goes round is waiting for the
// same thing to succeed; a wait on the way out, such as a callback that
// records how long the pool turn took, is no backoff).
func iteratesResources(info *types.Info, loop ast.Node, body *ast.BlockStmt, attempt *ast.CallExpr, self string, waits func(ast.Node) bool) bool {
	x := loopExits{local: labelsIn(body), breaks: loopBreaks(body), self: self}
	if waitsGoingRound(body.List, false, x, waits) {
		return false
	}
	if isTake(info, attempt) {
		items := slices.DeleteFunc(attemptResults(info, body, attempt), func(v *types.Var) bool { return !itemType(v.Type()) })
		for _, v := range items {
			if dropsOnGoRound(info, body, v, attempt.End(), x) {
				return true
			}
		}
	}
	// The item is the receiver (cn.Ping(ctx)) or an argument
	// (hooks.OnGet(ctx, cn)); the other arguments must tell the check
	// nothing of their own. A receiver that is not the item is what
	// checks it.
	inputs := slices.Clone(attempt.Args)
	if sel, ok := ast.Unparen(attempt.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil {
		inputs = append(inputs, sel.X) // a method's receiver, not a package name
	}
	for _, in := range inputs {
		v := analysisutil.IdentVar(info, in)
		if v == nil {
			continue
		}
		from := takenIn(info, loop, body, v, attempt.Pos())
		if from == takenNot {
			continue
		}
		plain := true
		for _, o := range attempt.Args {
			if o != in && !plainInput(info, o) {
				plain = false
			}
		}
		if plain && (from == takenFromList || dropsOnGoRound(info, body, v, attempt.End(), x)) {
			return true
		}
	}
	return false
}

// isTake reports whether call takes a source's next item: its name
// starts with a take verb (pop, next, get, acquire...) and it hands the
// source nothing but contexts, so the source alone decides what comes
// back. A get that names what it wants (a key, a URL) is an operation.
func isTake(info *types.Info, call *ast.CallExpr) bool {
	var name string
	switch o := typeutil.Callee(info, call).(type) {
	case *types.Func:
		name = o.Name()
	case *types.Var:
		name = o.Name()
	default:
		return false
	}
	if !slices.Contains(knowledge.TakeVerbs, firstWord(name)) {
		return false
	}
	for _, a := range call.Args {
		if !analysisutil.IsContext(info.TypeOf(a)) {
			return false
		}
	}
	return true
}

// firstWord returns the first camelCase or snake_case word of an
// identifier, lowercased (popIdle: pop; Get: get; next_node: next).
func firstWord(name string) string {
	end := len(name)
	for i, r := range name {
		if i > 0 && (unicode.IsUpper(r) || r == '_' || unicode.IsDigit(r)) {
			end = i
			break
		}
	}
	return strings.ToLower(name[:end])
}

// itemType reports whether t can be a taken item: not an error, and not
// a basic value (a bool that says "got it" or a count is a result of an
// operation, not a resource).
func itemType(t types.Type) bool {
	if analysisutil.IsError(t) {
		return false
	}
	_, basic := t.Underlying().(*types.Basic)
	return !basic
}

// plainInput reports whether e tells an operation nothing of its own: a
// context or a constant.
func plainInput(info *types.Info, e ast.Expr) bool {
	if tv, ok := info.Types[e]; ok && (tv.Value != nil || tv.IsNil()) {
		return true
	}
	return analysisutil.IsContext(info.TypeOf(e))
}

// How an attempt's input was taken in the pass.
const (
	takenNot      = iota
	takenFromList // an index, a receive, a range over a collection
	takenByCall   // a take call
)

// takenIn says how v gets the pass's item before pos: it is the value
// (or key) of a range over a collection, or is assigned in the loop's
// body from an index expression, a receive or a take call.
func takenIn(info *types.Info, loop ast.Node, body *ast.BlockStmt, v *types.Var, pos token.Pos) int {
	if r, ok := loop.(*ast.RangeStmt); ok && rangesOverCollection(info, loop) {
		for _, e := range []ast.Expr{r.Key, r.Value} {
			if e != nil && analysisutil.IdentVar(info, e) == v {
				return takenFromList
			}
		}
	}
	how := takenNot
	ast.Inspect(body, func(n ast.Node) bool {
		if how != takenNot || n == nil || n.Pos() >= pos {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			_, lit := n.(*ast.FuncLit)
			return !lit
		}
		for i, l := range as.Lhs {
			if analysisutil.IdentVar(info, l) != v {
				continue
			}
			var rhs ast.Expr
			switch {
			case len(as.Rhs) == len(as.Lhs):
				rhs = as.Rhs[i]
			case len(as.Rhs) == 1:
				rhs = as.Rhs[0]
			default:
				continue
			}
			switch e := ast.Unparen(rhs).(type) {
			case *ast.IndexExpr:
				how = takenFromList
			case *ast.UnaryExpr:
				if e.Op == token.ARROW {
					how = takenFromList
				}
			case *ast.CallExpr:
				if isTake(info, e) {
					how = takenByCall
				}
			}
		}
		return false
	})
	return how
}

// dropsOnGoRound reports whether every path after pos that goes round
// again (a block ending by continue) drops the item v first (hands it to
// a call, closes it, or forgets it: v = nil), there is such a path, and
// the body ends by leaving (no path falls through to the next pass with
// the item kept).
func dropsOnGoRound(info *types.Info, body *ast.BlockStmt, v *types.Var, pos token.Pos, x loopExits) bool {
	if !x.endsLeaving(body.List) {
		return false
	}
	paths, dropped := 0, 0
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false // a continue in a nested loop goes round that loop
		case *ast.BlockStmt:
			if n.Pos() > pos && n != body && goesOn(x, n.List) {
				paths++
				if drops(info, n.List, v) {
					dropped++
				}
			}
		}
		return true
	})
	return paths > 0 && paths == dropped
}

// drops reports whether one of stmts drops v: a call that takes v as an
// argument or receiver (p.closeConn(cn), cn.Close(), pool.Put(cn)), or
// v = nil.
func drops(info *types.Info, stmts []ast.Stmt, v *types.Var) bool {
	found := false
	for _, s := range stmts {
		if as, ok := s.(*ast.AssignStmt); ok {
			for i, l := range as.Lhs {
				if analysisutil.IdentVar(info, l) == v && len(as.Rhs) == len(as.Lhs) && isNil(info, as.Rhs[i]) {
					return true
				}
			}
		}
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && analysisutil.IdentVar(info, sel.X) == v {
					found = true
				}
				if slices.ContainsFunc(n.Args, func(a ast.Expr) bool { return analysisutil.IdentVar(info, a) == v }) {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// waitsGoingRound reports whether a statement of list that waits (waits
// says which do) may be followed by another pass: some path from it goes
// round (a continue, or the end of the loop's body) instead of leaving.
// out says whether the statements after list (in the lists around it)
// leave without going round. Nested loops are judged whole, and so is a
// select, except on a way out, where each case may still go round.
func waitsGoingRound(list []ast.Stmt, out bool, x loopExits, waits func(ast.Node) bool) bool {
	for i, s := range list {
		rest := list[i+1:]
		outHere := !goesRoundIn(rest, x) && (x.endsLeaving(list) || out)
		switch s := s.(type) {
		case *ast.IfStmt:
			// The init and the condition run on every pass through the
			// if: a wait there (if !sleep(ctx, d) { return }) goes round
			// whenever a path after the if does.
			if (s.Init != nil && waits(s.Init) || waits(s.Cond)) && !outHere {
				return true
			}
			if waitsGoingRound(s.Body.List, outHere, x, waits) {
				return true
			}
			if s.Else != nil && waitsGoingRound([]ast.Stmt{s.Else}, outHere, x, waits) {
				return true
			}
		case *ast.BlockStmt:
			if waitsGoingRound(s.List, outHere, x, waits) {
				return true
			}
		case *ast.LabeledStmt:
			if waitsGoingRound([]ast.Stmt{s.Stmt}, outHere, x, waits) {
				return true
			}
		case *ast.SelectStmt:
			if !outHere && waits(s) {
				return true
			}
			// On a way out, a case may still go round: the timer case
			// of `select { case <-time.After(d): continue; case
			// <-done: return }` waits, then takes the next pass.
			for _, cl := range s.Body.List {
				cc := cl.(*ast.CommClause)
				if cc.Comm != nil && outHere && waitsGoingRound(append([]ast.Stmt{cc.Comm}, cc.Body...), outHere, x, waits) {
					return true
				}
			}
		default:
			if !outHere && waits(s) {
				return true
			}
		}
	}
	return false
}

// goesRoundIn reports whether stmts hold a continue of the loop (or a
// goto to a label inside it), outside nested loops and literals.
func goesRoundIn(stmts []ast.Stmt, x loopExits) bool {
	found := false
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
				return false
			case *ast.BranchStmt:
				if n.Tok == token.CONTINUE && (n.Label == nil || !x.outward(n)) || n.Tok == token.GOTO && !x.outward(n) {
					found = true
				}
			}
			return !found
		})
	}
	return found
}
