package retrystorm

import (
	"fmt"
	"go/ast"
	"go/token"

	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/ctxaware"
	"github.com/reslint/reslint/internal/retryscope"
	"github.com/reslint/reslint/internal/wait"
)

// Inventory is the analyzer's result: every retry scope of the package,
// with what bounds it, what it asks before going round, and the retry
// scopes its attempt reaches. reslint -inventory prints it.
type Inventory struct {
	Entries []*Entry
	byScope map[*retryscope.Scope]*Entry
	reaches map[*retryscope.Scope][]layer
}

// An Entry is one retry scope.
type Entry struct {
	Pos  token.Pos
	Func string // the enclosing function
	// Kind: retry closure, retry loop, goto retry loop, self-retrying
	// client, restart loop, retry by recursion, retry by re-queue;
	// Helper the helper or client ("retry.Do"), or the function that
	// calls itself.
	Kind, Helper string
	// Attempts: "3", "10 (default)", "unlimited", "limited" (not a
	// constant), "unknown"; Ends the other things that end it
	// (deadline, context, stop channel).
	Attempts string
	Ends     []string
	// Wait between attempts: "unknown" here; reslint -inventory fills it
	// from backoffjitter's result, which judges waits (by Scope).
	Wait string
	// Scope is the retry scope listed (retryscope's, shared by every
	// analyzer of the package).
	Scope *retryscope.Scope
	// Context: yes, "passes it on" (a loop that hands it to its attempt
	// but does not look at it), no, or unknown (a helper of the code
	// base).
	Context string
	// Classifier: the classifier that decides, "every error", "inline"
	// (the loop tests the error itself), or "unknown".
	Classifier string
	Reaches    []string
}

func (inv *Inventory) reach(s *retryscope.Scope, ls []layer) {
	if inv.reaches == nil {
		inv.reaches = map[*retryscope.Scope][]layer{}
	}
	inv.reaches[s] = ls
}

// inventory fills inv with the package's scopes in source order.
func (r *runner) inventory(inv *Inventory) {
	cls := r.pass.ResultOf[classify.Analyzer].(*classify.Classifiers).List
	for _, s := range r.scopes {
		b := r.bounds[s]
		e := &Entry{Pos: anchor(s), Kind: s.Kind.String(), Helper: s.Helper, Wait: "unknown", Func: r.enclosing(anchor(s)), Scope: s}
		if s.Kind == retryscope.Loop && s.Loop != nil {
			if _, ok := s.Loop.(*ast.LabeledStmt); ok {
				e.Kind = "goto retry loop"
			}
		}
		switch {
		case b.Forever:
			e.Attempts = "unlimited"
		case b.Attempts > 0 && b.Default:
			e.Attempts = fmt.Sprintf("%d (default)", b.Attempts)
		case b.Attempts > 0:
			e.Attempts = fmt.Sprint(b.Attempts)
		case b.Limited:
			e.Attempts = "limited"
		case b.Policy:
			e.Attempts = "policy"
		case b.Budget:
			e.Attempts = "backoff budget"
		case b.Known:
			e.Attempts = "none"
		default:
			e.Attempts = "unknown"
		}
		if b.Deadline {
			e.Ends = append(e.Ends, "deadline")
		}
		if b.Context && (s.Kind != retryscope.Loop || ctxaware.ConsultsContext(r.info, s.Loop, nil)) {
			e.Ends = append(e.Ends, "context")
		}
		if b.Stop {
			e.Ends = append(e.Ends, "stop channel")
		}
		switch {
		case s.Kind == retryscope.Loop && ctxaware.ConsultsContext(r.info, s.Loop, nil):
			e.Context = "yes" // it looks at ctx.Err() or ctx.Done()
		case s.Kind == retryscope.Loop && b.Context:
			e.Context = "passes it on" // to its attempt, not between attempts
		case s.Kind != retryscope.Loop && b.Context:
			e.Context = "yes" // handed to the helper
		case b.Known:
			e.Context = "no"
		default:
			e.Context = "unknown"
		}
		e.Classifier = r.classifierOf(s, cls)
		for _, l := range inv.reaches[s] {
			e.Reaches = append(e.Reaches, l.name)
		}
		inv.Entries = append(inv.Entries, e)
	}
	for _, s := range r.res.Scopes {
		switch {
		case s.Kind == retryscope.Restart && s.Loop != nil && s.Attempt != nil:
			inv.Entries = append(inv.Entries, r.restartEntry(s))
		case (s.Kind == retryscope.Recursion || s.Kind == retryscope.Requeue) && s.Body != nil:
			inv.Entries = append(inv.Entries, r.againEntry(s, cls))
		}
	}
}

// againEntry lists a retry by recursion (a function that calls itself
// after a failed attempt; listed at its declaration) or by re-queue (a
// worker that sends a failed job back to its own queue). Their bound is
// what retryscope saw: an attempt counter tested before going again
// ("limited"), none for a re-queue without one, unknown otherwise.
func (r *runner) againEntry(s *retryscope.Scope, cls []*classify.Classifier) *Entry {
	pos := anchor(s)
	if s.Kind == retryscope.Recursion && s.Func != nil {
		pos = s.Func.Pos()
	} else if s.Loop != nil {
		pos = s.Loop.Pos()
	}
	e := &Entry{Pos: pos, Kind: s.Kind.String(), Helper: s.Helper, Wait: "unknown", Func: r.enclosing(pos), Scope: s,
		Attempts: "unknown", Context: "no", Classifier: "unknown"}
	switch {
	case s.Evidence.Has(retryscope.EvAttemptCounter):
		e.Attempts = "limited"
	case s.Kind == retryscope.Requeue:
		e.Attempts = "none"
	}
	if ctxaware.ConsultsContext(r.info, s.Body, nil) {
		e.Ends = append(e.Ends, "context")
		e.Context = "yes"
	}
	for _, c := range cls {
		if r.decides(c, s) {
			e.Classifier = c.Name
			break
		}
	}
	return e
}

// restartEntry lists a restart loop: it counts no attempts and asks no
// classifier (every end of the session starts it again); what ends it is
// a context it looks at, a done or closing channel it receives from, or
// another exit (a flag, its condition).
func (r *runner) restartEntry(s *retryscope.Scope) *Entry {
	e := &Entry{Pos: anchor(s), Kind: s.Kind.String(), Helper: s.Helper, Wait: "unknown", Func: r.enclosing(anchor(s)), Scope: s,
		Attempts: "none", Context: "no", Classifier: "every end"}
	consults := ctxaware.ConsultsContext(r.info, s.Loop, nil)
	if consults {
		e.Ends = append(e.Ends, "context")
		e.Context = "yes"
	}
	stop := false
	ast.Inspect(s.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CommClause:
			if n.Comm != nil && wait.IsClosingRecv(r.info, n.Comm) && !ctxaware.ConsultsContext(r.info, n.Comm, nil) && leavesLoop(&ast.BlockStmt{List: n.Body}) {
				stop = true
			}
		}
		return !stop
	})
	if stop {
		e.Ends = append(e.Ends, "stop channel")
	}
	if loop, ok := s.Loop.(*ast.ForStmt); ok && len(e.Ends) == 0 &&
		(loop.Cond != nil && !isTrueConst(r.info, loop.Cond) || canLeave(loop.Body)) {
		e.Ends = append(e.Ends, "other exit")
	}
	return e
}

// classifierOf names what decides whether s goes round.
func (r *runner) classifierOf(s *retryscope.Scope, cls []*classify.Classifier) string {
	for _, c := range cls {
		if r.decides(c, s) {
			return c.Name
		}
	}
	switch s.Kind {
	case retryscope.Loop:
		if s.ErrVar != nil && retryscope.OnlyNilTests(r.info, s.Loop, s.ErrVar) {
			return "every error"
		}
		return "inline"
	case retryscope.Closure:
		if fn := r.callee(s.Call); fn != nil && r.retriesEveryError(s, fn) {
			return "every error"
		}
	}
	return "unknown"
}

// enclosing names the function declaration holding pos.
func (r *runner) enclosing(pos token.Pos) string {
	for fn, d := range r.res.Decls {
		if d.Pos() <= pos && pos < d.End() {
			name := fn.Name()
			if recv := d.Recv; recv != nil && len(recv.List) > 0 {
				t := recv.List[0].Type
				if st, ok := t.(*ast.StarExpr); ok {
					t = st.X
				}
				if ix, ok := t.(*ast.IndexExpr); ok {
					t = ix.X
				}
				if id, ok := t.(*ast.Ident); ok {
					name = id.Name + "." + name
				}
			}
			return name
		}
	}
	return ""
}
