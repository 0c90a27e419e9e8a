package idemkeyperseries

import (
	"fmt"
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/idemkey"
	"github.com/reslint/reslint/internal/retryscope"
)

// checkKeys reports I1: a fresh value generated inside a retry scope that
// reaches an idempotency sink in the same attempt, and a call inside a
// retry scope of a function that puts a fresh key on what it builds.
func (c *checker) checkKeys() {
	type candidate struct {
		s       *source
		k       kind
		results []int
		sc      *retryscope.Scope
	}
	var cands []candidate
	for _, s := range c.sources {
		guard.Mark(c.pass, s.call.Pos()) // the position of an internal error
		k, results, sink := s.kind, s.results, s.sink
		if k == kindLocal {
			switch {
			case c.localPuts[s.fn] != "":
				k, sink = kindPuts, c.localPuts[s.fn]
			case c.localFresh[s.fn] != nil:
				k, results = kindFresh, c.localFresh[s.fn]
			default:
				continue
			}
		}
		sc := c.keyScope(s)
		if sc == nil {
			continue
		}
		if k == kindPuts {
			where, fix := c.where(sc)
			c.r.Rulef(analysisdoc.I1, s.call.Pos(), "%s puts a freshly generated idempotency key (%s) on what it builds, and it is called %s, so every attempt sends a new key and the server cannot deduplicate; call it once %s",
				analysisutil.DisplayName(s.fn), sink, where, fix)
			continue
		}
		if k == kindGen && s.weak && !c.mentionsKey(c.scopeCursor(sc)) {
			continue
		}
		cands = append(cands, candidate{s, k, results, sc})
		c.wantSSA(s.fnNode)
	}
	for _, cand := range cands {
		s, k, results, sc := cand.s, cand.k, cand.results, cand.sc
		guard.Mark(c.pass, s.call.Pos())
		where, fix := c.where(sc)
		fn := c.ssaFuncAt(s.fnNode, s.call.Pos())
		if fn == nil {
			continue
		}
		ci := c.ssaCall(fn, s.call.Lparen)
		if ci == nil {
			continue
		}
		res := c.flow.Run(fn, idemkey.SeedsOf(ci, results))
		for _, h := range res.Hits {
			if !within(sc.Body, h.Pos) {
				continue // the value leaves the attempt before it reaches the sink
			}
			what := "idempotency key"
			if k == kindFresh {
				what = "idempotency key from " + analysisutil.DisplayName(s.fn)
			}
			d := analysis.Diagnostic{
				Pos: s.call.Pos(),
				End: s.call.End(),
				Message: fmt.Sprintf("%s is generated %s, so every attempt sends a new key and the server cannot deduplicate; generate it once %s",
					what, where, fix),
			}
			if k == kindFresh || k == kindGen && !s.weak {
				if f := c.hoist(s, sc); f != nil {
					d.SuggestedFixes = []analysis.SuggestedFix{*f}
				}
			}
			d.Category = string(analysisdoc.I1)
			c.r.Report(d)
			break
		}
	}
}

// keyScope returns the retry scope in which the source call runs once
// per attempt: the innermost closure or loop scope around it, provided
// the call is in that scope's own function (not in a goroutine or a
// once.Do callback inside it) and runs unconditionally in the attempt.
// Sends through a self-retrying client do not count: their arguments
// are evaluated once, and the client resends the same request.
func (c *checker) keyScope(s *source) *retryscope.Scope {
	for _, sc := range c.res.In(s.call.Pos()) {
		if sc.Kind == retryscope.Client {
			continue
		}
		if c.scopeFunc(sc) != s.fnNode || guarded(s.cur, sc.Body) {
			return nil
		}
		return sc
	}
	return nil
}

// scopeFunc returns the function whose body holds the scope's code: the
// closure (or named operation) itself, or the function around a loop.
func (c *checker) scopeFunc(sc *retryscope.Scope) ast.Node {
	if sc.Kind == retryscope.Closure {
		return sc.Func
	}
	if sc.Loop == nil {
		return nil
	}
	for a := range c.scopeCursor(sc).Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		return a.Node()
	}
	return nil
}

// scopeCursor returns the cursor of the scope's body, once per scope.
func (c *checker) scopeCursor(sc *retryscope.Scope) inspector.Cursor {
	if cur, ok := c.scopeCur[sc]; ok {
		return cur
	}
	cur, _ := c.in.Root().FindNode(sc.Body)
	c.scopeCur[sc] = cur
	return cur
}

// where describes the scope for messages, and where the fix goes.
func (c *checker) where(sc *retryscope.Scope) (where, fix string) {
	switch sc.Kind {
	case retryscope.Loop:
		return "inside the retry loop", "before the loop"
	case retryscope.Closure:
		if d, ok := sc.Func.(*ast.FuncDecl); ok {
			return fmt.Sprintf("in %s, which %s runs on every attempt", d.Name.Name, sc.Helper),
				fmt.Sprintf("before %s and pass it in", sc.Helper)
		}
		return "inside the retry closure", "before " + sc.Helper
	}
	return "in " + sc.Helper, "before " + sc.Helper
}

func within(n ast.Node, pos token.Pos) bool {
	return pos.IsValid() && n.Pos() <= pos && pos < n.End()
}
