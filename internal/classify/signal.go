package classify

// Retry signals: the tests of an error or a response that decide whether
// it is transient. A classifier is made of them; the classifiercentral
// analyzer wants them in one place.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/knowledge"
)

// A Signal is one value recognised in a test of an error or response.
type Signal struct {
	// Test is the test the value sits in: the comparison (==, !=, a range
	// conjunction), the call (errors.Is, errors.As, strings.HasPrefix,
	// x.Timeout()), the type assertion, or the case clause of a switch.
	// Several signals may share one Test (case 502, 503, 504:).
	Test ast.Node
	// Label names the value for messages: "ECONNRESET", "*net.OpError",
	// "net.Error Timeout()", "io.ErrUnexpectedEOF", "SQLSTATE 40001",
	// "SQLSTATE class 23", "codes.Unavailable", "HTTP 503", "HTTP 5xx".
	Label string
	// Retry: the value is a retry signal (a transient fault, or a fault
	// class whose retryability a classifier must decide).
	Retry bool
	// Deterministic: the value is an answer that does not change when the
	// same request is sent again (HTTP 400/401/403/404/405/409/410/422,
	// SQLSTATE class 23, JSON syntax and type errors).
	Deterministic bool
	// EOF: the value is io.EOF, a retry signal only where the test's
	// result is a retry verdict (not in a stream-reading loop).
	EOF bool
}

// The retry-signal and deterministic values, by kind. Knowledge of
// libraries is data here; the matching code below only reads it.
var (
	// syscall errnos of a connection that failed or broke.
	retryErrnos = []string{"ECONNREFUSED", "ECONNRESET", "EHOSTUNREACH", "ENETUNREACH", "ETIMEDOUT", "EPIPE"}
	// net types whose presence in an error chain says "network fault".
	netTypes = []string{"OpError", "DNSError", "Error"}
	// gRPC codes a client may retry.
	retryCodes = []string{"Unavailable", "ResourceExhausted", "Aborted", "DeadlineExceeded"}
	// HTTP statuses: retryable, and deterministic answers.
	retryStatuses = knowledge.RetryStatuses
	detStatuses   = []int64{400, 401, 403, 404, 405, 409, 410, 422}
	// SQLSTATEs: serialization failure, deadlock, lock not available,
	// query canceled. Class 23 (integrity constraint violation) is both:
	// a classifier must decide it, and it must decide "no".
	retrySQLStates = []string{"40001", "40P01", "55P03", "57014"}
	// JSON decoding errors: the same bytes fail the same way.
	jsonTypes = []string{"SyntaxError", "UnmarshalTypeError"}
)

// IsRetryStatus reports whether an HTTP status is a retry signal (408,
// 425, 429, 500, 502, 503, 504).
func IsRetryStatus(code int64) bool { return slices.Contains(retryStatuses, code) }

// IsDeterministicStatus reports whether an HTTP status is a deterministic
// answer (400, 401, 403, 404, 405, 409, 410, 422).
func IsDeterministicStatus(code int64) bool { return slices.Contains(detStatuses, code) }

// SignalFinder finds the signals of a package's code.
type SignalFinder struct {
	Info *types.Info
	// Defs resolves locals assigned once (code := resp.StatusCode).
	Defs map[*types.Var]ast.Expr
}

// Find returns the signals in root, in source order. Function literals
// inside root are searched too.
func (f *SignalFinder) Find(root ast.Node) []Signal {
	var out []Signal
	done := map[ast.Node]bool{} // range comparisons consumed by a conjunction
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			out = append(out, f.binary(n, done)...)
		case *ast.CallExpr:
			out = append(out, f.call(n)...)
		case *ast.TypeAssertExpr:
			if n.Type != nil {
				out = append(out, f.typeSignals(n, f.Info.TypeOf(n.Type))...)
			}
		case *ast.SwitchStmt:
			out = append(out, f.switchStmt(n)...)
		case *ast.TypeSwitchStmt:
			for _, cl := range n.Body.List {
				cc := cl.(*ast.CaseClause)
				for _, te := range cc.List {
					out = append(out, f.typeSignals(cc, f.Info.TypeOf(te))...)
				}
			}
		}
		return true
	})
	return out
}

// binary recognises x == v, x != v and range comparisons of a status.
func (f *SignalFinder) binary(e *ast.BinaryExpr, done map[ast.Node]bool) []Signal {
	switch e.Op {
	case token.EQL, token.NEQ:
		if s := f.equal(e, e.X, e.Y); s != nil {
			return s
		}
		return f.equal(e, e.Y, e.X)
	case token.LAND:
		return f.rangeConj(e, done)
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		if done[e] {
			return nil
		}
		lo, hi, ok := f.bound(e)
		if !ok {
			return nil
		}
		return rangeSignal(e, lo, hi)
	}
	return nil
}

// equal recognises subject == v, v being a value of a known kind.
func (f *SignalFinder) equal(test ast.Node, subject, v ast.Expr) []Signal {
	if s, ok := f.sentinel(v); ok {
		s.Test = test
		return []Signal{s}
	}
	if f.isStatus(subject) {
		if n, ok := f.intConst(v); ok {
			if s, ok := statusSignal(n); ok {
				s.Test = test
				return []Signal{s}
			}
		}
	}
	if f.isSQLState(subject) || f.isSQLClass(subject) {
		if str, ok := f.strConst(v); ok {
			if s, ok := sqlSignal(str); ok {
				s.Test = test
				return []Signal{s}
			}
		}
	}
	return nil
}

// sentinel recognises the values compared by identity: syscall errnos,
// io.ErrUnexpectedEOF, io.EOF and gRPC codes.
func (f *SignalFinder) sentinel(e ast.Expr) (Signal, bool) {
	id := analysisutil.RefIdent(e)
	if id == nil {
		return Signal{}, false
	}
	obj := f.Info.Uses[id]
	if obj == nil || obj.Pkg() == nil {
		return Signal{}, false
	}
	path, name := obj.Pkg().Path(), obj.Name()
	switch {
	case path == "syscall" && slices.Contains(retryErrnos, name),
		path == "golang.org/x/sys/unix" && slices.Contains(retryErrnos, name):
		return Signal{Label: name, Retry: true}, true
	case path == "io" && name == "ErrUnexpectedEOF":
		return Signal{Label: "io.ErrUnexpectedEOF", Retry: true}, true
	case path == "io" && name == "EOF":
		return Signal{Label: "io.EOF", EOF: true}, true
	case path == grpcCodesPath && slices.Contains(retryCodes, name):
		if _, ok := obj.(*types.Const); ok {
			return Signal{Label: "codes." + name, Retry: true}, true
		}
	}
	return Signal{}, false
}

// statusSignal classifies an HTTP status code.
func statusSignal(n int64) (Signal, bool) {
	switch {
	case slices.Contains(retryStatuses, n):
		return Signal{Label: "HTTP " + strconv.FormatInt(n, 10), Retry: true}, true
	case slices.Contains(detStatuses, n):
		return Signal{Label: "HTTP " + strconv.FormatInt(n, 10), Deterministic: true}, true
	}
	return Signal{}, false
}

// sqlSignal classifies a SQLSTATE ("40001") or class ("23") string.
func sqlSignal(s string) (Signal, bool) {
	switch {
	case slices.Contains(retrySQLStates, s):
		return Signal{Label: "SQLSTATE " + s, Retry: true}, true
	case len(s) == 5 && strings.HasPrefix(s, "23"):
		return Signal{Label: "SQLSTATE " + s, Retry: true, Deterministic: true}, true
	case s == "23":
		return Signal{Label: "SQLSTATE class 23", Retry: true, Deterministic: true}, true
	case s == "40":
		return Signal{Label: "SQLSTATE class 40", Retry: true}, true
	}
	return Signal{}, false
}

// rangeConj recognises lo <= status && status < hi (any spelling of the
// bounds) as one range test.
func (f *SignalFinder) rangeConj(e *ast.BinaryExpr, done map[ast.Node]bool) []Signal {
	if done[e] {
		return nil
	}
	var conj []ast.Expr
	var flatten func(x ast.Expr)
	flatten = func(x ast.Expr) {
		if b, ok := ast.Unparen(x).(*ast.BinaryExpr); ok && b.Op == token.LAND {
			done[b] = true
			flatten(b.X)
			flatten(b.Y)
			return
		}
		conj = append(conj, ast.Unparen(x))
	}
	flatten(e)
	type iv struct {
		lo, hi int64
		first  ast.Expr
	}
	bySubject := map[string]*iv{}
	var order []string
	for _, c := range conj {
		b, ok := c.(*ast.BinaryExpr)
		if !ok {
			continue
		}
		lo, hi, ok := f.bound(b)
		if !ok {
			continue
		}
		done[b] = true
		key := types.ExprString(f.boundSubject(b))
		r := bySubject[key]
		if r == nil {
			r = &iv{lo: lo, hi: hi, first: b}
			bySubject[key] = r
			order = append(order, key)
			continue
		}
		r.lo, r.hi = max(r.lo, lo), min(r.hi, hi)
	}
	var out []Signal
	for _, k := range order {
		r := bySubject[k]
		out = append(out, rangeSignal(e, r.lo, r.hi)...)
	}
	return out
}

// bound returns the statuses [lo, hi] a comparison of a status with an
// integer constant admits, within 100..599.
func (f *SignalFinder) bound(b *ast.BinaryExpr) (lo, hi int64, ok bool) {
	op := b.Op
	n, isConst := f.intConst(b.Y)
	if !isConst || !f.isStatus(b.X) {
		n, isConst = f.intConst(b.X)
		if !isConst || !f.isStatus(b.Y) {
			return 0, 0, false
		}
		// Mirror: 500 <= x is x >= 500.
		op = map[token.Token]token.Token{token.LSS: token.GTR, token.LEQ: token.GEQ, token.GTR: token.LSS, token.GEQ: token.LEQ}[op]
	}
	lo, hi = 100, 599
	switch op {
	case token.LSS:
		hi = n - 1
	case token.LEQ:
		hi = n
	case token.GTR:
		lo = n + 1
	case token.GEQ:
		lo = n
	default:
		return 0, 0, false
	}
	return lo, hi, true
}

func (f *SignalFinder) boundSubject(b *ast.BinaryExpr) ast.Expr {
	if f.isStatus(b.X) {
		return b.X
	}
	return b.Y
}

// rangeSignal is a range of statuses: a retry signal when it admits only
// server errors (>= 500, 500 <= x && x < 600), when it admits every
// status below them (x < 500 splits the same classes as x >= 500: its
// false branch is the server errors), or when it is the client-error
// class spelled as a range (400 <= x && x < 500: the class a classifier
// answers "stop" for). Other ranges (>= 400, < 300) say "failed" or
// "succeeded" rather than "transient".
func rangeSignal(test ast.Node, lo, hi int64) []Signal {
	if lo == 400 && (hi == 498 || hi == 499) {
		return []Signal{{Test: test, Label: "HTTP 4xx", Retry: true}}
	}
	if lo == 100 && hi >= 499 && hi < 599 {
		lo, hi = hi+1, 599
	}
	if lo > hi || lo < 500 || hi > 599 {
		return nil
	}
	label := "HTTP 5xx"
	if lo == hi {
		if s, ok := statusSignal(lo); ok {
			s.Test = test
			return []Signal{s}
		}
		label = fmt.Sprintf("HTTP %d", lo)
	}
	return []Signal{{Test: test, Label: label, Retry: true}}
}

// call recognises errors.Is/As, strings.HasPrefix on a SQLSTATE and the
// net.Error methods.
func (f *SignalFinder) call(call *ast.CallExpr) []Signal {
	fn, _ := typeutil.Callee(f.Info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	path := fn.Pkg().Path()
	switch {
	case knowledge.IsErrorsFunc(fn, "Is") && len(call.Args) == 2:
		if s, ok := f.sentinel(call.Args[1]); ok {
			s.Test = call
			return []Signal{s}
		}
	case knowledge.IsErrorsFunc(fn, "As") && len(call.Args) == 2:
		if u, ok := ast.Unparen(call.Args[1]).(*ast.UnaryExpr); ok && u.Op == token.AND {
			return f.typeSignals(call, f.Info.TypeOf(u.X))
		}
		if t := f.Info.TypeOf(call.Args[1]); t != nil {
			if p, ok := t.(*types.Pointer); ok {
				return f.typeSignals(call, p.Elem())
			}
		}
	case sig.Recv() == nil && path == "strings" && fn.Name() == "HasPrefix" && len(call.Args) == 2:
		if f.isSQLState(call.Args[0]) {
			if s, ok := f.strConst(call.Args[1]); ok && len(s) == 2 {
				if sg, ok := sqlSignal(s); ok {
					sg.Test = call
					return []Signal{sg}
				}
			}
		}
	case sig.Recv() != nil && (fn.Name() == "Timeout" || fn.Name() == "Temporary") &&
		sig.Params().Len() == 0 && sig.Results().Len() == 1 && isBool(sig.Results().At(0).Type()):
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		t := f.Info.TypeOf(sel.X)
		if t == nil {
			return nil
		}
		if _, isIface := t.Underlying().(*types.Interface); isIface || isNetType(t) {
			return []Signal{{Test: call, Label: "net.Error " + fn.Name() + "()", Retry: true}}
		}
	}
	return nil
}

// typeSignals recognises a type test against t.
func (f *SignalFinder) typeSignals(test ast.Node, t types.Type) []Signal {
	if t == nil {
		return nil
	}
	for _, n := range netTypes {
		if isNamed(t, "net", n) {
			star := "*"
			if n == "Error" {
				star = ""
			}
			return []Signal{{Test: test, Label: star + "net." + n, Retry: true}}
		}
	}
	for _, n := range jsonTypes {
		if isNamed(t, "encoding/json", n) {
			return []Signal{{Test: test, Label: "*json." + n, Deterministic: true}}
		}
	}
	return nil
}

// switchStmt recognises the cases of switch subject { case v, w: }.
func (f *SignalFinder) switchStmt(s *ast.SwitchStmt) []Signal {
	if s.Tag == nil {
		return nil
	}
	var out []Signal
	for _, cl := range s.Body.List {
		cc := cl.(*ast.CaseClause)
		for _, v := range cc.List {
			out = append(out, f.equal(cc, s.Tag, v)...)
		}
	}
	return out
}

// isNetType reports whether t (or *t) is declared in net or net/url.
func isNetType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	p := n.Obj().Pkg().Path()
	return p == "net" || p == "net/url"
}

// isStatus reports whether e is an HTTP status code: a StatusCode field
// or StatusCode()/HTTPStatusCode() method of integer type, a local
// assigned once from one, an integer local named for a status (statusCode,
// set from the response only when there is one), or an integer parameter
// named for a status (func retryableStatus(code int) bool, func
// shouldRetry(statusCode int)): status lists kept in helpers that take the
// code.
func (f *SignalFinder) isStatus(e ast.Expr) bool {
	return f.follow(e, func(x ast.Expr) bool {
		if x, ok := x.(*ast.Ident); ok {
			v, ok := f.Info.Uses[x].(*types.Var)
			if !ok {
				return false
			}
			b, ok := v.Type().(*types.Basic)
			if !ok || b.Info()&types.IsInteger == 0 {
				return false
			}
			switch v.Kind() {
			case types.ParamVar:
				return slices.ContainsFunc(Words(v.Name()), func(w string) bool {
					return w == "status" || w == "code" || w == "sc"
				})
			case types.LocalVar:
				// var statusCode int; if resp != nil { statusCode = resp.StatusCode }:
				// a local named for a status, given its value on some path.
				return slices.Contains(Words(v.Name()), "status")
			}
			return false
		}
		return analysisutil.IsStatusRead(f.Info, x)
	})
}

// isSQLState reports whether e is a SQLSTATE: the Code field of a pgconn
// PgError or a pq Error, a SQLState() method call, or a local assigned
// once from one.
func (f *SignalFinder) isSQLState(e ast.Expr) bool {
	return f.follow(e, func(x ast.Expr) bool {
		switch x := x.(type) {
		case *ast.SelectorExpr:
			s := f.Info.Selections[x]
			return s != nil && s.Kind() == types.FieldVal && x.Sel.Name == "Code" && isPostgresError(s.Recv())
		case *ast.CallExpr:
			sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if !ok || len(x.Args) != 0 || sel.Sel.Name != "SQLState" {
				return false
			}
			return isBasicString(f.Info.TypeOf(x))
		}
		return false
	})
}

// isSQLClass reports whether e is pq's err.Code.Class().
func (f *SignalFinder) isSQLClass(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Class" && f.isSQLState(sel.X)
}

// isPostgresError reports whether t is pgconn's PgError or pq's Error.
func isPostgresError(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	p := n.Obj().Pkg().Path()
	switch n.Obj().Name() {
	case "PgError":
		return strings.HasSuffix(p, "/pgconn")
	case "Error":
		return p == knowledge.PQ
	}
	return false
}

// follow applies pred to e, through conversions, parentheses and locals
// assigned once.
func (f *SignalFinder) follow(e ast.Expr, pred func(ast.Expr) bool) bool {
	for range 4 {
		e = ast.Unparen(e)
		if pred(e) {
			return true
		}
		switch x := e.(type) {
		case *ast.CallExpr:
			if tv, ok := f.Info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
				e = x.Args[0]
				continue
			}
		case *ast.Ident:
			if v, ok := f.Info.Uses[x].(*types.Var); ok && f.Defs[v] != nil {
				e = f.Defs[v]
				continue
			}
		}
		return false
	}
	return false
}

func (f *SignalFinder) intConst(e ast.Expr) (int64, bool) {
	tv, ok := f.Info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}

func (f *SignalFinder) strConst(e ast.Expr) (string, bool) {
	tv, ok := f.Info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// StatusThreshold reports whether b compares an HTTP status with a lower
// bound, `status >= bound` or `status > bound` (or the mirrored `bound <=
// status`), and returns the bound, which may be a constant or a
// parameter; strict is set for > (the bound itself is not admitted). Such
// a range admits every status above the bound: one starting below 500
// admits the client errors too.
func (f *SignalFinder) StatusThreshold(b *ast.BinaryExpr) (bound ast.Expr, strict, ok bool) {
	switch {
	case (b.Op == token.GEQ || b.Op == token.GTR) && f.isStatus(b.X):
		return b.Y, b.Op == token.GTR, true
	case (b.Op == token.LEQ || b.Op == token.LSS) && f.isStatus(b.Y):
		return b.X, b.Op == token.LSS, true
	}
	return nil, false, false
}

// IsStatus reports whether e is an HTTP status code (see isStatus).
func (f *SignalFinder) IsStatus(e ast.Expr) bool { return f.isStatus(e) }
