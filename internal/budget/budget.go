// Package budget evaluates time budgets: constant durations, and how much
// time a context value can at most have left, tracked within a function.
//
// A context's bound is one of three things: it has no deadline at all
// (context.Background, context.TODO and what is derived from them without
// a timeout), it has at most some constant duration left (a
// context.WithTimeout or context.WithDeadline(p, time.Now().Add(d)) with a
// constant d, and every context derived from it), or nothing is known (a
// parameter, a field, r.Context() of an *http.Request,
// context.WithoutCancel, the result of any other call). Unknown means
// "stay silent" to the rules that use this package.
//
// Values are followed through local variables on an AST walk, precisely:
// a use of a variable is resolved to the one assignment that reaches it
// only when that assignment dominates the use in the statement tree (an
// earlier statement of an enclosing block, or the init statement of an
// enclosing if, switch or for), no later assignment can come round a loop
// back to the use, and no closure assigns the variable behind the use's
// back. Anything else (a value that depends on a branch, a variable whose
// address is taken) is unknown.
package budget

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"strings"
	"time"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// Kind classifies what is known about a context's deadline.
type Kind int

const (
	// Unknown: nothing is known; rules stay silent.
	Unknown Kind = iota
	// NoDeadline: the context provably has no deadline
	// (context.Background, context.TODO, and contexts derived from them
	// without a timeout).
	NoDeadline
	// AtMost: the context has at most Left time left.
	AtMost
)

// A Bound is what is known about the time a context value has left.
type Bound struct {
	Kind Kind
	// Left is the most time the context can have left (Kind AtMost).
	Left time.Duration
	// Param is the function parameter whose deadline the context
	// inherits unchanged, or nil: set for the parameter itself and for
	// contexts derived from it by WithCancel, WithValue and non-constant
	// timeouts (whose bound stays Unknown).
	Param *types.Var
	// Set is the call that set the AtMost bound (WithTimeout or
	// WithDeadline), for messages.
	Set *ast.CallExpr
}

// Duration returns the value of e if it is a constant of type
// time.Duration (typed or named constants, 3*time.Second,
// time.Duration(n)*time.Millisecond with constant n, constant arithmetic).
func Duration(info *types.Info, e ast.Expr) (time.Duration, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || !IsDuration(tv.Type) {
		return 0, false
	}
	return durationOf(tv.Value)
}

// Int returns the value of e if it is an integer constant.
func Int(info *types.Info, e ast.Expr) (int64, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}

func durationOf(v constant.Value) (time.Duration, bool) {
	if v.Kind() != constant.Int {
		return 0, false
	}
	n, exact := constant.Int64Val(v)
	return time.Duration(n), exact
}

// IsDuration reports whether t is time.Duration.
func IsDuration(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Duration"
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// Format prints d the way a reader writes it: 3s, 350ms, 2.4s, 1m30s.
func Format(d time.Duration) string {
	return d.String()
}

// assign is one assignment to a variable.
type assign struct {
	stmt inspector.Cursor // the AssignStmt, or the DeclStmt of a var spec
	rhs  inspector.Cursor // the value's cursor; invalid if unknown
	ok   bool             // rhs is meaningful (one value per name, or a tuple call's first result)
}

// Tracker follows context and duration values through the local variables
// of one package.
type Tracker struct {
	// Ingress maps the *http.Request parameters of handlers that run only
	// behind http.TimeoutHandler to its constant timeout and the
	// TimeoutHandler call: r.Context() has at most that long.
	Ingress map[*types.Var]IngressBound

	info    *types.Info
	assigns map[*types.Var][]assign
	unknown map[*types.Var]bool // address taken, incremented, or assigned by range
	params  map[*types.Var]bool // function parameters (declarations and literals)
}

// NewTracker indexes the assignments of the package that in walks.
func NewTracker(info *types.Info, in *inspector.Inspector) *Tracker {
	t := &Tracker{
		info:    info,
		assigns: map[*types.Var][]assign{},
		unknown: map[*types.Var]bool{},
		params:  map[*types.Var]bool{},
	}
	varOf := func(e ast.Expr) *types.Var {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return nil
		}
		v, _ := info.ObjectOf(id).(*types.Var)
		if v == nil || v.IsField() {
			return nil
		}
		return v
	}
	for c := range in.Root().Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.UnaryExpr)(nil), (*ast.IncDecStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncType)(nil)) {
		switch n := c.Node().(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				v := varOf(l)
				if v == nil {
					continue
				}
				a := assign{stmt: c}
				switch {
				case n.Tok != token.DEFINE && n.Tok != token.ASSIGN:
					// x += d: not a value we follow.
				case len(n.Rhs) == len(n.Lhs):
					a.rhs, a.ok = c.ChildAt(edge.AssignStmt_Rhs, i), true
				case len(n.Rhs) == 1 && i == 0:
					// ctx, cancel := context.WithTimeout(...): the first result.
					a.rhs, a.ok = c.ChildAt(edge.AssignStmt_Rhs, 0), true
				}
				t.assigns[v] = append(t.assigns[v], a)
			}
		case *ast.ValueSpec:
			stmt := c.Parent() // GenDecl
			if p := stmt.Parent(); p.Valid() {
				if _, ok := p.Node().(*ast.DeclStmt); ok {
					stmt = p
				}
			}
			for i, id := range n.Names {
				v := varOf(id)
				if v == nil {
					continue
				}
				a := assign{stmt: stmt}
				switch {
				case len(n.Values) == len(n.Names):
					a.rhs, a.ok = c.ChildAt(edge.ValueSpec_Values, i), true
				case len(n.Values) == 1 && i == 0:
					a.rhs, a.ok = c.ChildAt(edge.ValueSpec_Values, 0), true
				}
				t.assigns[v] = append(t.assigns[v], a)
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if v := varOf(n.X); v != nil {
					t.unknown[v] = true
				}
			}
		case *ast.IncDecStmt:
			if v := varOf(n.X); v != nil {
				t.unknown[v] = true
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if e == nil {
					continue
				}
				if v := varOf(e); v != nil {
					t.unknown[v] = true
				}
			}
		case *ast.FuncType:
			if n.Params != nil {
				for _, f := range n.Params.List {
					for _, id := range f.Names {
						if v, ok := info.Defs[id].(*types.Var); ok {
							t.params[v] = true
						}
					}
				}
			}
		}
	}
	return t
}

// IngressBound is the budget http.TimeoutHandler gives a handler.
type IngressBound struct {
	Left time.Duration
	Set  *ast.CallExpr
}

// requestContext evaluates r.Context() for an *http.Request parameter r of
// a handler with a known ingress budget.
func (t *Tracker) requestContext(c inspector.Cursor, call *ast.CallExpr, depth int) Bound {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Context" || len(call.Args) != 0 || len(t.Ingress) == 0 {
		return Bound{}
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return Bound{}
	}
	v, _ := t.info.Uses[id].(*types.Var)
	ib, ok := t.Ingress[v]
	if !ok {
		return Bound{}
	}
	x := c.ChildAt(edge.CallExpr_Fun, -1).ChildAt(edge.SelectorExpr_X, -1)
	if _, isParam, ok := t.reaching(v, x); !ok || !isParam {
		return Bound{} // r was replaced (r = r.WithContext(...))
	}
	return Bound{Kind: AtMost, Left: ib.Left, Set: ib.Set}
}

// maxDepth bounds the chains of variables followed.
const maxDepth = 16

// Context returns what is known about the time left on the context value
// of the expression at c.
func (t *Tracker) Context(c inspector.Cursor) Bound {
	return t.context(c, 0)
}

func (t *Tracker) context(c inspector.Cursor, depth int) Bound {
	if depth > maxDepth || !c.Valid() {
		return Bound{}
	}
	switch e := c.Node().(type) {
	case *ast.ParenExpr:
		return t.context(c.ChildAt(edge.ParenExpr_X, -1), depth+1)
	case *ast.Ident:
		v, _ := t.info.Uses[e].(*types.Var)
		if v == nil {
			return Bound{}
		}
		def, isParam, ok := t.reaching(v, c)
		switch {
		case !ok:
			return Bound{}
		case isParam:
			if IsContext(v.Type()) {
				return Bound{Param: v}
			}
			return Bound{}
		}
		return t.context(def, depth+1)
	case *ast.CallExpr:
		return t.call(c, e, depth)
	}
	return Bound{}
}

// derive is how a context constructor of package context relates its
// result to its parent (argument 0).
type derive int

const (
	keeps    derive = iota + 1 // WithCancel, WithValue, WithCancelCause
	timeout                    // WithTimeout(p, d), WithTimeoutCause(p, d, cause)
	deadline                   // WithDeadline(p, t), WithDeadlineCause(p, t, cause)
	detaches                   // WithoutCancel: no deadline, but treated as unknown
	root                       // Background, TODO
)

// contextFuncs is the knowledge of package context's constructors.
var contextFuncs = map[string]derive{
	"WithCancel":        keeps,
	"WithCancelCause":   keeps,
	"WithValue":         keeps,
	"WithTimeout":       timeout,
	"WithTimeoutCause":  timeout,
	"WithDeadline":      deadline,
	"WithDeadlineCause": deadline,
	"WithoutCancel":     detaches,
	"Background":        root,
	"TODO":              root,
}

// ContextFunc returns how call derives a context from its parent, if it
// calls a constructor of package context, and the name.
func ContextFunc(info *types.Info, call *ast.CallExpr) (string, bool) {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "context" {
		return "", false
	}
	_, ok := contextFuncs[fn.Name()]
	return fn.Name(), ok
}

// IsTimeoutCall reports whether call is a WithTimeout or WithDeadline
// (with or without a cause).
func IsTimeoutCall(info *types.Info, call *ast.CallExpr) bool {
	name, ok := ContextFunc(info, call)
	return ok && (contextFuncs[name] == timeout || contextFuncs[name] == deadline)
}

// IsRoot reports whether call is context.Background() or context.TODO().
func IsRoot(info *types.Info, call *ast.CallExpr) bool {
	name, ok := ContextFunc(info, call)
	return ok && contextFuncs[name] == root
}

func (t *Tracker) call(c inspector.Cursor, call *ast.CallExpr, depth int) Bound {
	name, ok := ContextFunc(t.info, call)
	if !ok {
		return t.requestContext(c, call, depth)
	}
	switch contextFuncs[name] {
	case root:
		return Bound{Kind: NoDeadline}
	case detaches:
		return Bound{}
	}
	if len(call.Args) == 0 {
		return Bound{}
	}
	parent := t.context(c.ChildAt(edge.CallExpr_Args, 0), depth+1)
	switch contextFuncs[name] {
	case keeps:
		return parent
	}
	d, ok := t.Timeout(c)
	if !ok {
		if parent.Kind == AtMost {
			return parent
		}
		return Bound{Param: parent.Param}
	}
	if parent.Kind == AtMost && parent.Left <= d {
		return parent
	}
	return Bound{Kind: AtMost, Left: d, Set: call}
}

// Timeout returns the constant duration that the WithTimeout or
// WithDeadline(p, time.Now().Add(d)) call at c sets, if it is one.
func (t *Tracker) Timeout(c inspector.Cursor) (time.Duration, bool) {
	call, ok := c.Node().(*ast.CallExpr)
	if !ok || len(call.Args) < 2 {
		return 0, false
	}
	name, ok := ContextFunc(t.info, call)
	if !ok {
		return 0, false
	}
	arg := c.ChildAt(edge.CallExpr_Args, 1)
	switch contextFuncs[name] {
	case timeout:
		return t.Duration(arg)
	case deadline:
		return t.nowPlus(arg, 0)
	}
	return 0, false
}

// nowPlus evaluates time.Now().Add(d) with a constant d.
func (t *Tracker) nowPlus(c inspector.Cursor, depth int) (time.Duration, bool) {
	if depth > maxDepth {
		return 0, false
	}
	switch e := c.Node().(type) {
	case *ast.ParenExpr:
		return t.nowPlus(c.ChildAt(edge.ParenExpr_X, -1), depth+1)
	case *ast.Ident:
		v, _ := t.info.Uses[e].(*types.Var)
		if v == nil {
			return 0, false
		}
		def, isParam, ok := t.reaching(v, c)
		if !ok || isParam {
			return 0, false
		}
		return t.nowPlus(def, depth+1)
	case *ast.CallExpr:
		sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Add" || len(e.Args) != 1 {
			return 0, false
		}
		now, ok := ast.Unparen(sel.X).(*ast.CallExpr)
		if !ok {
			return 0, false
		}
		fn, _ := typeutil.Callee(t.info, now).(*types.Func)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "time" || fn.Name() != "Now" {
			return 0, false
		}
		return t.duration(c.ChildAt(edge.CallExpr_Args, 0), depth+1)
	}
	return 0, false
}

// Duration returns the constant duration of the expression at c, following
// local variables given a constant (d := 3 * time.Second).
func (t *Tracker) Duration(c inspector.Cursor) (time.Duration, bool) {
	return t.duration(c, 0)
}

func (t *Tracker) duration(c inspector.Cursor, depth int) (time.Duration, bool) {
	if depth > maxDepth || !c.Valid() {
		return 0, false
	}
	e, ok := c.Node().(ast.Expr)
	if !ok {
		return 0, false
	}
	if d, ok := Duration(t.info, e); ok {
		return d, true
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return t.duration(c.ChildAt(edge.ParenExpr_X, -1), depth+1)
	case *ast.Ident:
		v, _ := t.info.Uses[e].(*types.Var)
		if v == nil || !IsDuration(v.Type()) {
			return 0, false
		}
		def, isParam, ok := t.reaching(v, c)
		if !ok || isParam {
			return 0, false
		}
		return t.duration(def, depth+1)
	}
	return 0, false
}

// reaching returns the value of the one assignment to v that reaches the
// use at c, or isParam when v is a parameter that is not assigned before
// the use. ok is false when no single assignment can be proved to reach
// the use.
func (t *Tracker) reaching(v *types.Var, use inspector.Cursor) (def inspector.Cursor, isParam, ok bool) {
	if t.unknown[v] || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() || v.Parent() == nil {
		return inspector.Cursor{}, false, false
	}
	all := t.assigns[v]
	// A use inside a closure of a variable declared outside it is judged
	// where the closure is created, provided nothing assigns the variable
	// after that point (the closure may run at any later time).
	fn := enclosingFunc(use)
	for fn.Valid() && !contains(fn.Node(), v.Pos()) {
		if _, ok := fn.Node().(*ast.FuncLit); !ok {
			break
		}
		for _, a := range all {
			if a.stmt.Node().End() > fn.Node().Pos() {
				return inspector.Cursor{}, false, false
			}
		}
		use = fn
		fn = enclosingFunc(fn.Parent())
	}
	pos := use.Node().Pos()
	// The latest assignment that is complete before the use.
	var best *assign
	for i := range all {
		a := &all[i]
		if a.stmt.Node().End() <= pos && (best == nil || a.stmt.Node().Pos() > best.stmt.Node().Pos()) {
			best = a
		}
	}
	// A closure that assigns v may run at any time: give up unless it
	// contains the use too (then the order in it is what counts).
	for _, a := range all {
		if f := enclosingFunc(a.stmt); f.Node() != fn.Node() && !contains(f.Node(), pos) {
			return inspector.Cursor{}, false, false
		}
	}
	// An assignment in a loop around the use reaches it round the back
	// edge, unless the reaching definition is in that loop too.
	for l := range use.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		if _, isFunc := l.Node().(*ast.FuncLit); isFunc {
			break
		}
		if _, isFunc := l.Node().(*ast.FuncDecl); isFunc {
			break
		}
		if best != nil && contains(l.Node(), best.stmt.Node().Pos()) {
			break
		}
		for _, a := range all {
			if contains(l.Node(), a.stmt.Node().Pos()) {
				return inspector.Cursor{}, false, false
			}
		}
	}
	if best == nil {
		return inspector.Cursor{}, t.params[v], t.params[v]
	}
	if !best.ok || !dominates(best.stmt, use) {
		return inspector.Cursor{}, false, false
	}
	return best.rhs, false, true
}

// dominates reports whether the statement at s runs before the node at use
// on every path to it: s is an earlier statement of a block enclosing use,
// or the init statement of an if, switch or for enclosing it.
func dominates(s, use inspector.Cursor) bool {
	parent := s.Parent()
	if !parent.Valid() || !contains(parent.Node(), use.Node().Pos()) {
		return false
	}
	switch p := parent.Node().(type) {
	case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
		return true // use is later in the same list, or nested in a later statement
	case *ast.IfStmt:
		return p.Init == s.Node()
	case *ast.SwitchStmt:
		return p.Init == s.Node()
	case *ast.TypeSwitchStmt:
		return p.Init == s.Node()
	case *ast.ForStmt:
		return p.Init == s.Node()
	}
	return false
}

func contains(n ast.Node, pos token.Pos) bool {
	return n != nil && n.Pos() <= pos && pos < n.End()
}

// enclosingFunc returns the innermost FuncLit or FuncDecl around c.
func enclosingFunc(c inspector.Cursor) inspector.Cursor {
	for f := range c.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		return f
	}
	return inspector.Cursor{}
}

// Backoff returns the worst-case total of the waits of a capped
// exponential backoff between attempts attempts: the sum of
// min(cap, base*2^i) for i < attempts-1. A cap of 0 means no cap. The
// terms are returned too, for messages.
func Backoff(attempts int64, base, cap time.Duration) (time.Duration, []time.Duration) {
	var sum time.Duration
	var terms []time.Duration
	if base <= 0 {
		return 0, nil
	}
	w := base
	for i := int64(0); i < attempts-1; i++ {
		if cap > 0 && w >= cap {
			// Every remaining wait is the cap.
			w = cap
			rest := attempts - 1 - i
			if rest > (math.MaxInt64-int64(sum))/int64(cap) {
				return math.MaxInt64, terms
			}
			sum += time.Duration(rest) * cap
			for ; rest > 0 && len(terms) < 8; rest-- {
				terms = append(terms, cap)
			}
			return sum, terms
		}
		if sum > math.MaxInt64-w {
			return math.MaxInt64, terms
		}
		sum += w
		if len(terms) < 8 {
			terms = append(terms, w)
		}
		if w > math.MaxInt64/2 {
			w = math.MaxInt64
		} else {
			w *= 2
		}
	}
	return sum, terms
}

// Terms prints backoff terms as "50ms+100ms+200ms" (with "+..." when more
// than shown).
func Terms(terms []time.Duration, n int64) string {
	s := make([]string, len(terms))
	for i, d := range terms {
		s[i] = Format(d)
	}
	out := strings.Join(s, "+")
	if int64(len(terms)) < n {
		out += fmt.Sprintf("+... (%d waits)", n)
	}
	return out
}

// Assigned reports how many times v is assigned in the package, and false
// when its value cannot be followed (address taken, incremented, ranged
// over, or package-level).
func (t *Tracker) Assigned(v *types.Var) (int, bool) {
	if t.unknown[v] || v.Pkg() == nil || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return 0, false
	}
	return len(t.assigns[v]), true
}

// IsParam reports whether v is a function parameter.
func (t *Tracker) IsParam(v *types.Var) bool { return t.params[v] }
