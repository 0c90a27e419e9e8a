package retrystorm

// S2: a retry scope whose attempt reaches another retry scope.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/retryscope"
	"github.com/reslint/reslint/internal/wait"
)

// A layer is a retry scope an attempt reaches: nested in it, or behind a
// call of a function that retries (this package's or another's, by its
// RetriesFact), or a client that retries on its own.
type layer struct {
	pos      token.Pos // where the attempt reaches it
	name     string    // "retry.Do at client.go:40", "fetch (retry loop at client.go:40)"
	attempts int64
	// configured: its limit is configuration read at run time (a field,
	// a retry policy) that may allow a single attempt; whether it
	// multiplies anything cannot be told here.
	configured bool
	// scope is the inner retry scope when it is this package's; fact
	// what is known of it otherwise (what it goes round on).
	scope *retryscope.Scope
	fact  *RetriesFact
	// faultsOnly: a library client that retries faults only (transport
	// errors, 5xx, throttling), never a 4xx answer or a state.
	faultsOnly bool
}

// configured reports whether a bound is configuration read at run time:
// limited, or asking a retry policy, with no constant attempt count and
// no library default.
func configured(b retryscope.Bound) bool {
	return b.Attempts == 0 && (b.Limited || b.Policy || b.Budget)
}

// reached returns the layers the attempt of s reaches, in source order.
func (r *runner) reached(s *retryscope.Scope) []layer {
	b := body(s)
	if b == nil {
		return nil
	}
	var out []layer
	seen := map[token.Pos]bool{}
	for _, t := range r.scopes {
		at := anchor(t)
		if t == s || t.Loop != nil && t.Loop == s.Loop || !within(b, at) || seen[at] || r.rep.Covers(at) {
			continue // a goto loop with several gotos back to its label is one loop
		}
		if t.Kind == retryscope.Closure && t.Call == s.Call {
			continue // another operation of the same helper call
		}
		var n ast.Node = t.Call
		if t.Kind == retryscope.Loop {
			n = t.Loop
		}
		if !r.flows(s, n) {
			continue
		}
		seen[at] = true
		out = append(out, layer{pos: at, name: name(t) + " at " + r.where(at), attempts: r.bounds[t].Attempts, configured: configured(r.bounds[t]), scope: t,
			faultsOnly: t.Kind == retryscope.Client})
	}
	runs := r.runLits(b)
	self := name(s) + " at " + r.where(anchor(s))
	inspectBody(b, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && n != s.Func {
			return runs[lit] // a literal stored for later is not the attempt
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || seen[call.Pos()] {
			return true
		}
		f := r.retriesVia(call)
		if f == nil || r.isOwnFunc(s, call) || f.Scope == self {
			return true // recursion, direct or through other functions, is one layer
		}
		if !r.flows(s, call) {
			return true
		}
		for _, l := range out {
			if l.pos <= call.Pos() && call.End() <= l.pos+1 {
				return true
			}
		}
		seen[call.Pos()] = true
		via := r.exprName(call.Fun)
		nm := f.Scope
		if !strings.HasPrefix(f.Scope, via) {
			nm = via + " (" + f.Scope + ")"
		}
		out = append(out, layer{pos: call.Pos(), name: nm, attempts: f.Attempts, configured: f.Configured, scope: r.scopeOf[r.callee(call)], fact: f,
			faultsOnly: selfRetrying(r.callee(call)) != nil})
		return true
	})
	return out
}

// flows reports whether the failure of n (a call that retries, or an
// inner retry loop) is what makes scope s go round: n is the loop's
// attempt, is inside it or holds it; in a closure, it is returned, or
// its error lands in a variable that a return hands back. An inner retry whose failure ends the outer one
// (reopen a stream with retries, leave if that fails, retry the send)
// does not multiply the attempts.
func (r *runner) flows(s *retryscope.Scope, n ast.Node) bool {
	if s.Kind == retryscope.Loop {
		// The loop's error variable may also hold the errors of calls
		// that leave (spc, err = s.get(spc); if err != nil { return err
		// }): those do not decide. The attempt does, and so does any
		// other step whose failure the loop goes round on (get a link,
		// then send on it: either failing runs both again).
		if s.Attempt != nil && (contains(n, s.Attempt) || contains(s.Attempt, n)) {
			return true
		}
		call, ok := n.(*ast.CallExpr)
		return ok && r.res.FailureGoesRound(r.info, s, call)
	}
	targets := map[*types.Var]bool{}
	found := false
	ast.Inspect(s.Body, func(m ast.Node) bool {
		if found {
			return false
		}
		switch m := m.(type) {
		case *ast.FuncLit:
			return m == s.Func || contains(m, n)
		case *ast.ReturnStmt:
			if s.Kind == retryscope.Closure {
				for _, res := range m.Results {
					found = found || contains(res, n)
					ast.Inspect(res, func(x ast.Node) bool {
						if id, ok := x.(*ast.Ident); ok {
							if v, ok := r.info.Uses[id].(*types.Var); ok && analysisutil.IsError(v.Type()) {
								targets[v] = true
							}
						}
						return true
					})
				}
			}
		}
		return true
	})
	if found {
		return true
	}
	// The error of n lands in a target: err = n(...), or, for an inner
	// loop, an assignment to a target inside it.
	ast.Inspect(s.Body, func(m ast.Node) bool {
		if found {
			return false
		}
		as, ok := m.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			v := analysisutil.IdentVar(r.info, l)
			if v == nil || !targets[v] {
				continue
			}
			switch {
			case contains(n, as): // inside the inner loop
				found = true
			case len(as.Rhs) == len(as.Lhs) && contains(as.Rhs[i], n):
				found = true
			case len(as.Rhs) == 1 && contains(as.Rhs[0], n):
				found = true // resp, err := c.Do(req)
			}
		}
		return !found
	})
	return found
}

// contains reports whether outer's extent holds inner's.
func contains(outer, inner ast.Node) bool {
	return outer.Pos() <= inner.Pos() && inner.End() <= outer.End()
}

// runLits returns the function literals in body that run as part of it:
// called where they stand, or handed to a call as an argument (a
// breaker's operation, a callback), not stored for later.
func (r *runner) runLits(body ast.Node) map[*ast.FuncLit]bool {
	out := map[*ast.FuncLit]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
				out[lit] = true
			}
			for _, a := range call.Args {
				if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
					out[lit] = true
				}
			}
		}
		return true
	})
	return out
}

// isOwnFunc reports whether call calls the function whose body is s's
// operation, or that holds s (recursion is not a layer).
func (r *runner) isOwnFunc(s *retryscope.Scope, call *ast.CallExpr) bool {
	fn := r.callee(call)
	if fn == nil {
		return false
	}
	d := r.res.Decls[fn]
	return d != nil && (d == s.Func || d.Pos() <= anchor(s) && anchor(s) < d.End())
}

// exprName renders a call's function expression briefly (c.fetch, fetch).
func (r *runner) exprName(e ast.Expr) string {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return r.exprName(e.X) + "." + e.Sel.Name
	case *ast.IndexExpr:
		return r.exprName(e.X)
	case *ast.CallExpr:
		return r.exprName(e.Fun) + "()"
	}
	return "call"
}

// attemptsText words a bound: "3 attempts", "an unknown number of attempts".
func attemptsText(n int64) string {
	if n > 0 {
		return fmt.Sprintf("%d attempts", n)
	}
	return "its attempts"
}

func (r *runner) s2(inv *Inventory) {
	for _, s := range r.scopes {
		r.mark(anchor(s))
		ls := r.reached(s)
		if len(ls) == 0 {
			continue
		}
		inv.reach(s, ls) // every layer is listed; only those known to retry are reported
		// A configured layer may run once; layers that retry disjoint
		// errors do not multiply each other's attempts.
		// A loop that goes round only on an answer that is no fault (not
		// found yet, pending) around a library client that retries only
		// faults: an outage leaves the loop at once, and the client's
		// retries of a state answer are none.
		stateOnly := r.waitsForState(s)
		i := slices.IndexFunc(ls, func(l layer) bool {
			return !l.configured && !r.disjoint(s, l) && !(stateOnly && l.faultsOnly)
		})
		if i < 0 {
			continue
		}
		l := ls[i]
		outer := r.bounds[s].Attempts
		arith := "the attempts multiply"
		if outer > 0 && l.attempts > 0 {
			arith = fmt.Sprintf("%d x %d = %d calls per request", outer, l.attempts, outer*l.attempts)
		}
		r.rep.Rulef(analysisdoc.S2, anchor(s), "%s (%s) runs %s (%s) in each attempt: %s into an outage; retry at one layer only and let the other fail fast",
			name(s), attemptsText(outer), l.name, attemptsText(l.attempts), arith)
	}
}

// waitsForState reports whether the retry loop s waits, and every wait
// of its body runs only on a specific state that is no fault
// (classify.StateWait).
func (r *runner) waitsForState(s *retryscope.Scope) bool {
	if s.Kind != retryscope.Loop || s.Body == nil {
		return false
	}
	cur, ok := r.in.Root().FindNode(s.Body)
	if !ok {
		return false
	}
	sf := &classify.SignalFinder{Info: r.info, Defs: r.res.Defs}
	n := 0
	for c := range cur.Preorder((*ast.CallExpr)(nil), (*ast.UnaryExpr)(nil)) {
		if analysisutil.InFuncLit(c, s.Body) {
			continue
		}
		switch e := c.Node().(type) {
		case *ast.CallExpr:
			if !wait.IsWaitCall(r.info, e) {
				continue
			}
		case *ast.UnaryExpr:
			if e.Op != token.ARROW || !wait.IsTimerChan(r.info, e.X) {
				continue
			}
		}
		if !sf.StateWait(s.Body, c) {
			return false
		}
		n++
	}
	return n > 0
}
