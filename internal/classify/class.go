package classify

// Error classes: what a retry layer goes round on, to tell whether two
// layers retry the same failures (retrystorm's S2). A class is a sentinel
// error (errors.Is), an error of a concrete type, an HTTP status (in the
// error or the response), or an error of none of the classes a decision
// names. Only what identifies the class is known about its witness: its
// message, its other methods, a gRPC status are unknown, so a decision
// that reads them cannot be settled for it.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/retryscope"
)

// A Class is one error class.
type Class struct {
	// Sentinel is the package-level error variable the error is.
	Sentinel *types.Var
	// Type is the error's concrete type (no StatusCode field: a type
	// with one is split by Status).
	Type types.Type
	// Status is an HTTP status carried by the error (a StatusCode field
	// or method) or, with InResp, by the response of a nil error
	// (go-retryablehttp's CheckRetry). OtherStatus: a status equal to
	// none of the constants the decision compares it with.
	Status      int64
	HasStatus   bool
	OtherStatus bool
	InResp      bool
	// NoError: the attempt returned no error (a loop that goes round on
	// a result, such as a response's status, retries more than errors).
	NoError bool
}

// OtherError is an error of none of the classes a decision names.
var OtherError = Class{}

// NoError is an attempt that returned no error.
var NoError = Class{NoError: true}

// Key names the class across packages: "sentinel:path.Name",
// "type:path.T", "status:404", "status:other", "other".
func (c Class) Key() string {
	switch {
	case c.Sentinel != nil:
		p := ""
		if c.Sentinel.Pkg() != nil {
			p = c.Sentinel.Pkg().Path() + "."
		}
		return "sentinel:" + p + c.Sentinel.Name()
	case c.Type != nil:
		return "type:" + types.TypeString(c.Type, nil)
	case c.OtherStatus:
		return "status:other"
	case c.HasStatus:
		return "status:" + strconv.FormatInt(c.Status, 10)
	case c.NoError:
		return "nil"
	}
	return "other"
}

// Overlaps reports whether an error can be of both classes named by the
// keys a and b: the same key; a status and "any other status"; a type,
// which may be a sentinel's or carry a status; "other", which is what a
// layer that names neither sees.
func Overlaps(a, b string) bool {
	if a == b {
		return true
	}
	kind := func(k string) string {
		for i := range len(k) {
			if k[i] == ':' {
				return k[:i]
			}
		}
		return k
	}
	ka, kb := kind(a), kind(b)
	switch {
	case ka == "other" || kb == "other":
		return true
	case ka == "type" || kb == "type":
		return !(ka == "type" && kb == "type")
	case ka == "status" && kb == "status":
		return a == "status:other" || b == "status:other"
	case ka == "sentinel" && kb == "sentinel":
		return false
	}
	// A sentinel may be a value of a type that carries a status.
	return true
}

// InResponse returns c as go-retryablehttp's CheckRetry sees it: a
// status in the response of a nil error.
func (c Class) InResponse() Class {
	if c.HasStatus {
		c.InResp = true
	}
	return c
}

// Witness returns the witness of an error of class c.
func (c Class) Witness(defs map[*types.Var]ast.Expr) Witness {
	return classWitness{c: c, defs: defs}
}

type classWitness struct {
	c    Class
	defs map[*types.Var]ast.Expr
}

func (w classWitness) String() string { return w.c.Key() }

// opaque: the interpreter answers "unknown" for the message, the methods
// and the gRPC status of the error.
func (classWitness) opaque() bool { return true }

func (w classWitness) errMethods() []string {
	if w.c.HasStatus && !w.c.InResp {
		return []string{"Error", "StatusCode", "HTTPStatusCode"}
	}
	return []string{"Error"}
}

func (w classWitness) sentinel(obj types.Object, _ string) bool {
	return w.c.Sentinel != nil && obj == w.c.Sentinel
}
func (classWitness) unwrapsToNil() bool     { return false }
func (classWitness) status() (string, bool) { return "Unknown", false }
func (classWitness) contextCode() string    { return "Unknown" }
func (classWitness) message() string        { return "" }
func (classWitness) callerErr() string      { return "" }
func (w classWitness) errNil() bool         { return w.c.InResp || w.c.NoError }
func (w classWitness) respStatus() (int64, bool) {
	return w.status1(), w.c.InResp
}

func (w classWitness) status1() int64 {
	if w.c.OtherStatus {
		return -1 // equal to no constant the decision compares (see Classes)
	}
	return w.c.Status
}

func (w classWitness) concrete(t types.Type) bool { return w.concreteTri(t) == True }

// concreteTri: a status class is any type with an integer StatusCode
// field; a type class its type; a sentinel the type of its variable
// when that is concrete, no type of the code base when it is made by
// errors.New or fmt.Errorf; the other error no type a decision names.
func (w classWitness) concreteTri(t types.Type) Tri {
	switch {
	case w.c.InResp:
		return False
	case w.c.HasStatus:
		return triOf(statusWitness{}.concrete(t))
	case w.c.Type != nil:
		return triOf(types.Identical(t, w.c.Type))
	case w.c.Sentinel != nil:
		if _, isIface := w.c.Sentinel.Type().Underlying().(*types.Interface); !isIface {
			return triOf(types.Identical(t, w.c.Sentinel.Type()))
		}
		if seesSentinel(t, w.c.Sentinel) {
			return False
		}
		if d, ok := ast.Unparen(w.defs[w.c.Sentinel]).(*ast.CallExpr); ok {
			if sel, ok := ast.Unparen(d.Fun).(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok && (id.Name == "errors" && sel.Sel.Name == "New" || id.Name == "fmt" && sel.Sel.Name == "Errorf") {
					return False
				}
			}
		}
		return Unknown
	}
	return False
}

// seesSentinel reports whether the package declaring the named type t
// imports, directly or not, the package of the sentinel v: that package
// cannot see t (imports have no cycles), so the value it made for v is
// not of type t (an httpError of this package is never os.ErrExist).
// Imports read from export data may be incomplete: not finding the
// sentinel's package leaves the answer unknown.
func seesSentinel(t types.Type, v *types.Var) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || v.Pkg() == nil || n.Obj().Pkg() == v.Pkg() {
		return false
	}
	seen := map[*types.Package]bool{}
	var walk func(p *types.Package) bool
	walk = func(p *types.Package) bool {
		if seen[p] {
			return false
		}
		seen[p] = true
		for _, q := range p.Imports() {
			if q == v.Pkg() || walk(q) {
				return true
			}
		}
		return false
	}
	return walk(n.Obj().Pkg())
}

func (w classWitness) field(name string) (any, bool) {
	if w.c.HasStatus && !w.c.InResp && (name == "StatusCode" || name == "HTTPStatusCode") {
		return w.status1(), true
	}
	return nil, false
}

// Classes returns the error classes a decision names, read from the
// nodes (a loop's body from its attempt on, a classifier's body) and the
// bodies of this package's functions they call with the error (decls):
// the package-level error variables it tests, the concrete types it
// asserts, the HTTP statuses it compares a StatusCode with. complete is
// false when it compares a status with anything but == or != of a
// constant (a range splits the statuses into classes that one "other
// status" does not stand for). The attempt, which makes the error rather
// than deciding about it, is not read.
func Classes(info *types.Info, decls map[*types.Func]*ast.FuncDecl, defs map[*types.Var]ast.Expr, attempt *ast.CallExpr, nodes ...ast.Node) (out []Class, complete bool) {
	complete = true
	seen := map[string]bool{}
	add := func(c Class) {
		if k := c.Key(); !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	statuses := false
	visited := map[*ast.FuncDecl]bool{}
	var walk func(n ast.Node, depth int)
	walk = func(n ast.Node, depth int) {
		ast.Inspect(n, func(m ast.Node) bool {
			if m != nil && m == ast.Node(attempt) {
				return false
			}
			switch m := m.(type) {
			case *ast.Ident:
				if v, ok := info.Uses[m].(*types.Var); ok && pkgLevel(v) && isErrorValue(v.Type()) {
					add(Class{Sentinel: sentinelOf(info, v, defs)})
				}
			case *ast.TypeAssertExpr:
				if m.Type != nil && addType(info.TypeOf(m.Type), add) {
					statuses = true
				}
			case *ast.TypeSwitchStmt:
				for _, cc := range m.Body.List {
					for _, e := range cc.(*ast.CaseClause).List {
						if addType(info.TypeOf(e), add) {
							statuses = true
						}
					}
				}
			case *ast.CallExpr:
				if fn, ok := info.Uses[calleeIdent(m.Fun)].(*types.Func); ok {
					if knowledge.IsErrorsFunc(fn, "As") && len(m.Args) == 2 {
						if u, ok := ast.Unparen(m.Args[1]).(*ast.UnaryExpr); ok && u.Op == token.AND && addType(info.TypeOf(u.X), add) {
							statuses = true
						}
					}
					if d := decls[fn.Origin()]; d != nil && d.Body != nil && depth < 2 && !visited[d] {
						visited[d] = true
						walk(d.Body, depth+1)
					}
				}
			case *ast.BinaryExpr:
				if !mentionsStatus(m.X) && !mentionsStatus(m.Y) {
					return true
				}
				statuses = true
				switch m.Op {
				case token.EQL, token.NEQ:
					for _, e := range []ast.Expr{m.X, m.Y} {
						if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Int {
							if n, ok := constant.Int64Val(tv.Value); ok {
								add(Class{Status: n, HasStatus: true})
							}
						}
					}
				case token.LSS, token.LEQ, token.GTR, token.GEQ:
					complete = false
				}
			case *ast.SwitchStmt:
				if m.Tag != nil && mentionsStatus(m.Tag) {
					statuses = true
					for _, cc := range m.Body.List {
						for _, e := range cc.(*ast.CaseClause).List {
							if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Int {
								if n, ok := constant.Int64Val(tv.Value); ok {
									add(Class{Status: n, HasStatus: true})
								}
							}
						}
					}
				}
			}
			return true
		})
	}
	for _, n := range nodes {
		walk(n, 0)
	}
	if statuses {
		add(Class{HasStatus: true, OtherStatus: true})
	}
	return out, complete
}

func calleeIdent(e ast.Expr) *ast.Ident {
	switch f := ast.Unparen(e).(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	case *ast.IndexExpr:
		return calleeIdent(f.X)
	}
	return nil
}

// sentinelOf follows a package variable assigned another one once
// (ErrX = kerr.X) to the error it is, as the evaluator does.
func sentinelOf(info *types.Info, v *types.Var, defs map[*types.Var]ast.Expr) *types.Var {
	for range 4 {
		id := analysisutil.RefIdent(defs[v])
		w, ok := info.Uses[id].(*types.Var)
		if id == nil || !ok || !pkgLevel(w) || !isErrorValue(w.Type()) {
			return v
		}
		v = w
	}
	return v
}

// addType adds the class of a concrete error type; a type with an
// integer StatusCode field is split by status instead (it reports true).
func addType(t types.Type, add func(Class)) (status bool) {
	if t == nil {
		return false
	}
	if _, ok := t.Underlying().(*types.Interface); ok {
		return false
	}
	if (statusWitness{}).concrete(t) {
		return true
	}
	add(Class{Type: t})
	return false
}

// mentionsStatus reports whether e reads a StatusCode (a field or a
// method).
func mentionsStatus(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && slices.Contains([]string{"StatusCode", "HTTPStatusCode"}, sel.Sel.Name) {
			found = true
		}
		return !found
	})
	return found
}

// loopDecision returns what decides whether the retry loop s goes round:
// its body, the statement holding its attempt, and, for a goto loop, its
// label. ok is false for other scopes, or a loop with no attempt or error
// variable.
func loopDecision(info *types.Info, s *retryscope.Scope) (body *ast.BlockStmt, from ast.Stmt, round *types.Label, ok bool) {
	if s.Kind != retryscope.Loop || s.Attempt == nil || s.ErrVar == nil || s.Loop == nil {
		return nil, nil, nil, false
	}
	if ls, isGoto := s.Loop.(*ast.LabeledStmt); isGoto {
		body, _ = s.Body.(*ast.BlockStmt)
		round, _ = info.Defs[ls.Label].(*types.Label)
		if round == nil {
			return nil, nil, nil, false
		}
	} else {
		body = analysisutil.LoopBody(s.Loop)
	}
	if body == nil {
		return nil, nil, nil, false
	}
	for _, st := range body.List {
		if st.Pos() <= s.Attempt.Pos() && s.Attempt.End() <= st.End() {
			from = st
		}
	}
	return body, from, round, from != nil
}

// LoopGoesRound says whether the retry loop s (a for loop or a goto loop)
// goes round when its attempt fails with an error of class c: True,
// False, or Unknown (also for scopes that are not loops).
func LoopGoesRound(info *types.Info, s *retryscope.Scope, c Class, opt Options) Tri {
	body, from, round, ok := loopDecision(info, s)
	if !ok {
		return Unknown
	}
	opt.Round = round
	return GoesRoundWith(info, body, from, s.ErrVar, c.Witness(opt.Defs), &opt)
}

// A RetrySet is what a retry layer goes round on.
type RetrySet struct {
	// Narrow: it goes round only on the errors of Classes; an error of
	// any other class ends it (certainly, on every path).
	Narrow  bool
	Classes []Class
}

// LoopRetrySet returns what the retry loop s goes round on: Narrow when
// an error of none of the classes its decision names (and, if it
// compares statuses, a status equal to none of them) certainly ends it,
// and so does an attempt with no error, with the classes for which it
// may go round.
func LoopRetrySet(info *types.Info, s *retryscope.Scope, opt Options) RetrySet {
	body, from, _, ok := loopDecision(info, s)
	if !ok {
		return RetrySet{}
	}
	i := slices.Index(body.List, from)
	nodes := make([]ast.Node, 0, len(body.List)-i)
	for _, st := range body.List[i:] {
		nodes = append(nodes, st)
	}
	classes, complete := Classes(info, opt.Decls, opt.Defs, s.Attempt, nodes...)
	if !complete || LoopGoesRound(info, s, OtherError, opt) != False || LoopGoesRound(info, s, NoError, opt) != False {
		return RetrySet{} // it goes round on other errors, or on a result
	}
	set := RetrySet{Narrow: true}
	for _, c := range classes {
		switch LoopGoesRound(info, s, c, opt) {
		case False:
			if c.OtherStatus {
				continue
			}
		default:
			if c.OtherStatus {
				return RetrySet{} // it goes round on statuses it does not name
			}
			set.Classes = append(set.Classes, c)
		}
	}
	return set
}

// pkgLevel reports whether v is a package-level variable. A variable of
// a package read from export data may have no parent scope: look it up.
func pkgLevel(v *types.Var) bool {
	return v.Pkg() != nil && (v.Parent() == v.Pkg().Scope() || v.Parent() == nil && v.Pkg().Scope().Lookup(v.Name()) == v)
}

// isErrorValue reports whether a value of type t is an error: the error
// interface, or a concrete type that implements it (var ErrX = &Error{}).
func isErrorValue(t types.Type) bool {
	if analysisutil.IsError(t) {
		return true
	}
	if t == nil {
		return false
	}
	if _, ok := t.Underlying().(*types.Interface); ok {
		return false
	}
	return types.Implements(t, types.Universe.Lookup("error").Type().Underlying().(*types.Interface))
}
