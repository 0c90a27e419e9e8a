package classify

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisutil"
)

// StateWait reports whether the wait at c, inside the loop body body, runs
// only while the attempt's outcome is one specific state that is no fault:
// the answer "not there yet" or "still in progress" of a resource being
// created, a token being authorized, a transaction finishing. Such a loop
// waits for a state; an outage or an overload (transport errors, 5xx,
// 429, Unavailable, throttling) leaves it at once, so a fleet that lost
// its server does not come back through this wait in lock step.
//
// The wait is judged by the conditions that must hold to reach it from
// the top of body: the if statements around it (their condition, or its
// negation in the else branch) and the guards before it in the same
// block that leave (`if status != http.StatusNotFound { return err }`).
// One of them must pin the outcome to specific state values: an HTTP
// status below 500 other than 408, 409, 423, 425 and 429 compared with a
// status, a string code compared with a field or value named for a code,
// status, reason or kind, or an error sentinel (errors.Is, ==) — each of
// them not named for an outage, overload, conflict or timeout (see
// faultWords). A bool local assigned once is followed to its definition.
func (f *SignalFinder) StateWait(body ast.Node, c inspector.Cursor) bool {
	if body == nil {
		return false
	}
	for cur := c; cur.Valid(); cur = cur.Parent() {
		if cur.Node() == body {
			return false
		}
		parent := cur.Parent()
		if !parent.Valid() {
			return false
		}
		switch p := parent.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if cur.Node() == p.Body && f.narrow(p.Cond, true, 0) {
				return true
			}
			if cur.Node() == p.Else && f.narrow(p.Cond, false, 0) {
				return true
			}
		case *ast.BlockStmt:
			for _, s := range p.List {
				if s == cur.Node() {
					break
				}
				ifs, ok := s.(*ast.IfStmt)
				if !ok || ifs.Else != nil || ifs.Init != nil ||
					!analysisutil.EndsBy(ifs.Body.List, analysisutil.ByReturn|analysisutil.ByBreak|analysisutil.ByNoReturn) {
					continue
				}
				if f.narrow(ifs.Cond, false, 0) {
					return true
				}
			}
		}
	}
	return false
}

// narrow reports whether e having the value pos pins the outcome to
// specific state values.
func (f *SignalFinder) narrow(e ast.Expr, pos bool, depth int) bool {
	if depth > 4 {
		return false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return f.narrow(e.X, !pos, depth)
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LOR:
			// a || b true: either may hold, both must pin; false: both
			// are false, one pinning is enough. && is the dual.
			if pos {
				return f.narrow(e.X, pos, depth) && f.narrow(e.Y, pos, depth)
			}
			return f.narrow(e.X, pos, depth) || f.narrow(e.Y, pos, depth)
		case token.LAND:
			if pos {
				return f.narrow(e.X, pos, depth) || f.narrow(e.Y, pos, depth)
			}
			return f.narrow(e.X, pos, depth) && f.narrow(e.Y, pos, depth)
		case token.EQL:
			return pos && f.stateEqual(e)
		case token.NEQ:
			return !pos && f.stateEqual(e)
		}
	case *ast.CallExpr:
		fn := analysisutil.CalleeFunc(f.Info, e)
		if pos && fn != nil && analysisutil.IsPkgFunc(fn, "errors", "Is") && len(e.Args) == 2 {
			return f.stateSentinel(e.Args[1])
		}
	case *ast.Ident:
		if v, ok := f.Info.Uses[e].(*types.Var); ok && f.Defs != nil {
			if def, ok := f.Defs[v]; ok {
				return f.narrow(def, pos, depth+1)
			}
		}
	}
	return false
}

// stateEqual reports whether the comparison e tests for one state value:
// a status, a string code or an error sentinel.
func (f *SignalFinder) stateEqual(e *ast.BinaryExpr) bool {
	for _, pair := range [2][2]ast.Expr{{e.X, e.Y}, {e.Y, e.X}} {
		subject, v := pair[0], pair[1]
		if n, ok := f.intConst(v); ok && f.isStatus(subject) {
			return n >= 100 && n < 500 && !IsRetryStatus(n) && n != 409 && n != 423
		}
		if s, ok := f.strConst(v); ok && s != "" && namedForCode(subject) {
			return !faultName(s)
		}
		if analysisutil.IsError(f.Info.TypeOf(subject)) && f.stateSentinel(v) {
			return true
		}
	}
	return false
}

// stateSentinel reports whether e names a package-level error value that
// says nothing of a fault (ErrNotFound, UnstableOffsetCommit,
// ErrAuthorizationPending), and is no known retry signal.
func (f *SignalFinder) stateSentinel(e ast.Expr) bool {
	var id *ast.Ident
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
		return false
	}
	v, ok := f.Info.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return false
	}
	if s, ok := f.sentinel(e); ok && (s.Retry || s.EOF) {
		return false
	}
	return !faultName(v.Name())
}

// namedForCode reports whether e is a field, method result or variable
// named for a code, status, reason or kind (apiErr.Code, terr.ErrorCode,
// resp.Status, reason).
func namedForCode(e ast.Expr) bool {
	var name string
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		name = x.Name
	case *ast.SelectorExpr:
		name = x.Sel.Name
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && len(x.Args) == 0 {
			name = sel.Sel.Name
		}
	}
	for _, w := range Words(name) {
		switch w {
		case "code", "status", "reason", "kind", "type", "state":
			return true
		}
	}
	return false
}

// faultWords: a value or sentinel whose name holds one of these says the
// dependency failed, is overloaded, or that clients contend; a wait after
// it is a backoff, and clients in lock step matter there.
var faultWords = []string{
	"unavail", "available", "throttl", "busy", "overload", "toomany", "ratelimit", "limit",
	"timeout", "timedout", "deadline", "cancel", "temporar", "transient", "retr",
	"exhaust", "capacity", "conflict", "contention", "contend", "serializ", "mismatch", "slow", "network", "conn",
	"reset", "refused", "eof", "closed", "broken", "pipe", "leader", "backoff",
	"internal", "server", "gateway", "unreach", "abort", "interrupt", "stale",
	"lock", "locked", "fail", "quota", "shutdown", "down", "outage", "unhealthy",
}

// faultName reports whether a word of name (camel case, or separated by
// _, -, spaces or dots) starts one of faultWords; two or three words
// joined count too (TooMany, timed_out, Rate-Limit).
func faultName(name string) bool {
	ws := Words(strings.NewReplacer("-", "_", " ", "_", ".", "_", ":", "_").Replace(name))
	for i := range ws {
		joined := strings.Join(ws[i:min(i+3, len(ws))], "")
		for _, w := range faultWords {
			if strings.HasPrefix(joined, w) {
				return true
			}
		}
	}
	return false
}
