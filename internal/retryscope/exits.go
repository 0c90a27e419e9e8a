package retryscope

import "go/ast"

// OnExitPath reports whether n, a node in the loop body body, sits only on
// paths that leave the loop without another attempt: every statement
// after it, in each list around it up to body, goes on to a return, a
// break of the loop or a call that does not return, and none goes round
// first (see waitsGoingRound). A wait there paces work done after success
// (reconnecting the voice connections one by one, then returning); it
// does not come between attempts.
func OnExitPath(body *ast.BlockStmt, n ast.Node) bool {
	if body == nil || n.Pos() < body.Pos() || n.End() > body.End() {
		return false
	}
	x := loopExits{local: labelsIn(body), breaks: loopBreaks(body)}
	holds := func(s ast.Node) bool { return s.Pos() <= n.Pos() && n.End() <= s.End() }
	return !waitsGoingRound(body.List, false, x, holds)
}
