package backoffjitter

// The evaluator answers one question about a duration expression: does a
// random value contribute to it, and if not, what shape does it have? It
// follows values backwards through the AST, flow-insensitively: a local
// variable stands for every value ever assigned to it in the package, a
// struct field for every value stored in it, a call of a function of this
// package for every value it returns (with its parameters bound to the
// arguments), and a call into another package for what its ResultFact
// says. More definitions only ever make a value less certain, so the
// approximation errs towards silence.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/knowledge"
)

// kind says where a value comes from. Only det values are judged; the
// others make the wait acceptable or undecidable.
type kind int

const (
	kUnknown kind = iota // an unknown function, interface method, channel receive...
	kServer              // a server-provided delay (Retry-After, gRPC RetryInfo)
	kRandom              // a math/rand, math/rand/v2 or crypto/rand value contributes
	kDet                 // computed from constants, configuration and the attempt count
)

// shape orders deterministic values from "the same every time" to
// "grows fastest"; combining two values keeps the larger shape.
type shape int

const (
	sConst   shape = iota // a constant
	sTable                // an element of a fixed table of constants (delays[i])
	sConfig               // a parameter, field or package variable: fixed per call
	sCounter              // an attempt counter (i++, range over an int)
	sLinear               // grows linearly with the attempt (base * attempt, d += step)
	sGrowth               // multiplied by a constant factor each round (d = d*3/2)
	sExp                  // base << attempt, base * 2^attempt
)

// val is the abstract value of an expression.
type val struct {
	k    kind
	s    shape
	at   ast.Node       // the expression that gave the shape (printed lazily)
	text string         // its name, when there is no expression
	c    constant.Value // the value, when s == sConst and known; the largest, for sTable
	// dflt is the largest constant among the alternatives of a
	// configured value (`d := time.Minute; if cfg.Delay != 0 { d =
	// cfg.Delay }`, or every value the package stores in a field): its
	// default. param marks an alternative that is a parameter, which a
	// caller may vary from call to call.
	dflt  constant.Value
	param bool
	// self marks a value computed from the variable being resolved (a
	// recurrence); add and mul say how it was combined with it.
	self, add, mul bool
	// fb is the fallback of a server-provided delay (k == kServer): the
	// deterministic value the code waits instead when the server names
	// no delay (`if ra := parse(resp); ra > 0 { d = ra } else { d =
	// base << attempt }`), nil when there is none or it is not known.
	fb *val
}

var unknown = val{k: kUnknown}

func (v val) det() bool { return v.k == kDet }

// join combines alternatives (several definitions of a variable, several
// returns): any non-deterministic alternative wins (random first, then
// server, then unknown), else the larger shape.
func join(a, b val) val {
	if !a.det() || !b.det() {
		// A server's delay or a deterministic one: the server's when it
		// names one, the other as its fallback.
		switch {
		case a.k == kServer && b.k == kServer:
			a.fb = joinFb(a.fb, b.fb)
			return a
		case a.k == kServer && b.det():
			a.fb = joinFb(a.fb, &b)
			return a
		case b.k == kServer && a.det():
			b.fb = joinFb(b.fb, &a)
			return b
		}
		if a.k == kDet {
			return b
		}
		if b.k == kDet || a.k >= b.k {
			a.fb = nil // a fallback of unknown alternatives is unknown
			return a
		}
		return b
	}
	r := a
	if b.s > a.s {
		r = b
	}
	if a.s == sConst && b.s == sConst && (a.c == nil || b.c == nil || !constant.Compare(a.c, token.EQL, b.c)) {
		r.c = nil
	}
	r.self, r.add, r.mul = a.self || b.self, a.add || b.add, a.mul || b.mul
	r.param = a.param || b.param
	r.dflt = maxConst(maxConst(a.dflt, b.dflt), maxConst(constOf(a), constOf(b)))
	return r
}

// joinFb joins two fallbacks of a server's delay; nil is none.
func joinFb(a, b *val) *val {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	j := join(*a, *b)
	return &j
}

// combine combines the operands of an expression (x op y, min(x, y))
// of which one is not deterministic: a server's delay with a fallback
// combined with a deterministic value keeps the fallback, combined the
// same way (min(retryAfter, time.Minute) falls back to min(backoff,
// time.Minute)); any other combination keeps none.
func combine(x, y val, det func(x, y val) val) val {
	switch {
	case x.k == kServer && x.fb != nil && y.det():
		f := det(*x.fb, y)
		x.fb = &f
		return x
	case y.k == kServer && y.fb != nil && x.det():
		f := det(x, *y.fb)
		y.fb = &f
		return y
	}
	r := join(x, y)
	r.fb = nil
	return r
}

// constOf returns v's value when v is a known constant.
func constOf(v val) constant.Value {
	if v.s == sConst {
		return v.c
	}
	return nil
}

// maxConst returns the larger of two numeric constants; nil stands for
// none, and so does a constant that is no number (a bool).
func maxConst(a, b constant.Value) constant.Value {
	num := func(c constant.Value) constant.Value {
		if c != nil && (c.Kind() == constant.Int || c.Kind() == constant.Float) {
			return c
		}
		return nil
	}
	a, b = num(a), num(b)
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	case constant.Compare(b, token.GTR, a):
		return b
	}
	return a
}

// def is one assignment to a variable or field.
type def struct {
	rhs   ast.Expr    // assigned value; nil when unknown
	op    token.Token // token.ASSIGN, an op-assign (MUL_ASSIGN...), token.INC/DEC
	idx   int         // result index when rhs is a multi-value call, else -1
	count bool        // key of a range over an integer: an attempt counter
	elem  ast.Expr    // value of a range over this slice or array
	stmt  ast.Node    // for messages
}

// defsIndex holds every assignment of the package, by variable.
type defsIndex struct {
	vars   map[*types.Var][]def
	params map[*types.Var]bool // parameters and receivers of funcs and func literals
	addr   map[*types.Var]bool // &v taken: anything may change it
}

func indexDefs(info *types.Info, in *inspector.Inspector, fset *token.FileSet, files []*ast.File) *defsIndex {
	ix := &defsIndex{vars: map[*types.Var][]def{}, params: map[*types.Var]bool{}, addr: map[*types.Var]bool{}}
	add := func(v *types.Var, d def) {
		if v != nil && v.Name() != "_" {
			ix.vars[v] = append(ix.vars[v], d)
		}
	}
	for _, f := range files {
		// What a test stores in a field (locker.timeout = time.Second, to
		// run fast) is no default of the package's.
		if strings.HasSuffix(fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		fc, ok := in.Root().FindNode(f)
		if !ok {
			continue
		}
		indexFile(info, fc, ix, add)
	}
	return ix
}

// indexFile adds the definitions of one file to ix.
func indexFile(info *types.Info, fc inspector.Cursor, ix *defsIndex, add func(*types.Var, def)) {
	for c := range fc.Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.IncDecStmt)(nil),
		(*ast.RangeStmt)(nil), (*ast.UnaryExpr)(nil), (*ast.CompositeLit)(nil), (*ast.FuncType)(nil)) {
		switch n := c.Node().(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				d := def{op: n.Tok, idx: -1, stmt: n}
				switch {
				case len(n.Rhs) == len(n.Lhs):
					d.rhs = n.Rhs[i]
				case len(n.Rhs) == 1:
					d.rhs, d.idx = n.Rhs[0], i
				}
				if n.Tok == token.DEFINE {
					d.op = token.ASSIGN
				}
				add(varOf(info, l), d)
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				d := def{op: token.ASSIGN, idx: -1, stmt: n}
				switch {
				case len(n.Values) == len(n.Names):
					d.rhs = n.Values[i]
				case len(n.Values) == 1:
					d.rhs, d.idx = n.Values[0], i
				case len(n.Values) == 0:
					d.rhs = zeroLit // var d time.Duration
				}
				add(varOf(info, id), d)
			}
		case *ast.IncDecStmt:
			add(varOf(info, n.X), def{op: n.Tok, idx: -1, stmt: n})
		case *ast.RangeStmt:
			u := under(info.TypeOf(n.X))
			b, isBasic := u.(*types.Basic)
			isInt := isBasic && b.Info()&types.IsInteger != 0
			if n.Key != nil {
				_, isSlice := u.(*types.Slice)
				_, isArr := u.(*types.Array)
				add(varOf(info, n.Key), def{count: isInt || isSlice || isArr, idx: -1, stmt: n})
			}
			if n.Value != nil {
				d := def{idx: -1, stmt: n}
				switch u.(type) {
				case *types.Slice, *types.Array:
					d.elem = n.X
				}
				add(varOf(info, n.Value), d)
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if v := varOf(info, n.X); v != nil {
					ix.addr[v] = true
				}
			}
		case *ast.CompositeLit:
			st, ok := under(deref(info.TypeOf(n))).(*types.Struct)
			if !ok {
				continue
			}
			for i, el := range n.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						for j := range st.NumFields() {
							if st.Field(j).Name() == id.Name {
								add(st.Field(j), def{rhs: kv.Value, op: token.ASSIGN, idx: -1, stmt: kv})
							}
						}
					}
				} else if i < st.NumFields() {
					add(st.Field(i), def{rhs: el, op: token.ASSIGN, idx: -1, stmt: el})
				}
			}
		case *ast.FuncType:
			for _, fl := range []*ast.FieldList{n.Params} {
				if fl == nil {
					continue
				}
				for _, f := range fl.List {
					for _, id := range f.Names {
						if v, ok := info.Defs[id].(*types.Var); ok {
							ix.params[v] = true
						}
					}
				}
			}
		}
	}
	// Receivers are not under the FuncType.
	for c := range fc.Preorder((*ast.FuncDecl)(nil)) {
		d := c.Node().(*ast.FuncDecl)
		if d.Recv != nil {
			for _, f := range d.Recv.List {
				for _, id := range f.Names {
					if v, ok := info.Defs[id].(*types.Var); ok {
						ix.params[v] = true
					}
				}
			}
		}
	}
}

// varOf returns the variable e names: a local or package variable, a
// field (x.f) or another package's variable (pkg.V); nil otherwise.
func varOf(info *types.Info, e ast.Expr) *types.Var {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := info.ObjectOf(e).(*types.Var)
		return v
	case *ast.SelectorExpr:
		if sel := info.Selections[e]; sel != nil && sel.Kind() == types.FieldVal {
			v, _ := sel.Obj().(*types.Var)
			return v
		}
		v, _ := info.Uses[e.Sel].(*types.Var) // pkg.Var
		return v
	}
	return nil
}

// zeroLit stands for the zero value of `var d time.Duration`.
var zeroLit = &ast.BasicLit{Kind: token.INT, Value: "0"}

// under returns t's underlying type, or nil for a missing type.
func under(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return t.Underlying()
}

func deref(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// evaluator evaluates expressions of one package.
type evaluator struct {
	r    *runner
	info *types.Info
	ix   *defsIndex
	busy map[*types.Var]bool
	env  map[*types.Var]val // parameters bound while inlining a call
	// args binds the parameters of a failure handler judged at one of
	// its calls to the caller's argument expressions (see handlerWaits).
	args  map[*types.Var]ast.Expr
	depth int
	steps int // budget: a pathological package yields unknown, not a hang
}

const (
	maxDepth = 4
	maxSteps = 20000
)

func (r *runner) newEval() *evaluator {
	return &evaluator{r: r, info: r.pass.TypesInfo, ix: r.ix, busy: map[*types.Var]bool{}}
}

// eval returns the abstract value of e.
func (ev *evaluator) eval(e ast.Expr) val {
	if e == nil {
		return unknown
	}
	if ev.steps++; ev.steps > maxSteps {
		return unknown
	}
	if e == zeroLit {
		return val{k: kDet, s: sConst, text: "0", c: constant.MakeInt64(0)}
	}
	if tv, ok := ev.info.Types[e]; ok && tv.Value != nil {
		if tv.Value.Kind() == constant.String {
			if isServerHeader(constant.StringVal(tv.Value)) {
				return val{k: kServer}
			}
			return unknown
		}
		return val{k: kDet, s: sConst, at: e, c: tv.Value}
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return ev.eval(e.X)
	case *ast.Ident:
		switch obj := ev.info.Uses[e].(type) {
		case *types.Var:
			return ev.evalVar(obj)
		}
		return unknown
	case *ast.SelectorExpr:
		if isRetryInfo(ev.info.TypeOf(e.X)) {
			return val{k: kServer}
		}
		if sel := ev.info.Selections[e]; sel != nil {
			if sel.Kind() == types.FieldVal {
				return ev.evalVar(sel.Obj().(*types.Var))
			}
			return unknown
		}
		if v, ok := ev.info.Uses[e.Sel].(*types.Var); ok {
			return ev.evalVar(v)
		}
		return unknown
	case *ast.CallExpr:
		return ev.evalCall(e, 0)
	case *ast.BinaryExpr:
		return ev.binary(e.Op, ev.eval(e.X), ev.eval(e.Y), e)
	case *ast.UnaryExpr:
		if e.Op == token.SUB || e.Op == token.ADD {
			return ev.eval(e.X)
		}
		return unknown
	case *ast.IndexExpr:
		// h["Retry-After"], a header map indexed by the server's field.
		if v := ev.eval(e.Index); v.k == kServer {
			return v
		}
		if _, ok := ast.Unparen(e.X).(*ast.Ident); ok {
			// s[0] of s, ok := resp.Header["Retry-After"].
			if v := ev.eval(e.X); v.k == kServer {
				return val{k: kServer}
			}
		}
		switch under(ev.info.TypeOf(e.X)).(type) {
		case *types.Slice, *types.Array:
			return ev.table(e.X)
		}
		return unknown
	}
	return unknown
}

// binary combines the operands of x op y.
func (ev *evaluator) binary(op token.Token, x, y val, e ast.Expr) val {
	if !x.det() || !y.det() {
		return combine(x, y, func(x, y val) val { return ev.binary(op, x, y, e) })
	}
	r := join(x, y)
	r.dflt = nil
	if r.s == sConfig && !x.self && !y.self {
		// cfg.Delay / 4: the default goes through the arithmetic.
		dv := func(v val) constant.Value {
			if v.s == sConfig {
				return v.dflt
			}
			return constOf(v)
		}
		if xd, yd := dv(x), dv(y); xd != nil && yd != nil {
			r.dflt = foldConst(op, xd, yd)
		}
	}
	if x.self || y.self {
		switch op {
		case token.ADD, token.SUB:
			if x.self && y.self {
				r.mul = true // d = d + d
			} else {
				r.add = true
			}
		case token.MUL, token.SHL, token.QUO:
			r.mul = true
		}
		r.c = nil
		return r
	}
	grows := func(v val) bool { return v.s >= sCounter }
	switch op {
	case token.SHL:
		if grows(y) {
			r = val{k: kDet, s: sExp, at: e}
		}
	case token.MUL:
		switch {
		case x.s >= sGrowth || y.s >= sGrowth:
		case (x.s == sCounter || x.s == sLinear) || (y.s == sCounter || y.s == sLinear):
			r = val{k: kDet, s: sLinear, at: e}
		}
	}
	if r.s == sConst {
		r.c = foldConst(op, x.c, y.c)
		if r.c != nil {
			r.at = e
		}
	}
	if r.s == sTable && (x.s == sConst || y.s == sConst) {
		// time.Duration(delays[i]) * time.Second: the table's largest
		// entry scaled the same way.
		r.c = foldConst(op, x.c, y.c)
		if r.c == nil {
			return unknown
		}
	}
	return r
}

func foldConst(op token.Token, x, y constant.Value) (c constant.Value) {
	if x == nil || y == nil {
		return nil
	}
	defer func() {
		if recover() != nil {
			c = nil
		}
	}()
	switch op {
	case token.SHL, token.SHR:
		s, ok := constant.Uint64Val(constant.ToInt(y))
		if !ok {
			return nil
		}
		return constant.Shift(x, op, uint(s))
	case token.ADD, token.SUB, token.MUL:
		return constant.BinaryOp(x, op, y)
	case token.QUO:
		if constant.Sign(y) == 0 {
			return nil
		}
		if x.Kind() == constant.Int && y.Kind() == constant.Int {
			return constant.BinaryOp(x, token.QUO_ASSIGN, y) // integer division
		}
		return constant.BinaryOp(x, op, y)
	}
	return nil
}

// evalVar resolves a variable, a field or a package variable through every
// value assigned to it.
func (ev *evaluator) evalVar(v *types.Var) val {
	if b, ok := ev.env[v]; ok {
		return b
	}
	name := v.Name()
	if ev.busy[v] {
		return val{k: kDet, s: sConst, text: name, self: true}
	}
	if a, ok := ev.args[v]; ok {
		ev.busy[v] = true
		defer delete(ev.busy, v)
		return ev.eval(a)
	}
	if ev.ix.addr[v] {
		return unknown
	}
	if v.Pkg() == nil {
		return unknown
	}
	defs := ev.ix.vars[v]
	local := !v.IsField() && v.Parent() != nil && v.Parent() != v.Pkg().Scope()
	if v.Pkg() != ev.r.pass.Pkg {
		// A field or variable of another package: configuration we cannot see.
		return val{k: kDet, s: sConfig, text: name}
	}
	ev.busy[v] = true
	defer delete(ev.busy, v)
	res := val{}
	have, grown := false, false
	if ev.ix.params[v] || !local {
		// A parameter not bound by inlining, a field or a package variable:
		// fixed for the call (configuration), unless a value stored in it
		// is random, server-provided or unknown.
		res, have = val{k: kDet, s: sConfig, text: name, param: ev.ix.params[v]}, true
	}
	for _, d := range defs {
		dv := ev.evalDef(v, d)
		if dv.det() && dv.self {
			switch {
			case dv.mul:
				dv = val{k: kDet, s: sGrowth, at: d.stmt}
				grown = true
			case dv.add && isDuration(v.Type()):
				dv = val{k: kDet, s: sLinear, at: d.stmt}
				grown = true
			case dv.add:
				dv = val{k: kDet, s: sCounter, text: name}
				grown = true
			default:
				continue // d = d, d = min(d, cap): no new value
			}
		}
		if !have {
			res, have = dv, true
		} else {
			res = join(res, dv)
		}
	}
	if !have {
		return unknown
	}
	if !local && res.det() && grown && (res.s == sGrowth || res.s == sLinear || res.s == sCounter) {
		// A field the code itself grows each round (c.delay *= 2,
		// c.delay += step) is the state of a backoff, not a setting;
		// so is a counter it increments (b.n++ in a backoff's Next,
		// reset to a constant): the attempt number kept in the receiver.
		return res
	}
	if !local && res.det() {
		// Stored values decide only whether randomness reaches the field;
		// its shape stays "configuration". A field or package variable
		// only ever set to constants (and by the user) has the largest
		// of them as its default: fixed for the whole process.
		out := val{k: kDet, s: sConfig, text: name, param: ev.ix.params[v]}
		if res.s <= sConfig {
			out.dflt = res.dflt
		}
		return out
	}
	return res
}

// table evaluates an element of the slice or array x: a fixed table of
// constant delays (`delays := []time.Duration{time.Second, 5 *
// time.Second}`, or a package variable), written once and never
// appended to, is sTable with its largest element; anything else is
// unknown.
func (ev *evaluator) table(x ast.Expr) val {
	var lits []*ast.CompositeLit
	switch x := ast.Unparen(x).(type) {
	case *ast.CompositeLit:
		lits = append(lits, x)
	case *ast.Ident, *ast.SelectorExpr:
		v := varOf(ev.info, x)
		if v == nil || ev.ix.addr[v] || ev.ix.params[v] || v.Pkg() != ev.r.pass.Pkg {
			return unknown
		}
		for _, d := range ev.ix.vars[v] {
			lit, ok := ast.Unparen(d.rhs).(*ast.CompositeLit)
			if !ok || d.op != token.ASSIGN || d.idx >= 0 {
				return unknown
			}
			lits = append(lits, lit)
		}
	}
	if len(lits) == 0 {
		return unknown
	}
	r := val{k: kDet, s: sTable, at: x}
	for _, lit := range lits {
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			e := ev.eval(el)
			if !e.det() {
				return e
			}
			if e.s != sConst || e.c == nil {
				return unknown
			}
			r.c = maxConst(r.c, e.c)
		}
	}
	if r.c == nil {
		return unknown
	}
	return r
}

func (ev *evaluator) evalDef(v *types.Var, d def) val {
	if d.count {
		return val{k: kDet, s: sCounter, text: v.Name()}
	}
	if d.elem != nil {
		return ev.table(d.elem)
	}
	self := val{k: kDet, s: sConst, text: v.Name(), self: true}
	switch d.op {
	case token.INC, token.DEC:
		return ev.binary(token.ADD, self, val{k: kDet, s: sConst}, nil)
	case token.ASSIGN:
		if d.rhs == nil {
			return unknown
		}
		if d.idx >= 0 {
			switch x := ast.Unparen(d.rhs).(type) {
			case *ast.CallExpr:
				return ev.evalCall(x, d.idx)
			case *ast.IndexExpr:
				// s, ok := resp.Header["Retry-After"]: the value, then a bool.
				if d.idx == 0 {
					return ev.eval(x)
				}
			}
			return unknown
		}
		return ev.eval(d.rhs)
	case token.ADD_ASSIGN, token.SUB_ASSIGN, token.MUL_ASSIGN, token.QUO_ASSIGN, token.SHL_ASSIGN:
		op := map[token.Token]token.Token{
			token.ADD_ASSIGN: token.ADD, token.SUB_ASSIGN: token.SUB, token.MUL_ASSIGN: token.MUL,
			token.QUO_ASSIGN: token.QUO, token.SHL_ASSIGN: token.SHL,
		}[d.op]
		return ev.binary(op, self, ev.eval(d.rhs), nil)
	}
	return unknown
}

// evalCall evaluates result idx of call.
func (ev *evaluator) evalCall(call *ast.CallExpr, idx int) val {
	info := ev.info
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 {
			return ev.eval(call.Args[0]) // time.Duration(x), float64(d)
		}
		return unknown
	}
	// Arguments first: a random or server-provided argument contributes
	// to whatever the call computes from it.
	args := make([]val, len(call.Args))
	for i, a := range call.Args {
		args[i] = ev.eval(a)
		if args[i].k == kRandom || args[i].k == kServer {
			if args[i].k == kServer && isMinMax(info, call) {
				continue // min(retryAfter, cap): combined below
			}
			return val{k: args[i].k}
		}
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			if (b.Name() == "min" || b.Name() == "max") && len(args) > 0 {
				r := args[0]
				for _, a := range args[1:] {
					r = combine(r, a, join)
				}
				return r
			}
			return unknown
		}
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil {
		return ev.funcValue(call, args, idx)
	}
	fn = fn.Origin()
	if isRandFunc(fn) {
		return val{k: kRandom}
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil {
		if isRetryInfo(sig.Recv().Type()) {
			return val{k: kServer}
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			recv := ev.eval(sel.X)
			if recv.k == kServer || recv.k == kRandom {
				return recv // durationpb's AsDuration of a RetryInfo delay
			}
			if isDuration(sig.Recv().Type()) {
				switch fn.Name() {
				case "Seconds", "Milliseconds", "Microseconds", "Nanoseconds", "Minutes", "Hours", "Round", "Truncate", "Abs":
					return recv
				}
			}
		}
	}
	if fn.Pkg() != nil {
		if lib, ok := knowledge.LibraryBackoffs[analysisutil.StripMajor(fn.Pkg().Path())][fn.Name()]; ok {
			// retryablehttp.DefaultBackoff(min, max, attempt, nil):
			// exponential, with no random part; with a response it may
			// return the server's Retry-After instead.
			if lib.Jittered {
				return val{k: kRandom}
			}
			if lib.Resp >= 0 && (lib.Resp >= len(call.Args) || !isNilExpr(info, call.Args[lib.Resp])) {
				return unknown
			}
			return libShape(lib.Shape, call)
		}
	}
	if fn.Pkg() != nil && fn.Pkg().Path() == "math" {
		switch fn.Name() {
		case "Pow":
			if len(args) == 2 && args[0].det() && args[1].det() && args[1].s >= sCounter {
				return val{k: kDet, s: sExp, at: call}
			}
			return join(args[0], args[1])
		case "Exp2":
			if args[0].det() && args[0].s >= sCounter {
				return val{k: kDet, s: sExp, at: call}
			}
			return args[0]
		case "Min", "Max", "Floor", "Ceil", "Round", "Trunc", "Abs":
			r := args[0]
			for _, a := range args[1:] {
				r = join(r, a)
			}
			return r
		}
		return unknown
	}
	if d := ev.r.decls[fn]; d != nil && fn.Pkg() == ev.r.pass.Pkg {
		return ev.inline(d.Type, d.Body, call, args, idx)
	}
	if sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		return ev.dynamic(call, fn, args, idx)
	}
	if f := ev.r.resultFact(fn); f != nil {
		switch f.Kind {
		case "random":
			return val{k: kRandom}
		case "server":
			return val{k: kServer}
		}
	}
	return unknown
}

// funcValue evaluates result idx of a call of a func value. An
// unexported func-typed variable or field of this package whose every
// stored value is a
// function literal written here (a default such as `c.backoff =
// func(attempt int) time.Duration { return time.Second *
// time.Duration(attempt) }`, set when the user gave none) computes what
// those literals return; anything else stored in it (a parameter, the
// user's option, another function) may be jittered, and leaves the call
// unknown.
func (ev *evaluator) funcValue(call *ast.CallExpr, args []val, idx int) val {
	v := varOf(ev.info, call.Fun)
	if v == nil || v.Exported() || v.Pkg() != ev.r.pass.Pkg || ev.ix.addr[v] || ev.ix.params[v] || ev.busy[v] {
		// An exported field or variable is the user's option, set
		// from packages not seen here.
		return unknown
	}
	defs := ev.ix.vars[v]
	if len(defs) == 0 {
		return unknown
	}
	ev.busy[v] = true
	defer delete(ev.busy, v)
	res, have := val{}, false
	for _, d := range defs {
		lit, ok := ast.Unparen(d.rhs).(*ast.FuncLit)
		if !ok || d.op != token.ASSIGN || d.idx >= 0 || strings.HasSuffix(ev.r.pass.Fset.Position(lit.Pos()).Filename, "_test.go") {
			// Something else may be stored, or a test stores its own.
			return unknown
		}
		r := ev.inline(lit.Type, lit.Body, call, args, idx)
		if !have {
			res, have = r, true
		} else {
			res = join(res, r)
		}
	}
	return res
}

// inline evaluates result idx of a function of this package (its type
// and body) called with args: its parameters are bound to the
// arguments' values.
func (ev *evaluator) inline(ft *ast.FuncType, body *ast.BlockStmt, call *ast.CallExpr, args []val, idx int) val {
	if ev.depth >= maxDepth || body == nil {
		return unknown
	}
	env := map[*types.Var]val{}
	i := 0
	variadic := call.Ellipsis.IsValid()
	for _, f := range ft.Params.List {
		if _, ok := f.Type.(*ast.Ellipsis); ok {
			variadic = true
		}
		for _, id := range f.Names {
			v, _ := ev.info.Defs[id].(*types.Var)
			if v != nil {
				if i < len(args) && !variadic {
					env[v] = args[i]
				} else {
					env[v] = unknown
				}
			}
			i++
		}
	}
	saved := ev.env
	ev.env, ev.depth = env, ev.depth+1
	defer func() { ev.env, ev.depth = saved, ev.depth-1 }()
	return ev.returns(body, ft, idx)
}

// returns joins the values a function body returns at result idx.
func (ev *evaluator) returns(body *ast.BlockStmt, ft *ast.FuncType, idx int) val {
	var named []*types.Var
	if ft.Results != nil {
		for _, f := range ft.Results.List {
			for _, id := range f.Names {
				v, _ := ev.info.Defs[id].(*types.Var)
				named = append(named, v)
			}
		}
	}
	res, have := val{}, false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			v := unknown
			switch {
			case len(n.Results) == 0:
				if idx < len(named) && named[idx] != nil {
					v = ev.evalVar(named[idx])
				}
			case len(n.Results) > 1:
				if idx < len(n.Results) {
					v = ev.eval(n.Results[idx])
				}
			default: // one result: the value, or a call returning them all
				if call, ok := ast.Unparen(n.Results[0]).(*ast.CallExpr); ok {
					v = ev.evalCall(call, idx)
				} else if idx == 0 {
					v = ev.eval(n.Results[0])
				}
			}
			if !have {
				res, have = v, true
			} else {
				res = join(res, v)
			}
		}
		return true
	})
	if !have {
		return unknown
	}
	return res
}

// isMinMax reports whether call is of the builtin min or max.
func isMinMax(info *types.Info, call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && (b.Name() == "min" || b.Name() == "max")
}

// isRandFunc reports whether fn draws from a random source: any function
// of math/rand, math/rand/v2 or crypto/rand, or a method of their types.
func isRandFunc(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "math/rand", "math/rand/v2", "crypto/rand":
		return true
	}
	return false
}

// isServerHeader reports whether s names a header in which a server says
// how long to wait.
func isServerHeader(s string) bool {
	switch strings.ToLower(s) {
	case "retry-after", "retry-after-ms", "x-ms-retry-after-ms", "grpc-retry-pushback-ms", "x-ratelimit-reset", "ratelimit-reset":
		return true
	}
	return false
}

// isRetryInfo reports whether t is (a pointer to) a type named RetryInfo:
// gRPC's errdetails.RetryInfo and the protos modelled on it.
func isRetryInfo(t types.Type) bool {
	if t == nil {
		return false
	}
	n, ok := types.Unalias(deref(t)).(*types.Named)
	return ok && n.Obj().Name() == "RetryInfo"
}

// isDuration reports whether t is time.Duration.
func isDuration(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Duration"
}

// isNilExpr reports whether e is the untyped nil.
func isNilExpr(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// libShape is the value of a library backoff of the given shape
// (knowledge.Shape*), computed at e.
func libShape(shape string, e ast.Node) val {
	switch shape {
	case knowledge.ShapeConstant:
		return val{k: kDet, s: sConst, at: e}
	case knowledge.ShapeLinear:
		return val{k: kDet, s: sLinear, at: e}
	}
	return val{k: kDet, s: sExp, at: e}
}
