package breakerverdict

// failsafe-go circuit breakers. What the breaker counts as a failure is
// decided by the builder's failure conditions (failsafe-go v0.9.8,
// policy.BaseFailurePolicy.IsFailure):
//
//   - no condition at all: every non-nil error is a failure;
//   - HandleErrors(errs...): errors.Is(err, e) for one of errs;
//   - HandleErrorTypes(types...): the error matches one of the types;
//   - HandleIf(pred): pred(result, err);
//   - HandleResult(r) only: the result equals r, and, since no condition
//     looks at errors, every non-nil error is still a failure.
//
// Any HandleErrors, HandleErrorTypes or HandleIf call makes errors that no
// condition matches count as successes. The breaker's executor records
// the outcome of the call it wraps whatever the execution's context says,
// so a context.Canceled the operation returns is judged like any error.

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/reslint/reslint/internal/classify"
)

// failsafe checks the circuit breaker builders of the package.
func (r *runner) failsafe() {
	for c := range r.in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		fn := calleeFunc(r.info, call)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != circuitbreakerPath {
			continue
		}
		switch fn.Name() {
		case "NewBuilder":
			r.builder(c, call)
		case "NewWithDefaults":
			r.report(call.Pos(), "circuitbreaker.NewWithDefaults counts every error as a failure, the caller's context.Canceled included, so a wave of cancelled requests opens the breaker; build it with NewBuilder and a HandleIf that answers false for context.Canceled")
		}
	}
}

// chain collects the calls made on one builder: the fluent calls on the
// NewBuilder result and on every local variable that holds it.
type chain struct {
	calls   []*ast.CallExpr
	built   bool
	unknown bool // the builder escapes where its configuration cannot be followed
	seen    map[*types.Var]bool
}

// builder judges the breaker built from the NewBuilder call root.
func (r *runner) builder(c inspector.Cursor, root *ast.CallExpr) {
	ch := &chain{seen: map[*types.Var]bool{}}
	r.follow(c, ch, 0)
	if ch.unknown || !ch.built {
		return
	}
	handled := false
	for _, call := range ch.calls {
		switch builderMethod(r.info, call) {
		case "HandleErrors":
			handled = true
			if call.Ellipsis.IsValid() {
				continue
			}
			if e := classify.ContextErrorIn(r.info, call.Args, classify.Canceled, r.options().Defs); e != nil {
				r.report(e.Pos(), "circuit breaker handles context.Canceled as a failure, so the caller's cancellation counts against the dependency and a wave of cancelled requests opens the breaker; drop it from HandleErrors")
			}
		case "HandleErrorTypes":
			handled = true
		case "HandleIf":
			handled = true
			if len(call.Args) != 1 {
				continue
			}
			p := r.resolve(call.Args[0])
			bad := r.answers(p, classify.True)
			if len(bad) == 0 {
				continue
			}
			tail := " for " + p.canceled() + ", so the caller's cancellation counts as a failure of the dependency and a wave of cancelled requests opens the breaker; answer false for " + p.test() + " first"
			if p.inline() {
				for _, ret := range bad {
					r.report(ret.Pos(), "circuit breaker HandleIf predicate answers \"failure\" here"+tail)
				}
				continue
			}
			r.report(call.Args[0].Pos(), "circuit breaker HandleIf predicate "+p.name()+" answers \"failure\""+tail)
		}
	}
	if !handled {
		r.report(root.Pos(), "circuit breaker built without HandleErrors or HandleIf counts every error as a failure, the caller's context.Canceled included, so a wave of cancelled requests opens it; add a HandleIf whose predicate answers false for context.Canceled")
	}
}

// follow collects the builder calls made on the builder value of the
// expression at c and decides where that value goes.
func (r *runner) follow(c inspector.Cursor, ch *chain, depth int) {
	if depth > 4 {
		ch.unknown = true
		return
	}
	// Fluent calls on the value: x.WithDelay(d).HandleIf(p).Build().
	for {
		p, child := valueParent(c)
		sel, ok := p.Node().(*ast.SelectorExpr)
		if !ok || sel.X != child {
			break
		}
		call, ok := p.Parent().Node().(*ast.CallExpr)
		if !ok || call.Fun != sel {
			break
		}
		name := builderMethod(r.info, call)
		if name == "" {
			ch.unknown = true
			return
		}
		ch.calls = append(ch.calls, call)
		if name == "Build" {
			ch.built = true
			return
		}
		c = p.Parent()
	}
	p, child := valueParent(c)
	switch n := p.Node().(type) {
	case *ast.ExprStmt:
		return // b.HandleIf(p): configured in place
	case *ast.AssignStmt:
		if len(n.Lhs) == len(n.Rhs) {
			for i, rhs := range n.Rhs {
				if rhs == child {
					r.followVar(n.Lhs[i], ch, depth)
					return
				}
			}
		}
	case *ast.ValueSpec:
		for i, v := range n.Values {
			if v == child && i < len(n.Names) {
				r.followVar(n.Names[i], ch, depth)
				return
			}
		}
	}
	ch.unknown = true
}

// followVar follows the builder held by the variable lhs: its method
// calls, and reassignments of the builder to itself (b = b.HandleIf(p)).
func (r *runner) followVar(lhs ast.Expr, ch *chain, depth int) {
	id, ok := ast.Unparen(lhs).(*ast.Ident)
	if !ok {
		ch.unknown = true
		return
	}
	if id.Name == "_" {
		return
	}
	v, _ := r.info.ObjectOf(id).(*types.Var)
	if v == nil || v.IsField() || v.Exported() && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
		ch.unknown = true
		return
	}
	if ch.seen[v] {
		return
	}
	ch.seen[v] = true
	for _, u := range r.varUses(v) {
		if u.Node() == id {
			continue
		}
		p, child := valueParent(u)
		if as, ok := p.Node().(*ast.AssignStmt); ok && isLhs(as, child) {
			// b = <expr>: only a chain on b itself keeps one builder.
			if !r.reassignsSelf(as, child, v) {
				ch.unknown = true
				return
			}
			continue
		}
		r.follow(u, ch, depth+1)
		if ch.unknown {
			return
		}
	}
}

// reassignsSelf reports whether the assignment to lhs (a use of v) stores
// a builder chain rooted at v itself.
func (r *runner) reassignsSelf(as *ast.AssignStmt, lhs ast.Node, v *types.Var) bool {
	if as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
		return false
	}
	for i, l := range as.Lhs {
		if l != lhs {
			continue
		}
		e := as.Rhs[i]
		for {
			call, ok := ast.Unparen(e).(*ast.CallExpr)
			if !ok {
				break
			}
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok || builderMethod(r.info, call) == "" {
				return false
			}
			e = sel.X
		}
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && r.info.Uses[id] == v
	}
	return false
}

func isLhs(as *ast.AssignStmt, n ast.Node) bool {
	for _, l := range as.Lhs {
		if l == n {
			return true
		}
	}
	return false
}

// builderMethod returns the name of the method call runs when it is a
// method of failsafe-go's circuitbreaker.Builder, or "".
func builderMethod(info *types.Info, call *ast.CallExpr) string {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || info.Selections[sel] == nil {
		return ""
	}
	t := info.TypeOf(sel.X)
	if t == nil {
		return ""
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != circuitbreakerPath || n.Obj().Name() != "Builder" {
		return ""
	}
	return sel.Sel.Name
}
