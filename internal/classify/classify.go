// Package classify recognises retry classifiers — the functions that decide
// whether an error is worth another attempt — and evaluates what they
// answer for a given error (see Eval).
//
// A retry classifier is:
//   - a predicate handed to a known retry API: retry-go's retry.RetryIf,
//     client-go's retry.OnError (its retriable argument), go-retryablehttp's
//     Client.CheckRetry (a field assignment or a composite literal key), and
//     failsafe-go retrypolicy builders' HandleIf/HandleErrors and, with the
//     opposite polarity, AbortIf/AbortOnErrors (circuitbreaker builders are
//     not retry classifiers: breakerverdict owns them);
//   - a classifier-shaped argument of a retry helper (a home-grown
//     retry.Do(ctx, policy, cls, op) takes cls);
//   - a function whose doc comment holds //reslint:classifier;
//   - a function (or a closure held in a variable) shaped func(error) bool,
//     func(error) (bool, time.Duration) or func(error) E for an enum type E,
//     whose name says retry/retryable/retriable/transient/classify.
//
// SignalFinder (signal.go) recognises the checks classifiers are made of:
// retry signals (connection errnos, net error types, SQLSTATEs, gRPC
// codes, HTTP statuses) and deterministic answers (HTTP 4xx, SQLSTATE
// class 23, JSON errors).
//
// Find returns one Classifier per function body, with every place that
// registers it (Sites). Recognition is conservative: a predicate whose
// body is not visible in the package is recorded without a body, and a
// name that negates (isNonRetryable, notRetriable) is not a classifier.
package classify

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/directive"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/retryscope"
)

// Import paths of the retry APIs that take classifiers.
const (
	RetryGoPath       = knowledge.RetryGo // any major version
	ClientGoRetryPath = knowledge.ClientGoRetry
	RetryablehttpPath = knowledge.Retryablehttp
	RetrypolicyPath   = knowledge.Retrypolicy
)

// Source says how a function came to be a classifier.
type Source int

const (
	RetryIf       Source = iota // retry-go retry.RetryIf(pred)
	OnError                     // client-go retry.OnError(backoff, retriable, fn)
	CheckRetry                  // go-retryablehttp Client.CheckRetry
	HandleIf                    // failsafe-go retrypolicy Builder.HandleIf(pred)
	HandleErrors                // failsafe-go retrypolicy Builder.HandleErrors(errs...)
	AbortIf                     // failsafe-go retrypolicy Builder.AbortIf(pred): true means stop
	AbortOnErrors               // failsafe-go retrypolicy Builder.AbortOnErrors(errs...)
	HelperArg                   // classifier-shaped argument of a retry helper
	Marked                      // //reslint:classifier
	Named                       // name and shape
)

func (s Source) String() string {
	return [...]string{"retry.RetryIf", "retry.OnError", "retryablehttp CheckRetry", "retrypolicy HandleIf",
		"retrypolicy HandleErrors", "retrypolicy AbortIf", "retrypolicy AbortOnErrors", "retry helper argument",
		"//reslint:classifier", "name"}[s]
}

// Reversed reports whether a true answer of a classifier registered this
// way means "do not retry".
func (s Source) Reversed() bool { return s == AbortIf || s == AbortOnErrors }

// Library reports whether the source is a known library's retry API.
func (s Source) Library() bool { return s <= AbortOnErrors }

// Shape is the form of a classifier's answer.
type Shape int

const (
	Bool         Shape = iota // func(error) bool, func(R, error) bool
	BoolDuration              // func(error) (bool, time.Duration)
	BoolError                 // func(ctx, *http.Response, error) (bool, error)
	Enum                      // func(error) E, E a named integer or string type
)

// A Site is one place that makes a function a classifier.
type Site struct {
	Source Source
	// Node is the registration: the *ast.CallExpr of RetryIf/OnError/
	// HandleIf/a helper call, the *ast.KeyValueExpr or *ast.AssignStmt of
	// a CheckRetry, or the *ast.FuncDecl / *ast.ValueSpec / *ast.AssignStmt
	// that declares a marked or named classifier.
	Node ast.Node
	// Expr is the predicate as written at the site (nil for declarations).
	Expr ast.Expr
	// Helper is the retry helper of a HelperArg site, and Param the index
	// of the classifier parameter.
	Helper *types.Func
	Param  int
	// Stops is set when a true answer means "do not retry" here: a
	// retry helper that leaves when its predicate says true (`if
	// isFatal(err) { return err }`), or a marked predicate named so
	// (IsPermanent). AbortIf and AbortOnErrors sites stop by their
	// Source.
	Stops bool
	// Chain holds the calls of a fluent failsafe-go builder chain that the
	// site belongs to (NewBuilder[R]().HandleIf(p).AbortOnErrors(...)), so
	// that an abort condition elsewhere in the chain can be taken into
	// account.
	Chain []*ast.CallExpr
}

// A Classifier is one classifier function, or one error list of a
// failsafe-go HandleErrors/AbortOnErrors call.
type Classifier struct {
	// Name is the function's name for messages ("isRetryable",
	// "Client.shouldRetry"), or a description of a literal.
	Name string
	// Func is the *ast.FuncLit or *ast.FuncDecl whose body decides, or nil
	// when the body is not visible in this package (or for an error list).
	Func ast.Node
	Body *ast.BlockStmt
	// Obj is the declared function, or the variable holding a literal.
	Obj types.Object
	Sig *types.Signature
	// Err, Ctx and Resp are the parameters holding the classified error,
	// the caller's context (CheckRetry) and the response (CheckRetry).
	Err, Ctx, Resp *types.Var
	Shape          Shape
	// Errors are the arguments of HandleErrors/AbortOnErrors.
	Errors []ast.Expr
	Sites  []*Site
}

// Sources returns the distinct sources of c's sites.
func (c *Classifier) Sources() []Source {
	var out []Source
	for _, s := range c.Sites {
		if !slices.Contains(out, s.Source) {
			out = append(out, s.Source)
		}
	}
	return out
}

// Has reports whether one of c's sites has source s.
func (c *Classifier) Has(s Source) bool { return slices.Contains(c.Sources(), s) }

// Reversed reports whether a true answer at this site means "do not
// retry".
func (s *Site) Reversed() bool { return s.Stops || s.Source.Reversed() }

// Reversed reports whether c answers "stop" with true (AbortIf, a retry
// helper's isFatal argument, a marked IsPermanent).
func (c *Classifier) Reversed() bool {
	for _, s := range c.Sites {
		if !s.Reversed() {
			return false
		}
	}
	return len(c.Sites) > 0
}

// finder is the state of one Find.
type finder struct {
	pass   *analysis.Pass
	info   *types.Info
	res    *retryscope.Result
	decls  map[*types.Func]*ast.FuncDecl
	defs   map[*types.Var]ast.Expr // variables assigned once, with their value
	byBody map[ast.Node]*Classifier
	out    []*Classifier
}

// Find returns the classifiers of the package. res (may be nil) supplies
// the retry helpers whose classifier-shaped arguments count.
func Find(pass *analysis.Pass, in *inspector.Inspector, res *retryscope.Result) []*Classifier {
	f := &finder{
		pass:   pass,
		info:   pass.TypesInfo,
		res:    res,
		byBody: map[ast.Node]*Classifier{},
	}
	if res != nil && res.Defs != nil {
		f.decls, f.defs = res.Decls, res.Defs
	} else {
		f.decls, f.defs = analysisutil.FuncDecls(pass.TypesInfo, in), analysisutil.SingleDefs(pass.TypesInfo, in)
	}
	for c := range in.Root().Preorder((*ast.FuncDecl)(nil), (*ast.CallExpr)(nil), (*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil)) {
		switch n := c.Node().(type) {
		case *ast.FuncDecl:
			f.funcDecl(n)
		case *ast.CallExpr:
			f.call(n)
		case *ast.CompositeLit:
			f.compositeLit(n)
		case *ast.AssignStmt:
			f.assign(n)
		case *ast.ValueSpec:
			f.valueSpec(n)
		}
	}
	return f.out
}

// funcDecl records marked and name-shaped classifier declarations.
func (f *finder) funcDecl(d *ast.FuncDecl) {
	fn, ok := f.info.Defs[d.Name].(*types.Func)
	if !ok || d.Body == nil {
		return
	}
	sig := fn.Type().(*types.Signature)
	if _, marked := directive.FuncMark(d, "classifier"); marked {
		if shape, ok := shapeOf(sig, false); ok {
			stops := shape != Enum && PredicatePolarity(f.info, f.pass.Files, fn) == TrueStops
			f.add(d, fn, sig, shape, &Site{Source: Marked, Node: d, Stops: stops})
		}
		return
	}
	if shape, ok := shapeOf(sig, true); ok && NameSaysClassifier(d.Name.Name) {
		f.add(d, fn, sig, shape, &Site{Source: Named, Node: d})
	}
}

// assign records CheckRetry field assignments and name-shaped closures
// held in variables (isRetryable := func(err error) bool {...}).
func (f *finder) assign(as *ast.AssignStmt) {
	if len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, l := range as.Lhs {
		switch l := ast.Unparen(l).(type) {
		case *ast.SelectorExpr:
			if isCheckRetryField(f.info, l) {
				f.predicate(as.Rhs[i], &Site{Source: CheckRetry, Node: as, Expr: as.Rhs[i]})
			}
		case *ast.Ident:
			f.namedLit(l, as.Rhs[i], as)
		}
	}
}

func (f *finder) valueSpec(vs *ast.ValueSpec) {
	if len(vs.Names) != len(vs.Values) {
		return
	}
	for i, id := range vs.Names {
		f.namedLit(id, vs.Values[i], vs)
	}
}

// namedLit records `name := func(err error) bool {...}` when the name and
// shape say classifier.
func (f *finder) namedLit(id *ast.Ident, val ast.Expr, node ast.Node) {
	lit, ok := ast.Unparen(val).(*ast.FuncLit)
	if !ok || !NameSaysClassifier(id.Name) {
		return
	}
	v, ok := f.info.ObjectOf(id).(*types.Var)
	if !ok {
		return
	}
	sig, ok := f.info.TypeOf(lit).(*types.Signature)
	if !ok {
		return
	}
	if shape, ok := shapeOf(sig, true); ok {
		f.add(lit, v, sig, shape, &Site{Source: Named, Node: node})
	}
}

// compositeLit records retryablehttp.Client{CheckRetry: p}.
func (f *finder) compositeLit(cl *ast.CompositeLit) {
	if !isNamed(f.info.TypeOf(cl), RetryablehttpPath, "Client") {
		return
	}
	for _, e := range cl.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "CheckRetry" {
			f.predicate(kv.Value, &Site{Source: CheckRetry, Node: kv, Expr: kv.Value})
		}
	}
}

// call records predicates handed to retry APIs and retry helpers.
func (f *finder) call(call *ast.CallExpr) {
	fn, _ := typeutil.Callee(f.info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return
	}
	fn = fn.Origin()
	path := fn.Pkg().Path()
	sig := fn.Type().(*types.Signature)
	switch {
	case analysisutil.StripMajor(path) == RetryGoPath && fn.Name() == "RetryIf" && sig.Recv() == nil:
		if len(call.Args) == 1 {
			f.predicate(call.Args[0], &Site{Source: RetryIf, Node: call, Expr: call.Args[0]})
		}
		return
	case path == ClientGoRetryPath && fn.Name() == "OnError" && sig.Recv() == nil:
		if len(call.Args) == 3 {
			f.predicate(call.Args[1], &Site{Source: OnError, Node: call, Expr: call.Args[1]})
		}
		return
	case sig.Recv() != nil && onRetryPolicyBuilder(f.info, call):
		// HandleIf and HandleErrors are declared on failsafe-go's shared
		// FailurePolicyBuilder: the receiver says whose builder it is
		// (circuitbreaker builders are breakerverdict's).
		f.builderCall(call, fn)
		return
	}
	// A classifier-shaped argument of a retry helper (not its operation).
	if f.res == nil {
		return
	}
	ops := f.res.HelperParams(fn)
	if len(ops) == 0 {
		return
	}
	params := sig.Params()
	for i, arg := range call.Args {
		if i >= params.Len() || slices.Contains(ops, i) || sig.Variadic() && i >= params.Len()-1 {
			continue
		}
		psig, ok := params.At(i).Type().Underlying().(*types.Signature)
		if !ok {
			continue
		}
		if shape, ok := shapeOf(psig, true); ok && shape != Enum {
			stops := f.helperParamPolarity(fn, params.At(i), arg) == TrueStops
			f.predicate(arg, &Site{Source: HelperArg, Node: call, Expr: arg, Helper: fn, Param: i, Stops: stops})
		}
	}
}

// helperParamPolarity says what a true answer of the predicate handed to
// helper as param means: as the helper's body uses it (`if isFatal(err) {
// return err }` stops; `if !cls(err) { return err }` retries), else as
// the parameter's name says, else as the argument's name says.
func (f *finder) helperParamPolarity(helper *types.Func, param *types.Var, arg ast.Expr) Polarity {
	if d := f.decls[helper]; d != nil && d.Body != nil {
		if p := UsePolarity(d.Body, callsOf(f.info, param), helper, f.info); p != PolarityUnknown {
			return p
		}
	}
	if p := NamePolarity(param.Name()); p != PolarityUnknown {
		return p
	}
	if _, obj := f.resolve(arg); obj != nil {
		return NamePolarity(obj.Name())
	}
	return PolarityUnknown
}

// onRetryPolicyBuilder reports whether call is a method call on a value of
// a type declared in failsafe-go's retrypolicy package.
func onRetryPolicyBuilder(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || info.Selections[sel] == nil {
		return false
	}
	t := info.TypeOf(sel.X)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == RetrypolicyPath
}

// builderCall records the classifier calls of a failsafe-go retrypolicy
// builder.
func (f *finder) builderCall(call *ast.CallExpr, fn *types.Func) {
	var src Source
	switch fn.Name() {
	case "HandleIf":
		src = HandleIf
	case "AbortIf":
		src = AbortIf
	case "HandleErrors":
		src = HandleErrors
	case "AbortOnErrors":
		src = AbortOnErrors
	default:
		return
	}
	site := &Site{Source: src, Node: call, Chain: f.chain(call)}
	if src == HandleErrors || src == AbortOnErrors {
		if call.Ellipsis.IsValid() {
			return
		}
		c := &Classifier{Name: "retrypolicy." + fn.Name(), Errors: call.Args, Sites: []*Site{site}}
		f.out = append(f.out, c)
		return
	}
	if len(call.Args) == 1 {
		site.Expr = call.Args[0]
		f.predicate(call.Args[0], site)
	}
}

// chain returns the calls of the fluent builder chain around call: the
// receivers below it (NewBuilder[R]().AbortOnErrors(...)) and the calls
// made on its result above it (.HandleIf(p).AbortIf(q)).
func (f *finder) chain(call *ast.CallExpr) []*ast.CallExpr {
	var calls []*ast.CallExpr
	x := ast.Expr(call)
	for {
		c, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok {
			break
		}
		calls = append(calls, c)
		sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
		if !ok {
			break
		}
		x = sel.X
	}
	return append(calls, f.outerChain(call)...)
}

// outerChain returns the builder calls made on call's result, following
// the selector chain upwards in the file (x.HandleIf(p).AbortIf(q)).
func (f *finder) outerChain(call *ast.CallExpr) []*ast.CallExpr {
	var out []*ast.CallExpr
	for _, file := range f.pass.Files {
		if file.Pos() > call.Pos() || call.End() > file.End() {
			continue
		}
		path, _ := pathEnclosing(file, call)
		// path[0] is call; a chain continues while the parent is a
		// selector on it and the grandparent a call of that selector.
		for i := 0; i+2 < len(path); i += 2 {
			sel, ok := path[i+1].(*ast.SelectorExpr)
			if !ok || sel.X != path[i] {
				break
			}
			up, ok := path[i+2].(*ast.CallExpr)
			if !ok || up.Fun != sel {
				break
			}
			out = append(out, up)
		}
	}
	return out
}

// pathEnclosing returns the nodes from n up to the file, innermost first.
func pathEnclosing(file *ast.File, n ast.Node) ([]ast.Node, bool) {
	var stack []ast.Node
	var found []ast.Node
	ast.Inspect(file, func(m ast.Node) bool {
		if found != nil {
			return false
		}
		if m == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if m.Pos() > n.Pos() || m.End() < n.End() {
			return false
		}
		stack = append(stack, m)
		if m == n {
			found = slices.Clone(stack)
			slices.Reverse(found)
			return false
		}
		return true
	})
	return found, found != nil
}

// predicate resolves a predicate expression to its body and records it.
func (f *finder) predicate(e ast.Expr, site *Site) {
	node, obj := f.resolve(e)
	var sig *types.Signature
	switch n := node.(type) {
	case *ast.FuncLit:
		sig, _ = f.info.TypeOf(n).(*types.Signature)
	case *ast.FuncDecl:
		if fn, ok := f.info.Defs[n.Name].(*types.Func); ok {
			sig = fn.Type().(*types.Signature)
		}
	}
	if sig == nil {
		// Body not visible here: record the site for the API's sake.
		t := f.info.TypeOf(e)
		if t == nil {
			return
		}
		sig, _ = t.Underlying().(*types.Signature)
		if sig == nil {
			return
		}
		shape, ok := shapeOf(sig, false)
		if !ok {
			return
		}
		c := &Classifier{Name: types.ExprString(e), Obj: obj, Sig: sig, Shape: shape, Sites: []*Site{site}}
		c.params()
		f.out = append(f.out, c)
		return
	}
	shape, ok := shapeOf(sig, false)
	if !ok {
		return
	}
	f.add(node, obj, sig, shape, site)
}

// resolve follows a predicate expression to a func literal or declaration
// of this package: a literal, a variable assigned one once, a function or
// method (value), or a generic instantiation of one.
func (f *finder) resolve(e ast.Expr) (ast.Node, types.Object) {
	var obj types.Object
	for range 6 {
		e = ast.Unparen(e)
		switch x := e.(type) {
		case *ast.FuncLit:
			return x, obj
		case *ast.IndexExpr:
			e = x.X
			continue
		case *ast.IndexListExpr:
			e = x.X
			continue
		case *ast.Ident:
			switch o := f.info.Uses[x].(type) {
			case *types.Var:
				if obj == nil {
					obj = o
				}
				if d := f.defs[o]; d != nil {
					e = d
					continue
				}
				return nil, obj
			case *types.Func:
				return f.decl(o), o
			}
			return nil, obj
		case *ast.SelectorExpr:
			if sel := f.info.Selections[x]; sel != nil {
				if fn, ok := sel.Obj().(*types.Func); ok {
					return f.decl(fn), fn
				}
				return nil, obj
			}
			if fn, ok := f.info.Uses[x.Sel].(*types.Func); ok {
				return f.decl(fn), fn
			}
			return nil, obj
		}
		return nil, obj
	}
	return nil, obj
}

// decl returns fn's declaration in this package as an ast.Node, or an
// untyped nil.
func (f *finder) decl(fn *types.Func) ast.Node {
	if d := f.decls[fn.Origin()]; d != nil {
		return d
	}
	return nil
}

// add records a site for the classifier with body node.
func (f *finder) add(node ast.Node, obj types.Object, sig *types.Signature, shape Shape, site *Site) {
	if c := f.byBody[node]; c != nil {
		c.Sites = append(c.Sites, site)
		return
	}
	c := &Classifier{Func: node, Obj: obj, Sig: sig, Shape: shape, Sites: []*Site{site}}
	switch n := node.(type) {
	case *ast.FuncLit:
		c.Body = n.Body
		c.Name = "func literal"
		if obj != nil {
			c.Name = obj.Name()
		}
	case *ast.FuncDecl:
		c.Body = n.Body
		c.Name = n.Name.Name
		if n.Recv != nil && len(n.Recv.List) == 1 {
			if t := recvName(n.Recv.List[0].Type); t != "" {
				c.Name = t + "." + c.Name
			}
		}
	}
	c.params()
	f.byBody[node] = c
	f.out = append(f.out, c)
}

func recvName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return recvName(x.X)
	case *ast.IndexExpr:
		return recvName(x.X)
	case *ast.IndexListExpr:
		return recvName(x.X)
	case *ast.Ident:
		return x.Name
	}
	return ""
}

// params finds the error, context and response parameters.
func (c *Classifier) params() {
	if c.Sig == nil {
		return
	}
	ps := c.Sig.Params()
	// For declarations and literals the signature's parameter objects are
	// the ones the body refers to.
	for i := range ps.Len() {
		p := ps.At(i)
		switch {
		case analysisutil.IsError(p.Type()):
			c.Err = p
		case analysisutil.IsContext(p.Type()):
			c.Ctx = p
		case isNamed(p.Type(), "net/http", "Response"):
			c.Resp = p
		}
	}
}

// shapeOf returns the shape of a classifier signature. strict requires
// exactly one parameter, an error (the name-shaped rule); otherwise any
// signature with an error parameter and a bool or enum first result counts
// (predicates of known APIs, marked functions).
func shapeOf(sig *types.Signature, strict bool) (Shape, bool) {
	ps, rs := sig.Params(), sig.Results()
	if rs.Len() == 0 || rs.Len() > 2 {
		return 0, false
	}
	hasErr := false
	for i := range ps.Len() {
		if analysisutil.IsError(ps.At(i).Type()) {
			hasErr = true
		}
	}
	if !hasErr || strict && ps.Len() != 1 {
		return 0, false
	}
	first := rs.At(0).Type()
	if isBool(first) {
		switch {
		case rs.Len() == 1:
			return Bool, true
		case isNamed(rs.At(1).Type(), "time", "Duration"):
			return BoolDuration, true
		case analysisutil.IsError(rs.At(1).Type()) && !strict:
			return BoolError, true
		}
		return 0, false
	}
	if rs.Len() == 1 && IsEnum(first) {
		return Enum, true
	}
	return 0, false
}

// IsEnum reports whether t is a named type with an integer or string
// underlying type and at least two constants of that type declared in its
// package: the verdict type of an enum classifier (an Outcome of Fatal,
// Transient, Ambiguous).
func IsEnum(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	b, ok := n.Underlying().(*types.Basic)
	if !ok || b.Info()&(types.IsInteger|types.IsString) == 0 {
		return false
	}
	count := 0
	scope := n.Obj().Pkg().Scope()
	for _, name := range scope.Names() {
		if c, ok := scope.Lookup(name).(*types.Const); ok && types.Identical(c.Type(), n) {
			count++
		}
	}
	return count >= 2
}

// NameSaysClassifier reports whether a function name says it decides
// retries: it mentions retry, retryable, retriable, transient or classify,
// and does not negate it (isNonRetryable, notRetriable, noRetry, ...).
func NameSaysClassifier(name string) bool {
	l := strings.ToLower(name)
	if !strings.Contains(l, "retry") && !strings.Contains(l, "retri") &&
		!strings.Contains(l, "transient") && !strings.Contains(l, "classif") {
		return false
	}
	for _, neg := range []string{"non", "not", "unretr", "noretry", "dont", "never", "permanent", "fatal", "nontransient"} {
		if strings.Contains(l, neg) {
			return false
		}
	}
	return true
}

// isCheckRetryField reports whether sel is the CheckRetry field of a
// go-retryablehttp Client.
func isCheckRetryField(info *types.Info, sel *ast.SelectorExpr) bool {
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal || sel.Sel.Name != "CheckRetry" {
		return false
	}
	return isNamed(s.Recv(), RetryablehttpPath, "Client")
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// isNamed reports whether t (or *t) is the named type path.name, path
// compared without a /vN suffix.
func isNamed(t types.Type, path, name string) bool {
	if t == nil {
		return false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	p := n.Obj().Pkg().Path()
	return n.Obj().Name() == name && (p == path || analysisutil.StripMajor(p) == path)
}
