package classify

// The evaluator answers "what does this classifier return when the error
// is context.Canceled (or DeadlineExceeded)?" by running its body over
// abstract values, path by path.
//
// The classified error is a witness: a concrete error value of the
// hypothesis. The plain witness is the context error itself (what
// ctx.Err() returns); when the function uses gRPC's status or codes
// packages, a second witness is a gRPC status error with code Canceled
// (DeadlineExceeded), which is what a gRPC client returns. Every condition
// is evaluated for the witness to true, false or unknown. Unknown
// conditions fork the path; when the condition depends on the error (it
// mentions the error, the response, a context, or a value derived from
// them) both sides of the fork are uncertain, since the witness might take
// either. A condition that does not depend on the error (a configuration
// flag, an attempt counter) forks without losing certainty: both sides are
// reachable for the witness under some configuration.
//
// The witness is an interface (witness): the interpreter asks it for the
// error's methods, its identity with a sentinel, its gRPC status, its
// message, a concrete type in its chain and that value's fields, the
// response's status, and the caller's context. Context errors (ctxWitness)
// serve noretrycanceled; HTTP statuses, SQLSTATEs and JSON errors
// (witness.go) serve classifiercentral's deterministic-answer rule.
//
// Only certain paths are evidence. Loops whose bodies may return, goto,
// labelled branches and over-long functions make the result incomplete
// rather than guessed.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/wait"
)

// Hypothesis is the error a classifier is asked about.
type Hypothesis int

const (
	Canceled Hypothesis = iota
	DeadlineExceeded
)

func (h Hypothesis) String() string {
	return [...]string{"context.Canceled", "context.DeadlineExceeded"}[h]
}

// code is the gRPC code a status error for h carries.
func (h Hypothesis) code() string { return [...]string{"Canceled", "DeadlineExceeded"}[h] }

// text is the error's message.
func (h Hypothesis) text() string {
	return [...]string{"context canceled", "context deadline exceeded"}[h]
}

// A witness is the concrete failure an evaluation runs a classifier
// against: what the classified error is, which methods it has, what gRPC
// status it carries, and what the caller's context says meanwhile. The
// interpreter asks only these questions, so a new kind of failure is a
// new witness, not a change to the interpreter.
type witness interface {
	// errMethods is the method set of the error's dynamic type.
	errMethods() []string
	// sentinel reports whether the error is (by == or errors.Is) the
	// context error named ctx ("Canceled", "DeadlineExceeded"); false for
	// "".
	sentinel(obj types.Object, ctx string) bool
	// unwrapsToNil reports whether errors.Unwrap(err) is nil.
	unwrapsToNil() bool
	// status is what status.Code(err) returns, and whether the error is
	// a gRPC status error (status.FromError's ok, a GRPCStatus method).
	status() (code string, ok bool)
	// contextCode is the gRPC code status.FromContextError gives.
	contextCode() string
	// message is err.Error(); a test that matches it singles the
	// failure out.
	message() string
	// callerErr names the caller's context error under the witness
	// ("Canceled"), or "" when the caller is still waiting.
	callerErr() string
	// errNil reports whether the classified error is nil (the failure
	// is in the response), and respStatus the response's status when
	// there is a response.
	errNil() bool
	respStatus() (int64, bool)
	// concrete reports whether the error chain holds a value of the
	// concrete type t (errors.As, a type assertion or case).
	concrete(t types.Type) bool
	// field is the value (int64 or string) of a field or no-argument
	// method of that concrete value: StatusCode, Code, SQLState.
	field(name string) (any, bool)
}

func (ctxWitness) errNil() bool              { return false }
func (ctxWitness) respStatus() (int64, bool) { return 0, false }
func (ctxWitness) concrete(types.Type) bool  { return false }
func (ctxWitness) field(string) (any, bool)  { return nil, false }
func (w ctxWitness) String() string {
	if w.grpc {
		return "gRPC " + w.h.code()
	}
	return w.h.String()
}

// ctxWitness is a context error of hypothesis h: the error itself (what
// ctx.Err() returns), or, with grpc, a gRPC status error with the
// matching code (what a gRPC client returns). The caller's context is done
// with that error.
type ctxWitness struct {
	h    Hypothesis
	grpc bool
}

func (w ctxWitness) errMethods() []string {
	switch {
	case w.grpc:
		return []string{"Error", "GRPCStatus", "Is"}
	case w.h == DeadlineExceeded:
		// context.deadlineExceededError implements net.Error.
		return []string{"Error", "Timeout", "Temporary"}
	}
	return []string{"Error"}
}

func (w ctxWitness) sentinel(_ types.Object, ctx string) bool {
	return !w.grpc && ctx != "" && ctx == w.h.code()
}
func (w ctxWitness) unwrapsToNil() bool  { return !w.grpc }
func (w ctxWitness) contextCode() string { return w.h.code() }
func (w ctxWitness) callerErr() string   { return w.h.code() }

func (w ctxWitness) status() (string, bool) {
	if w.grpc {
		return w.h.code(), true
	}
	return "Unknown", false
}

func (w ctxWitness) message() string {
	if w.grpc {
		return "rpc error: code = " + w.h.code() + " desc = " + w.h.text()
	}
	return w.h.text()
}

// ctxText is the message of the context error named ctx.
func ctxText(ctx string) string {
	if ctx == "Canceled" {
		return Canceled.text()
	}
	return DeadlineExceeded.text()
}

// Tri is a three-valued truth.
type Tri int8

const (
	Unknown Tri = iota
	True
	False
)

// Not negates t.
func (t Tri) Not() Tri {
	switch t {
	case True:
		return False
	case False:
		return True
	}
	return Unknown
}

func triOf(b bool) Tri {
	if b {
		return True
	}
	return False
}

// How says what led a path to its answer.
type How int

const (
	CatchAll    How = iota // no condition singled the error out
	Explicit               // errors.Is, ==, a switch case or the message naming the context error
	CtxDone                // a branch taken because the caller's context is done
	Timeout                // net.Error's Timeout()/Temporary(), os.IsTimeout: DeadlineExceeded satisfies them
	GRPCCode               // status code Canceled or DeadlineExceeded
	GRPCUnknown            // status code Unknown: what status.Code returns for a non-gRPC error
)

// An Answer is what one path of a classifier returns.
type Answer struct {
	Return *ast.ReturnStmt
	// Value is the first result when it is a bool, Const when it is an
	// enum constant.
	Value Tri
	Const *types.Const
	How   How
	// Certain is false for paths that went through a condition that the
	// witness might not satisfy.
	Certain bool
	// GRPC: the witness was a gRPC status error, not the context error.
	GRPC bool
	// Callee is the function of this package whose result was returned
	// (return isTransient(err)), if any.
	Callee *types.Func
}

// Options tune Eval.
type Options struct {
	// Decls lets the evaluator look into functions of the package that
	// the classifier calls (depth-limited).
	Decls map[*types.Func]*ast.FuncDecl
	// Defs resolves variables assigned once (sentinels, lists of errors
	// ranged over).
	Defs map[*types.Var]ast.Expr
	// Round is the label of a goto loop (GoesRoundWith): a goto to it
	// goes round, and falling off the end of the loop's statements
	// leaves.
	Round *types.Label
}

// maxSteps bounds the work per evaluation (paths x statements).
const maxSteps = 4000

// Eval evaluates the function fn (an *ast.FuncLit or *ast.FuncDecl) for
// an error of hypothesis h held in its parameter errp. resp, if non-nil,
// is a *http.Response parameter that is nil whenever the error is not
// (go-retryablehttp's CheckRetry). It returns the answers of all paths,
// and complete=false when some paths could not be followed.
func Eval(info *types.Info, fn ast.Node, errp, resp *types.Var, h Hypothesis, opt *Options) (answers []Answer, complete bool) {
	if opt == nil {
		opt = &Options{}
	}
	body, sig := funcBody(info, fn)
	if body == nil || sig == nil || errp == nil {
		return nil, false
	}
	complete = true
	for _, grpc := range []bool{false, true} {
		if grpc && !usesGRPC(info, body) {
			continue
		}
		ip := &interp{info: info, opt: opt, w: ctxWitness{h: h, grpc: grpc}, errp: errp, resp: resp, sig: sig}
		ip.run(body, nil)
		answers = append(answers, ip.answers...)
		if ip.incomplete {
			complete = false
		}
	}
	return answers, complete
}

// funcBody returns the body and signature of a FuncLit or FuncDecl.
func funcBody(info *types.Info, fn ast.Node) (*ast.BlockStmt, *types.Signature) {
	switch f := fn.(type) {
	case *ast.FuncLit:
		sig, _ := info.TypeOf(f).(*types.Signature)
		return f.Body, sig
	case *ast.FuncDecl:
		if obj, ok := info.Defs[f.Name].(*types.Func); ok {
			return f.Body, obj.Type().(*types.Signature)
		}
	}
	return nil, nil
}

// usesGRPC reports whether body refers to grpc's status or codes package.
func usesGRPC(info *types.Info, body ast.Node) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !found {
			if pn, ok := info.Uses[id].(*types.PkgName); ok {
				switch pn.Imported().Path() {
				case grpcStatusPath, grpcCodesPath:
					found = true
				}
			}
		}
		return !found
	})
	return found
}

const (
	grpcStatusPath = "google.golang.org/grpc/status"
	grpcCodesPath  = "google.golang.org/grpc/codes"
)

// kind is the kind of an abstract value.
type kind uint8

const (
	kUnknown  kind = iota
	kBool          // b
	kNil           // nil
	kErr           // the witness error
	kSentinel      // a package-level error variable (obj); ctx names the context error it is, if any
	kCode          // a gRPC code, named s
	kStatus        // a gRPC *Status with code s
	kString        // the string s
	kConst         // a constant c of a non-bool, non-string type (enum values)
	kInt           // the integer n (constants of basic type, a status code)
	kResp          // the witness response
)

// val is an abstract value.
type val struct {
	k   kind
	b   Tri
	s   string
	c   *types.Const
	obj types.Object
	ctx string // for kSentinel: "Canceled"/"DeadlineExceeded" when it is a context error
	n   int64  // for kInt
	dep bool   // an unknown value that depends on the classified error
	how How    // for a decided bool: the hypothesis-specific test that decided it
	// text: a kString that came from the error's message.
	text bool
}

func unknown(dep bool) val { return val{k: kUnknown, dep: dep} }

func boolVal(t Tri, how How, dep bool) val {
	if t == Unknown {
		return val{k: kUnknown, dep: dep}
	}
	return val{k: kBool, b: t, how: how}
}

// tri returns v as a truth value.
func (v val) tri() Tri {
	if v.k == kBool {
		return v.b
	}
	return Unknown
}

// state is one path's state.
type state struct {
	env       map[*types.Var]val
	uncertain bool
	how       How
}

func (s *state) fork() *state {
	env := make(map[*types.Var]val, len(s.env))
	for k, v := range s.env {
		env[k] = v
	}
	return &state{env: env, uncertain: s.uncertain, how: s.how}
}

// mark records that the path took a branch because of a test specific to
// the hypothesis. The first such test wins: it is what singled the error
// out.
func (s *state) mark(h How) {
	if s.how == CatchAll && h != CatchAll {
		s.how = h
	}
}

// flow collects the states leaving a statement by break or continue.
type flow struct {
	breaks, conts []*state
}

type interp struct {
	info       *types.Info
	opt        *Options
	w          witness
	errp, resp *types.Var
	sig        *types.Signature
	steps      int
	incomplete bool
	answers    []Answer
	depth      int
	active     []*types.Func // callee recursion guard
	shared     *int          // steps shared with callees
	// keepErr: assignments to errp leave it the witness (GoesRound runs
	// from the attempt that produced it).
	keepErr bool
}

// run executes body from an initial environment.
func (ip *interp) run(body *ast.BlockStmt, env map[*types.Var]val) {
	if env == nil {
		env = map[*types.Var]val{}
	}
	if ip.shared == nil {
		ip.shared = &ip.steps
	}
	st := &state{env: env}
	out := ip.stmts(body.List, []*state{st}, &flow{})
	// Falling off the end of a function with results does not compile;
	// with none there is nothing to answer.
	_ = out
}

func (ip *interp) tick(n int) bool {
	*ip.shared += n
	if *ip.shared > maxSteps {
		ip.incomplete = true
		return false
	}
	return true
}

func (ip *interp) stmts(list []ast.Stmt, in []*state, fl *flow) []*state {
	cur := in
	for _, s := range list {
		if len(cur) == 0 {
			break
		}
		cur = ip.stmt(s, cur, fl)
	}
	return cur
}

func (ip *interp) stmt(s ast.Stmt, in []*state, fl *flow) []*state {
	if !ip.tick(len(in)) {
		return nil
	}
	switch s := s.(type) {
	case *ast.BlockStmt:
		return ip.stmts(s.List, in, fl)
	case *ast.ReturnStmt:
		for _, st := range in {
			ip.ret(s, st)
		}
		return nil
	case *ast.ExprStmt:
		if call, ok := ast.Unparen(s.X).(*ast.CallExpr); ok && noReturn(ip.info, call) {
			return nil
		}
		for _, st := range in {
			ip.eval(s.X, st)
		}
		return in
	case *ast.AssignStmt:
		for _, st := range in {
			ip.assign(s, st)
		}
		return in
	case *ast.DeclStmt:
		if gd, ok := s.Decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
			for _, st := range in {
				for _, spec := range gd.Specs {
					ip.valueSpec(spec.(*ast.ValueSpec), st)
				}
			}
		}
		return in
	case *ast.IncDecStmt:
		// A counter stays independent of the error unless it was not:
		// tries++ after the attempt is no test of the error.
		for _, st := range in {
			ip.set(s.X, unknown(ip.mentionsDep(s.X, st)), st)
		}
		return in
	case *ast.IfStmt:
		var out []*state
		for _, st := range in {
			if s.Init != nil {
				if r := ip.stmt(s.Init, []*state{st}, fl); len(r) == 1 {
					st = r[0]
				} else {
					continue
				}
			}
			v := ip.eval(s.Cond, st)
			switch v.tri() {
			case True:
				st.mark(v.how)
				out = append(out, ip.stmt(s.Body, []*state{st}, fl)...)
			case False:
				st.mark(v.how)
				if s.Else != nil {
					out = append(out, ip.stmt(s.Else, []*state{st}, fl)...)
				} else {
					out = append(out, st)
				}
			default:
				other := st.fork()
				if v.dep {
					st.uncertain, other.uncertain = true, true
				}
				out = append(out, ip.stmt(s.Body, []*state{st}, fl)...)
				if s.Else != nil {
					out = append(out, ip.stmt(s.Else, []*state{other}, fl)...)
				} else {
					out = append(out, other)
				}
			}
		}
		return out
	case *ast.SwitchStmt:
		return ip.switchStmt(s, in, fl)
	case *ast.TypeSwitchStmt:
		return ip.typeSwitch(s, in, fl)
	case *ast.RangeStmt:
		if out, ok := ip.unroll(s, in); ok {
			return out
		}
		return ip.loop(s, s.Body, in)
	case *ast.ForStmt:
		return ip.loop(s, s.Body, in)
	case *ast.BranchStmt:
		switch {
		case s.Tok == token.GOTO && ip.opt.Round != nil && s.Label != nil && ip.info.Uses[s.Label] == ip.opt.Round:
			fl.conts = append(fl.conts, in...) // back to a goto loop's label: round again
			return nil
		case s.Label != nil || s.Tok == token.GOTO:
			ip.incomplete = true
			return nil
		case s.Tok == token.BREAK:
			fl.breaks = append(fl.breaks, in...)
			return nil
		case s.Tok == token.CONTINUE:
			fl.conts = append(fl.conts, in...)
			return nil
		}
		return in // fallthrough: the switch continues into the next clause
	case *ast.LabeledStmt:
		return ip.stmt(s.Stmt, in, fl)
	case *ast.SelectStmt:
		var out []*state
		sel := &flow{}
		// While the caller is still waiting, its Done case is never
		// taken; when one case is left (the timer of a wait), the select
		// blocks until it is ready, so that path is certain.
		left := 0
		for _, cl := range s.Body.List {
			cc := cl.(*ast.CommClause)
			if !(wait.ClassifyCase(ip.info, cc, nil).Kind == wait.ContextDone && ip.w.callerErr() == "") {
				left++
			}
		}
		for _, st := range in {
			for _, cl := range s.Body.List {
				cc := cl.(*ast.CommClause)
				b := st.fork()
				// The caller's context is done under the hypothesis: its
				// Done case is ready. Other cases may be too.
				done := wait.ClassifyCase(ip.info, cc, nil).Kind == wait.ContextDone
				if done && ip.w.callerErr() == "" {
					continue // the caller is still waiting
				}
				if !done && (left > 1 || cc.Comm == nil) {
					b.uncertain = true
				}
				out = append(out, ip.stmts(cc.Body, []*state{b}, sel)...)
			}
		}
		fl.conts = append(fl.conts, sel.conts...)
		return append(out, sel.breaks...)
	case *ast.DeferStmt, *ast.GoStmt, *ast.SendStmt, *ast.EmptyStmt:
		return in
	}
	for _, st := range in {
		st.uncertain = true
	}
	return in
}

// noReturn reports calls that end the path: panic, os.Exit, log.Fatal*.
func noReturn(info *types.Info, call *ast.CallExpr) bool {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if _, ok := info.Uses[id].(*types.Builtin); ok && id.Name == "panic" {
			return true
		}
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "os":
		return fn.Name() == "Exit"
	case "log":
		return strings.HasPrefix(fn.Name(), "Fatal") || strings.HasPrefix(fn.Name(), "Panic")
	}
	return false
}

// switchStmt runs an expression switch.
func (ip *interp) switchStmt(s *ast.SwitchStmt, in []*state, fl *flow) []*state {
	var out []*state
	clauses := s.Body.List
	for _, st := range in {
		if s.Init != nil {
			r := ip.stmt(s.Init, []*state{st}, fl)
			if len(r) != 1 {
				continue
			}
			st = r[0]
		}
		var tag val
		if s.Tag != nil {
			tag = ip.eval(s.Tag, st)
		}
		// Decide which states enter each clause.
		enter := make([][]*state, len(clauses))
		remaining := []*state{st}
		def := -1
		for i, cl := range clauses {
			cc := cl.(*ast.CaseClause)
			if cc.List == nil {
				def = i
				continue
			}
			var next []*state
			for _, r := range remaining {
				m := ip.caseMatch(s.Tag != nil, tag, cc.List, r)
				switch m.tri() {
				case True:
					r.mark(m.how)
					enter[i] = append(enter[i], r)
				case False:
					r.mark(m.how)
					next = append(next, r)
				default:
					o := r.fork()
					if m.dep {
						r.uncertain, o.uncertain = true, true
					}
					enter[i] = append(enter[i], r)
					next = append(next, o)
				}
			}
			remaining = next
		}
		if def >= 0 {
			enter[def] = append(enter[def], remaining...)
		} else {
			out = append(out, remaining...)
		}
		// Run the bodies in order; fallthrough carries states on.
		sw := &flow{}
		var carry []*state
		for i, cl := range clauses {
			cc := cl.(*ast.CaseClause)
			states := append(enter[i], carry...)
			carry = nil
			if len(states) == 0 {
				continue
			}
			res := ip.stmts(cc.Body, states, sw)
			if n := len(cc.Body); n > 0 {
				if br, ok := cc.Body[n-1].(*ast.BranchStmt); ok && br.Tok == token.FALLTHROUGH {
					carry = res
					continue
				}
			}
			out = append(out, res...)
		}
		out = append(out, sw.breaks...)
		fl.conts = append(fl.conts, sw.conts...)
	}
	return out
}

// caseMatch evaluates whether a case list matches: tag == e for a tagged
// switch, e itself for a tagless one; any element matching suffices.
func (ip *interp) caseMatch(tagged bool, tag val, list []ast.Expr, st *state) val {
	res := boolVal(False, CatchAll, false)
	for _, e := range list {
		var m val
		if tagged {
			m = ip.compare(tag, ip.eval(e, st), token.EQL)
		} else {
			m = ip.eval(e, st)
		}
		res = or(res, m)
		if res.tri() == True {
			return res
		}
	}
	return res
}

// typeSwitch runs a type switch on the error.
func (ip *interp) typeSwitch(s *ast.TypeSwitchStmt, in []*state, fl *flow) []*state {
	var x ast.Expr
	switch a := s.Assign.(type) {
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			x = a.Rhs[0]
		}
	case *ast.ExprStmt:
		x = a.X
	}
	ta, ok := ast.Unparen(x).(*ast.TypeAssertExpr)
	if !ok {
		return ip.opaque(s, in)
	}
	var out []*state
	for _, st := range in {
		if s.Init != nil {
			r := ip.stmt(s.Init, []*state{st}, fl)
			if len(r) != 1 {
				continue
			}
			st = r[0]
		}
		subject := ip.eval(ta.X, st)
		remaining := []*state{st}
		var def *ast.CaseClause
		sw := &flow{}
		for _, cl := range s.Body.List {
			cc := cl.(*ast.CaseClause)
			if cc.List == nil {
				def = cc
				continue
			}
			m := boolVal(False, CatchAll, false)
			for _, te := range cc.List {
				m = or(m, ip.hasType(subject, te))
			}
			sym, _ := ip.info.Implicits[cc].(*types.Var)
			var next []*state
			for _, r := range remaining {
				enter := func(e *state) {
					if sym != nil {
						if len(cc.List) == 1 && m.tri() == True {
							e.env[sym] = subject
						} else {
							e.env[sym] = unknown(true)
						}
					}
					out = append(out, ip.stmts(cc.Body, []*state{e}, sw)...)
				}
				switch m.tri() {
				case True:
					r.mark(m.how)
					enter(r)
				case False:
					next = append(next, r)
				default:
					o := r.fork()
					if m.dep {
						r.uncertain, o.uncertain = true, true
					}
					enter(r)
					next = append(next, o)
				}
			}
			remaining = next
		}
		if def != nil {
			sym, _ := ip.info.Implicits[def].(*types.Var)
			for _, r := range remaining {
				if sym != nil {
					r.env[sym] = subject
				}
			}
			out = append(out, ip.stmts(def.Body, remaining, sw)...)
		} else {
			out = append(out, remaining...)
		}
		out = append(out, sw.breaks...)
		fl.conts = append(fl.conts, sw.conts...)
	}
	return out
}

// hasType evaluates whether subject has the type written te (a case of a
// type switch, or the type of a type assertion).
func (ip *interp) hasType(subject val, te ast.Expr) val {
	if id, ok := ast.Unparen(te).(*ast.Ident); ok && id.Name == "nil" {
		return ip.compare(subject, val{k: kNil}, token.EQL)
	}
	t := ip.info.TypeOf(te)
	if t == nil {
		return unknown(true)
	}
	switch subject.k {
	case kErr:
		return ip.implements(t)
	case kNil:
		return boolVal(False, CatchAll, false)
	}
	return unknown(subject.dep || subject.k != kUnknown)
}

// methods returns the method names of the witness error.
func (ip *interp) methods() []string { return ip.w.errMethods() }

// classOnly is a witness of which only the error's class is known (see
// Class): its message, its methods and its gRPC status are unknown, and
// its concrete type may be.
type classOnly interface {
	opaque() bool
	concreteTri(types.Type) Tri
}

// classOnly returns the witness as a classOnly one, if it is.
func (ip *interp) classOnly() (classOnly, bool) {
	c, ok := ip.w.(classOnly)
	return c, ok && c.opaque()
}

// implements evaluates whether the witness has type t: only interfaces
// whose methods it has; no named concrete type (the context errors' types
// are unexported, gRPC's status error is internal).
func (ip *interp) implements(t types.Type) val {
	it, ok := t.Underlying().(*types.Interface)
	if c, isOpaque := ip.classOnly(); isOpaque {
		if !ok {
			return boolVal(c.concreteTri(t), CatchAll, true)
		}
		for i := range it.NumMethods() {
			if it.Method(i).Name() != "Error" {
				return unknown(true)
			}
		}
		return boolVal(True, CatchAll, false)
	}
	if !ok {
		return boolVal(triOf(ip.w.concrete(t)), CatchAll, false)
	}
	have := ip.methods()
	how := CatchAll
	for i := range it.NumMethods() {
		name := it.Method(i).Name()
		found := false
		for _, m := range have {
			if m == name {
				found = true
			}
		}
		if !found {
			return boolVal(False, CatchAll, false)
		}
		switch name {
		case "Timeout", "Temporary":
			how = Timeout
		case "GRPCStatus":
			how = GRPCCode
		}
	}
	return boolVal(True, how, false)
}

// loop handles a loop that is not unrolled: variables it assigns become
// unknown, and if its body can return, the paths after it are uncertain
// (the witness might have returned inside) and the result incomplete.
func (ip *interp) loop(loop ast.Node, body *ast.BlockStmt, in []*state) []*state {
	returns := false
	var assigned []*types.Var
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			returns = true
		case *ast.BranchStmt:
			if n.Label != nil || n.Tok == token.GOTO {
				returns = true
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok {
					if v, ok := ip.info.ObjectOf(id).(*types.Var); ok {
						assigned = append(assigned, v)
					}
				}
			}
		case *ast.CallExpr:
			// errors.As(err, &v) in the loop binds v.
			for _, a := range n.Args {
				if u, ok := a.(*ast.UnaryExpr); ok && u.Op == token.AND {
					if id, ok := ast.Unparen(u.X).(*ast.Ident); ok {
						if v, ok := ip.info.ObjectOf(id).(*types.Var); ok {
							assigned = append(assigned, v)
						}
					}
				}
			}
		}
		return true
	})
	if returns {
		ip.incomplete = true
	}
	for _, st := range in {
		for _, v := range assigned {
			st.env[v] = unknown(true)
		}
		if returns {
			st.uncertain = true
		}
	}
	return in
}

// unroll runs `for _, e := range list` over a list literal of known
// length (directly, or held in a variable assigned once) element by
// element: classifiers often keep their sentinels in such a list.
func (ip *interp) unroll(s *ast.RangeStmt, in []*state) ([]*state, bool) {
	if s.Key != nil && !isBlank(s.Key) && s.Value == nil {
		return nil, false
	}
	x := ast.Unparen(s.X)
	for range 3 {
		id, ok := x.(*ast.Ident)
		if !ok {
			break
		}
		v, ok := ip.info.Uses[id].(*types.Var)
		if !ok || ip.opt.Defs[v] == nil {
			return nil, false
		}
		x = ast.Unparen(ip.opt.Defs[v])
	}
	lit, ok := x.(*ast.CompositeLit)
	if !ok || len(lit.Elts) > 32 {
		return nil, false
	}
	if lt := ip.info.TypeOf(lit); lt == nil {
		return nil, false
	} else if _, ok := lt.Underlying().(*types.Map); ok {
		return nil, false
	}
	var elemVar, keyVar *types.Var
	if s.Value != nil {
		id, ok := s.Value.(*ast.Ident)
		if !ok {
			return nil, false
		}
		elemVar, _ = ip.info.ObjectOf(id).(*types.Var)
	}
	if s.Key != nil && !isBlank(s.Key) {
		if id, ok := s.Key.(*ast.Ident); ok {
			keyVar, _ = ip.info.ObjectOf(id).(*types.Var)
		}
	}
	cur := in
	var out []*state
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			el = kv.Value
		}
		for _, st := range cur {
			if elemVar != nil {
				st.env[elemVar] = ip.eval(el, st)
			}
			if keyVar != nil {
				st.env[keyVar] = unknown(false)
			}
		}
		fl := &flow{}
		next := ip.stmts(s.Body.List, cur, fl)
		out = append(out, fl.breaks...)
		cur = append(next, fl.conts...)
		if len(cur) == 0 {
			break
		}
	}
	return append(out, cur...), true
}

func isBlank(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "_"
}

// opaque handles a statement the evaluator does not model: the paths
// through it are uncertain.
func (ip *interp) opaque(_ ast.Stmt, in []*state) []*state {
	ip.incomplete = true
	for _, st := range in {
		st.uncertain = true
	}
	return in
}

// ret records the answer of a return statement.
func (ip *interp) ret(s *ast.ReturnStmt, st *state) {
	_, grpc := ip.w.status()
	a := Answer{Return: s, How: st.how, Certain: !st.uncertain, GRPC: grpc}
	var v val
	res := ip.sig.Results()
	switch {
	case len(s.Results) == 0:
		if res.Len() > 0 && res.At(0).Name() != "" {
			v = st.env[res.At(0)]
			if _, ok := st.env[res.At(0)]; !ok {
				v = zero(res.At(0).Type())
			}
		}
	case len(s.Results) == 1 && res.Len() > 1:
		// return f(...) with f returning the whole tuple.
		if call, ok := ast.Unparen(s.Results[0]).(*ast.CallExpr); ok {
			vs := ip.tuple(call, st, res.Len())
			v = vs[0]
			a.Callee = ip.calleeDecl(call)
		}
	default:
		v = ip.eval(s.Results[0], st)
		if call, ok := ast.Unparen(s.Results[0]).(*ast.CallExpr); ok {
			a.Callee = ip.calleeDecl(call)
		}
	}
	switch v.k {
	case kBool:
		a.Value = v.b
		if v.how != CatchAll && a.How == CatchAll {
			a.How = v.how
		}
	case kConst:
		a.Const = v.c
	}
	ip.answers = append(ip.answers, a)
}

// calleeDecl returns the package function a call runs, if its body is
// visible.
func (ip *interp) calleeDecl(call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(ip.info, call).(*types.Func)
	if fn == nil || ip.opt.Decls[fn.Origin()] == nil {
		return nil
	}
	return fn.Origin()
}

// zero is the zero value of t.
func zero(t types.Type) val {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Kind() == types.Bool {
			return val{k: kBool, b: False}
		}
		if u.Info()&types.IsString != 0 {
			return val{k: kString}
		}
	case *types.Interface, *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature:
		return val{k: kNil}
	}
	return unknown(false)
}

// assign executes an assignment.
func (ip *interp) assign(s *ast.AssignStmt, st *state) {
	if s.Tok != token.ASSIGN && s.Tok != token.DEFINE {
		for _, l := range s.Lhs {
			ip.setUnknown(l, st)
		}
		return
	}
	if len(s.Lhs) == len(s.Rhs) {
		vals := make([]val, len(s.Rhs))
		for i, r := range s.Rhs {
			vals[i] = ip.eval(r, st)
		}
		for i, l := range s.Lhs {
			ip.set(l, vals[i], st)
		}
		return
	}
	if len(s.Rhs) == 1 {
		var vals []val
		switch r := ast.Unparen(s.Rhs[0]).(type) {
		case *ast.CallExpr:
			vals = ip.tuple(r, st, len(s.Lhs))
		case *ast.TypeAssertExpr:
			// v, ok := err.(T)
			subject := ip.eval(r.X, st)
			m := ip.hasType(subject, r.Type)
			v := unknown(true)
			if m.tri() == True {
				v = subject
			}
			vals = []val{v, m}
		default:
			for range s.Lhs {
				vals = append(vals, unknown(ip.mentionsDep(r, st)))
			}
		}
		for i, l := range s.Lhs {
			if i < len(vals) {
				ip.set(l, vals[i], st)
			}
		}
	}
}

func (ip *interp) valueSpec(vs *ast.ValueSpec, st *state) {
	switch {
	case len(vs.Values) == 0:
		for _, id := range vs.Names {
			if v, ok := ip.info.Defs[id].(*types.Var); ok {
				st.env[v] = zero(v.Type())
			}
		}
	case len(vs.Values) == len(vs.Names):
		for i, id := range vs.Names {
			ip.set(id, ip.eval(vs.Values[i], st), st)
		}
	default:
		if call, ok := ast.Unparen(vs.Values[0]).(*ast.CallExpr); ok {
			vals := ip.tuple(call, st, len(vs.Names))
			for i, id := range vs.Names {
				ip.set(id, vals[i], st)
			}
		}
	}
}

func (ip *interp) set(l ast.Expr, v val, st *state) {
	id, ok := ast.Unparen(l).(*ast.Ident)
	if !ok || id.Name == "_" {
		return
	}
	if obj, ok := ip.info.ObjectOf(id).(*types.Var); ok {
		if obj == ip.errp && ip.keepErr {
			return
		}
		st.env[obj] = v
	}
}

func (ip *interp) setUnknown(l ast.Expr, st *state) {
	ip.set(l, unknown(true), st)
}

// tuple evaluates a call whose n results are assigned.
func (ip *interp) tuple(call *ast.CallExpr, st *state, n int) []val {
	out := make([]val, n)
	dep := ip.mentionsDep(call, st)
	for i := range out {
		out[i] = unknown(dep)
	}
	fn, _ := typeutil.Callee(ip.info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return out
	}
	switch path := fn.Pkg().Path(); {
	case path == grpcStatusPath && fn.Name() == "FromError" && n == 2 && len(call.Args) == 1:
		if _, ok := ip.classOnly(); ok {
			return out
		}
		if ip.eval(call.Args[0], st).k == kErr {
			if code, ok := ip.w.status(); ok {
				out[0], out[1] = val{k: kStatus, s: code}, boolVal(True, GRPCCode, false)
			} else {
				out[0], out[1] = val{k: kStatus, s: code}, boolVal(False, CatchAll, false)
			}
		}
		return out
	case path == RetryablehttpPath && (fn.Name() == "DefaultRetryPolicy" || fn.Name() == "ErrorPropagatedRetryPolicy"):
		// Both check ctx.Err() first, and the caller's context is done.
		if len(call.Args) == 3 && analysisutil.IsContext(ip.info.TypeOf(call.Args[0])) {
			out[0] = boolVal(False, CtxDone, false)
		}
		return out
	}
	if d := ip.opt.Decls[fn.Origin()]; d != nil {
		vals := ip.callee(fn.Origin(), d, call, st)
		if vals.k != kUnknown {
			out[0] = vals
		}
	}
	return out
}

// eval evaluates an expression for the witness.
func (ip *interp) eval(e ast.Expr, st *state) val {
	e = ast.Unparen(e)
	if tv, ok := ip.info.Types[e]; ok && tv.Value != nil {
		switch tv.Value.Kind() {
		case constant.Bool:
			return boolVal(triOf(constant.BoolVal(tv.Value)), CatchAll, false)
		case constant.String:
			if c := ip.constObj(e); c != nil && !isBasicString(c.Type()) {
				return val{k: kConst, c: c}
			}
			return val{k: kString, s: constant.StringVal(tv.Value)}
		}
		if b, ok := tv.Type.(*types.Basic); ok && tv.Value.Kind() == constant.Int {
			if n, exact := constant.Int64Val(tv.Value); exact && b.Info()&types.IsInteger != 0 {
				return val{k: kInt, n: n}
			}
		}
		if c := ip.constObj(e); c != nil {
			return val{k: kConst, c: c}
		}
		return unknown(false)
	}
	switch e := e.(type) {
	case *ast.Ident:
		obj := ip.info.Uses[e]
		switch o := obj.(type) {
		case *types.Nil:
			return val{k: kNil}
		case *types.Var:
			return ip.varVal(o, st)
		}
		return unknown(false)
	case *ast.SelectorExpr:
		if v, ok := ip.info.Uses[e.Sel].(*types.Var); ok && ip.info.Selections[e] == nil {
			return ip.varVal(v, st) // pkg.Var
		}
		x := ip.eval(e.X, st)
		switch x.k {
		case kNil:
			// A field of a nil response: the path would panic.
			return unknown(true)
		case kResp:
			if n, ok := ip.w.respStatus(); ok && e.Sel.Name == "StatusCode" {
				return val{k: kInt, n: n}
			}
		case kErr:
			if v, ok := ip.w.field(e.Sel.Name); ok {
				return fieldVal(v)
			}
		}
		return unknown(ip.mentionsDep(e, st))
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			x := ip.eval(e.X, st)
			if x.k == kBool {
				return val{k: kBool, b: x.b.Not(), how: x.how}
			}
			return x
		}
		return unknown(ip.mentionsDep(e, st))
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			x := ip.eval(e.X, st)
			if x.tri() == False {
				return x
			}
			y := ip.eval(e.Y, st)
			return and(x, y)
		case token.LOR:
			x := ip.eval(e.X, st)
			if x.tri() == True {
				return x
			}
			y := ip.eval(e.Y, st)
			return or(x, y)
		case token.EQL, token.NEQ:
			return ip.compare(ip.eval(e.X, st), ip.eval(e.Y, st), e.Op)
		case token.LSS, token.LEQ, token.GTR, token.GEQ:
			x, y := ip.eval(e.X, st), ip.eval(e.Y, st)
			if x.k == kInt && y.k == kInt {
				return boolVal(triOf(constant.Compare(constant.MakeInt64(x.n), e.Op, constant.MakeInt64(y.n))), CatchAll, false)
			}
		}
		return unknown(ip.mentionsDep(e, st))
	case *ast.CallExpr:
		return ip.call(e, st)
	case *ast.TypeAssertExpr:
		subject := ip.eval(e.X, st)
		if ip.hasType(subject, e.Type).tri() == True {
			return subject
		}
		return unknown(true)
	}
	return unknown(ip.mentionsDep(e, st))
}

func isBasicString(t types.Type) bool {
	b, ok := types.Unalias(t).(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// constObj returns the named constant e denotes, if any.
func (ip *interp) constObj(e ast.Expr) *types.Const {
	switch e := e.(type) {
	case *ast.Ident:
		c, _ := ip.info.Uses[e].(*types.Const)
		return c
	case *ast.SelectorExpr:
		c, _ := ip.info.Uses[e.Sel].(*types.Const)
		return c
	}
	return nil
}

// varVal is the value of a variable.
func (ip *interp) varVal(v *types.Var, st *state) val {
	if v == ip.errp {
		if ip.w.errNil() {
			return val{k: kNil}
		}
		return val{k: kErr}
	}
	if v == ip.resp {
		if _, ok := ip.w.respStatus(); ok {
			return val{k: kResp}
		}
		return val{k: kNil}
	}
	if x, ok := st.env[v]; ok {
		return x
	}
	// A package-level error variable is a sentinel: the context errors by
	// name, or a variable of this package that holds one. Its type may be
	// a concrete error type (var ErrX = &Error{...}).
	if pkgLevel(v) {
		if v.Pkg().Path() == "context" {
			switch v.Name() {
			case "Canceled", "DeadlineExceeded":
				return val{k: kSentinel, obj: v, ctx: v.Name()}
			}
		}
		if isErrorValue(v.Type()) {
			if d := ip.opt.Defs[v]; d != nil {
				if s := ip.eval(d, st); s.k == kSentinel {
					return s
				}
			}
			return val{k: kSentinel, obj: v}
		}
		return unknown(false)
	}
	return unknown(analysisutil.IsError(v.Type()) || analysisutil.IsContext(v.Type()))
}

// mentionsDep reports whether e refers to the error, the response, a
// context, or a variable whose value depends on them.
func (ip *interp) mentionsDep(e ast.Node, st *state) bool {
	dep := false
	ast.Inspect(e, func(n ast.Node) bool {
		if dep {
			return false
		}
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := ip.info.Uses[id].(*types.Var)
		if !ok {
			return true
		}
		if v == ip.errp || v == ip.resp || analysisutil.IsContext(v.Type()) {
			dep = true
		} else if x, ok := st.env[v]; ok {
			dep = x.dep || x.k == kErr || x.k == kStatus || x.k == kCode || x.k == kResp
		} else if analysisutil.IsError(v.Type()) && !pkgLevel(v) {
			dep = true
		}
		return true
	})
	return dep
}

func and(x, y val) val {
	switch {
	case x.tri() == False:
		return x
	case y.tri() == False:
		return y
	case x.tri() == True && y.tri() == True:
		return val{k: kBool, b: True, how: pick(x.how, y.how)}
	case x.tri() == True:
		return y
	case y.tri() == True:
		return x
	}
	return unknown(x.dep || y.dep)
}

func or(x, y val) val {
	switch {
	case x.tri() == True:
		return x
	case y.tri() == True:
		return y
	case x.tri() == False && y.tri() == False:
		return val{k: kBool, b: False, how: pick(x.how, y.how)}
	case x.tri() == False:
		return y
	case y.tri() == False:
		return x
	}
	return unknown(x.dep || y.dep)
}

func pick(a, b How) How {
	if a != CatchAll {
		return a
	}
	return b
}

// rank orders value kinds so that compare sees each pair one way round.
var rank = [...]int{kErr: 0, kResp: 1, kCode: 2, kStatus: 3, kSentinel: 4, kString: 5, kInt: 6, kBool: 7, kConst: 8, kUnknown: 9, kNil: 10}

// compare evaluates x == y (op EQL) or x != y (op NEQ).
func (ip *interp) compare(x, y val, op token.Token) val {
	if rank[y.k] < rank[x.k] {
		x, y = y, x
	}
	eq := unknown(x.dep || y.dep || x.k == kErr || y.k == kErr)
	switch {
	case x.k == kBool && y.k == kBool:
		eq = boolVal(triOf(x.b == y.b), pick(x.how, y.how), false)
	case x.k == kNil && y.k == kNil:
		eq = boolVal(True, CatchAll, false)
	case x.k == kErr && y.k == kNil, x.k == kStatus && y.k == kNil:
		eq = boolVal(False, CatchAll, false)
	case x.k == kErr && y.k == kSentinel:
		// The plain witness is the context error itself; a gRPC status
		// error equals no sentinel.
		if ip.w.sentinel(y.obj, y.ctx) {
			eq = boolVal(True, Explicit, false)
		} else {
			eq = boolVal(False, CatchAll, false)
		}
	case x.k == kSentinel && y.k == kSentinel:
		switch {
		case x.obj == y.obj:
			eq = boolVal(True, how(x), false)
		case x.ctx != "" && y.ctx != "":
			eq = boolVal(False, CatchAll, false)
		}
	case x.k == kSentinel && y.k == kNil:
		eq = boolVal(triOf(x.obj == nil && x.ctx == ""), how(x), false)
	case x.k == kCode && y.k == kConst:
		if isCode(y.c) {
			h := CatchAll
			if y.c.Name() == x.s {
				h = GRPCCode
				if x.s == "Unknown" {
					h = GRPCUnknown
				}
			}
			eq = boolVal(triOf(y.c.Name() == x.s), h, false)
		}
	case x.k == kCode && y.k == kCode:
		eq = boolVal(triOf(x.s == y.s), CatchAll, false)
	case x.k == kString && y.k == kString:
		h := CatchAll
		if x.text || y.text {
			h = Explicit
		}
		eq = boolVal(triOf(x.s == y.s), h, false)
	case x.k == kResp && y.k == kNil:
		eq = boolVal(False, CatchAll, false)
	case x.k == kInt && y.k == kInt:
		eq = boolVal(triOf(x.n == y.n), CatchAll, false)
	case x.k == kConst && y.k == kConst:
		eq = boolVal(triOf(x.c == y.c || constant.Compare(x.c.Val(), token.EQL, y.c.Val())), CatchAll, false)
	}
	if op == token.NEQ && eq.k == kBool {
		eq.b = eq.b.Not()
	}
	return eq
}

// how is the How of a decided test on a sentinel: the caller's context
// error is CtxDone.
func how(x val) How {
	if x.ctx != "" && x.obj == nil {
		return CtxDone
	}
	return CatchAll
}

// isCode reports whether c is a constant of grpc's codes.Code.
func isCode(c *types.Const) bool {
	return isNamed(c.Type(), grpcCodesPath, "Code")
}

// call evaluates a call in a single-value context.
func (ip *interp) call(call *ast.CallExpr, st *state) val {
	dep := ip.mentionsDep(call, st)
	if tv, ok := ip.info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 {
			return ip.eval(call.Args[0], st) // conversion
		}
		return unknown(dep)
	}
	fn, _ := typeutil.Callee(ip.info, call).(*types.Func)
	if fn == nil {
		return unknown(dep)
	}
	args := call.Args
	arg := func(i int) val {
		if i < len(args) {
			return ip.eval(args[i], st)
		}
		return unknown(true)
	}
	sig := fn.Type().(*types.Signature)
	path := ""
	if fn.Pkg() != nil {
		path = fn.Pkg().Path()
	}
	if sig.Recv() != nil {
		return ip.method(call, fn, st, dep)
	}
	if knowledge.IsErrorsPackage(path) {
		path = "errors" // a drop-in replacement: same Is, As, Unwrap
	}
	switch path {
	case "errors":
		switch fn.Name() {
		case "Is":
			return ip.errorsIs(arg(0), arg(1))
		case "As":
			return ip.errorsAs(call, arg(0), st)
		case "Unwrap":
			if x := arg(0); x.k == kErr && ip.w.unwrapsToNil() {
				return val{k: kNil}
			}
		}
	case "os":
		if fn.Name() == "IsTimeout" {
			if x := arg(0); x.k == kErr {
				return ip.implementsMethod("Timeout")
			}
		}
	case "context":
		if fn.Name() == "Cause" {
			return ip.ctxErr()
		}
	case "strings":
		switch fn.Name() {
		case "Contains", "HasPrefix", "HasSuffix", "EqualFold":
			s, sub := arg(0), arg(1)
			if s.k == kString && sub.k == kString {
				var r bool
				switch fn.Name() {
				case "Contains":
					r = strings.Contains(s.s, sub.s)
				case "HasPrefix":
					r = strings.HasPrefix(s.s, sub.s)
				case "HasSuffix":
					r = strings.HasSuffix(s.s, sub.s)
				case "EqualFold":
					r = strings.EqualFold(s.s, sub.s)
				}
				h := CatchAll
				if r && (s.text || sub.text) {
					h = Explicit
				}
				// A wrapped error's message has a prefix: only a match, or
				// a miss of a substring, is known for every witness.
				if !r && fn.Name() != "Contains" {
					return unknown(true)
				}
				return boolVal(triOf(r), h, false)
			}
		}
	case grpcStatusPath:
		x := arg(0)
		if x.k != kErr {
			break
		}
		if _, ok := ip.classOnly(); ok {
			return unknown(true)
		}
		switch fn.Name() {
		case "Code":
			return val{k: kCode, s: ip.statusCode()}
		case "Convert":
			return val{k: kStatus, s: ip.statusCode()}
		case "FromContextError":
			return val{k: kStatus, s: ip.w.contextCode()}
		}
	}
	if analysisutil.StripMajor(path) == RetryGoPath && fn.Name() == "IsRecoverable" {
		if x := arg(0); x.k == kErr {
			return boolVal(True, CatchAll, false)
		}
	}
	if d := ip.opt.Decls[fn.Origin()]; d != nil {
		if v := ip.callee(fn.Origin(), d, call, st); v.k != kUnknown {
			return v
		}
	}
	return unknown(dep)
}

// statusCode is what status.Code returns for the witness.
func (ip *interp) statusCode() string {
	code, _ := ip.w.status()
	return code
}

// ctxErr is the value of ctx.Err() for the caller's context, which is done
// under the hypothesis.
func (ip *interp) ctxErr() val {
	if c := ip.w.callerErr(); c != "" {
		return val{k: kSentinel, ctx: c}
	}
	return val{k: kNil}
}

// implementsMethod evaluates whether the witness has the named method
// returning true (Timeout, Temporary).
func (ip *interp) implementsMethod(name string) val {
	if _, ok := ip.classOnly(); ok {
		return unknown(true)
	}
	for _, m := range ip.methods() {
		if m == name {
			return boolVal(True, Timeout, false)
		}
	}
	return boolVal(False, CatchAll, false)
}

// method evaluates a method call.
func (ip *interp) method(call *ast.CallExpr, fn *types.Func, st *state, dep bool) val {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return unknown(dep)
	}
	if analysisutil.IsContext(ip.info.TypeOf(sel.X)) && fn.Name() == "Err" {
		return ip.ctxErr()
	}
	recv := ip.eval(sel.X, st)
	if _, ok := ip.classOnly(); ok && recv.k == kErr {
		if v, ok := ip.w.field(fn.Name()); ok && len(call.Args) == 0 {
			return fieldVal(v)
		}
		return unknown(true)
	}
	switch recv.k {
	case kErr:
		switch fn.Name() {
		case "Error":
			return val{k: kString, s: ip.w.message(), text: true}
		case "Timeout", "Temporary":
			return ip.implementsMethod(fn.Name())
		case "GRPCStatus":
			if code, ok := ip.w.status(); ok {
				return val{k: kStatus, s: code}
			}
		}
		if v, ok := ip.w.field(fn.Name()); ok && len(call.Args) == 0 {
			return fieldVal(v)
		}
	case kStatus:
		if fn.Name() == "Code" {
			return val{k: kCode, s: recv.s}
		}
	case kSentinel:
		if recv.ctx != "" && fn.Name() == "Error" {
			return val{k: kString, s: ctxText(recv.ctx)}
		}
	}
	if d := ip.opt.Decls[fn.Origin()]; d != nil && recv.k == kUnknown && !recv.dep {
		if v := ip.callee(fn.Origin(), d, call, st); v.k != kUnknown {
			return v
		}
	}
	return unknown(dep)
}

// errorsIs evaluates errors.Is(x, target).
func (ip *interp) errorsIs(x, target val) val {
	switch {
	case x.k == kErr && target.k == kSentinel:
		if ip.w.sentinel(target.obj, target.ctx) {
			h := Explicit
			if target.obj == nil {
				h = CtxDone // errors.Is(err, ctx.Err())
			}
			return boolVal(True, h, false)
		}
		return boolVal(False, CatchAll, false)
	case x.k == kNil:
		return boolVal(False, CatchAll, false)
	case x.k == kErr && target.k == kNil:
		return boolVal(False, CatchAll, false)
	case x.k == kSentinel && target.k == kSentinel && x.ctx != "" && target.ctx != "":
		// errors.Is(ctx.Err(), context.Canceled)
		h := CatchAll
		if x.ctx == target.ctx {
			h = CtxDone
		}
		return boolVal(triOf(x.ctx == target.ctx), h, false)
	}
	return unknown(true)
}

// errorsAs evaluates errors.As(x, &v), binding v when it succeeds.
func (ip *interp) errorsAs(call *ast.CallExpr, x val, st *state) val {
	if len(call.Args) != 2 {
		return unknown(true)
	}
	u, ok := ast.Unparen(call.Args[1]).(*ast.UnaryExpr)
	var target *types.Var
	if ok && u.Op == token.AND {
		if id, ok := ast.Unparen(u.X).(*ast.Ident); ok {
			target, _ = ip.info.ObjectOf(id).(*types.Var)
		}
	}
	if x.k == kNil {
		return boolVal(False, CatchAll, false)
	}
	if x.k != kErr || target == nil {
		if target != nil {
			st.env[target] = unknown(true)
		}
		return unknown(true)
	}
	m := ip.implements(target.Type())
	if m.tri() == True {
		st.env[target] = val{k: kErr}
	}
	return m
}

// callee evaluates a call of a function of this package by running its
// body with the arguments bound, and returns its answer if every path
// agrees on it.
func (ip *interp) callee(fn *types.Func, d *ast.FuncDecl, call *ast.CallExpr, st *state) val {
	if ip.depth >= 3 || d.Body == nil {
		return unknown(true)
	}
	for _, a := range ip.active {
		if a == fn {
			return unknown(true)
		}
	}
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() == 0 || sig.Variadic() || len(call.Args) != sig.Params().Len() {
		return unknown(true)
	}
	sub := &interp{info: ip.info, opt: ip.opt, w: ip.w, sig: sig, depth: ip.depth + 1,
		active: append(ip.active, fn), shared: ip.shared}
	env := map[*types.Var]val{}
	for i := range sig.Params().Len() {
		p := sig.Params().At(i)
		v := ip.eval(call.Args[i], st)
		switch {
		case v.k == kErr:
			sub.errp = p
		case (v.k == kNil || v.k == kResp) && isNamed(p.Type(), "net/http", "Response"):
			sub.resp = p
		default:
			env[p] = v
		}
	}
	if sub.errp == nil && (sub.resp == nil || !ip.w.errNil()) {
		return unknown(ip.mentionsDep(call, st))
	}
	sub.run(d.Body, env)
	if sub.incomplete || len(sub.answers) == 0 {
		return unknown(true)
	}
	first := sub.answers[0]
	h := CatchAll
	for _, a := range sub.answers {
		if !a.Certain || a.Value != first.Value || a.Const != first.Const {
			return unknown(true)
		}
		h = pick(h, a.How)
	}
	switch {
	case first.Const != nil:
		return val{k: kConst, c: first.Const}
	case first.Value != Unknown:
		return boolVal(first.Value, h, false)
	}
	return unknown(true)
}

// GoesRound says whether a retry loop goes round again when its attempt
// fails with an error of hypothesis h: it runs the loop body from the
// statement from (the one holding the attempt) to its end, with errVar
// bound to the witness, and answers True if a certain path reaches the end
// of the body or a continue, False if every path leaves (return, break,
// panic), Unknown otherwise.
func GoesRound(info *types.Info, body *ast.BlockStmt, from ast.Stmt, errVar *types.Var, h Hypothesis, opt *Options) Tri {
	return GoesRoundWith(info, body, from, errVar, ctxWitness{h: h}, opt)
}

// fieldVal is the abstract value of a witness field.
func fieldVal(v any) val {
	switch v := v.(type) {
	case int64:
		return val{k: kInt, n: v}
	case string:
		return val{k: kString, s: v}
	}
	return unknown(true)
}
