package backoffjitter

// Backoff libraries configured without jitter. Their knowledge is data
// here: the import paths, the field or option that carries the
// randomisation, and the delay functions that have none.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/knowledge"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

const (
	// cenkaltiPath is github.com/cenkalti/backoff without its /vN suffix;
	// ExponentialBackOff has the same RandomizationFactor field in v4 and v5.
	cenkaltiPath = knowledge.Backoff
	// retrygoPath is github.com/avast/retry-go without its /vN suffix.
	retrygoPath = knowledge.RetryGo
)

// retrygoFixed lists retry-go's delay functions without a random part;
// RandomDelay and FullJitterBackoffDelay have one, and a function of the
// user's is not judged.
var retrygoFixed = map[string]bool{"BackOffDelay": true, "FixedDelay": true}

const libMsgTail = "after an outage every client retries in lock step and the herd keeps the dependency down"

func (r *runner) libraries() {
	cenkalti := analysisutil.ImportsAny(r.pass.Pkg, cenkaltiPath+"/v4", cenkaltiPath+"/v5")
	retrygo := false
	for _, p := range r.pass.Pkg.Imports() {
		if analysisutil.StripMajor(p.Path()) == retrygoPath {
			retrygo = true
		}
	}
	grpc := analysisutil.ImportsAny(r.pass.Pkg, knowledge.GRPC)
	funcOpts := analysisutil.ImportsFunc(r.pass.Pkg, func(path string) bool { return knowledge.BackoffFuncOptions[path] != nil })
	tuned := r.tunedLibraries()
	if !cenkalti && !retrygo && !grpc && !funcOpts && !tuned {
		return
	}
	for c := range r.in.Root().Preorder((*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)) {
		switch n := c.Node().(type) {
		case *ast.CompositeLit:
			if tuned {
				r.tunedLiteral(n)
			}
			if cenkalti && isExpBackOff(r.info.TypeOf(n)) {
				r.expLiteral(c, n)
			}
			if grpc && isNamedIn(r.info.TypeOf(n), knowledge.GRPC, "ConnectParams") {
				// The connection backoff; a Config used for anything
				// else (an accept loop's local backoff) is not judged.
				for _, el := range n.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Backoff" {
							if lit, ok := ast.Unparen(kv.Value).(*ast.CompositeLit); ok && isGRPCBackoff(r.info.TypeOf(lit)) {
								r.grpcLiteral(c, lit)
							}
						}
					}
				}
			}
		case *ast.AssignStmt:
			if cenkalti {
				r.expAssign(n)
			}
			if tuned {
				r.tunedAssign(n)
			}

		case *ast.CallExpr:
			if tuned {
				r.tunedCall(c)
			}
			fn, _ := typeutil.Callee(r.info, n).(*types.Func)
			if fn == nil || fn.Pkg() == nil || len(n.Args) != 1 {
				continue
			}
			if i, ok := knowledge.BackoffFuncOptions[fn.Pkg().Path()][fn.Name()]; ok && funcOpts {
				r.backoffFunc(n.Args[i])
				continue
			}
			switch {
			case cenkalti && analysisutil.StripMajor(fn.Pkg().Path()) == cenkaltiPath && fn.Name() == "WithRandomizationFactor":
				if isZero(r.info, n.Args[0]) {
					r.report(n.Args[0], "backoff.WithRandomizationFactor(0) turns off the jitter of the exponential backoff, so "+libMsgTail+"; keep the default randomization factor",
						r.replaceWith(n.Args[0], fn.Pkg().Path(), "DefaultRandomizationFactor", "use backoff.DefaultRandomizationFactor"))
				}
			case retrygo && analysisutil.StripMajor(fn.Pkg().Path()) == retrygoPath && fn.Name() == "DelayType":
				r.delayType(n)
			}
		}
	}
}

// isExpBackOff reports whether t is (a pointer to) cenkalti's ExponentialBackOff.
func isExpBackOff(t types.Type) bool {
	if t == nil {
		return false
	}
	n, ok := types.Unalias(deref(t)).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Name() == "ExponentialBackOff" &&
		analysisutil.StripMajor(n.Obj().Pkg().Path()) == cenkaltiPath && n.Obj().Pkg().Path() != cenkaltiPath
}

// isZero reports whether e is a constant equal to zero.
func isZero(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() != constant.String && tv.Value.Kind() != constant.Bool && constant.Sign(tv.Value) == 0
}

// expLiteral judges an ExponentialBackOff composite literal: its
// RandomizationFactor is zero when written as 0 or left out (the default
// of 0.5 comes only from NewExponentialBackOff), unless the function
// later stores a factor into it.
func (r *runner) expLiteral(c inspector.Cursor, lit *ast.CompositeLit) {
	path := types.Unalias(deref(r.info.TypeOf(lit))).(*types.Named).Obj().Pkg().Path()
	v, positional := literalField(lit, "RandomizationFactor")
	if positional {
		return
	}
	if v != nil {
		if isZero(r.info, v) {
			r.report(v, "backoff.ExponentialBackOff with RandomizationFactor 0 waits exactly InitialInterval * Multiplier^n, so "+libMsgTail+"; keep the default randomization factor",
				r.replaceWith(v, path, "DefaultRandomizationFactor", "use backoff.DefaultRandomizationFactor"))
		}
		return
	}
	// Left out: is a factor stored later (b.RandomizationFactor = 0.3)?
	// For a literal in a function, look in that function; for a
	// package-level one (often copied, then tuned), anywhere in the package.
	scope := funcAround(c)
	if r.storesFactor(scope) {
		return
	}
	var fixes []analysis.SuggestedFix
	if q := r.qualifier(lit, path); q != "" {
		text := q + ".DefaultRandomizationFactor"
		var edit analysis.TextEdit
		if len(lit.Elts) == 0 {
			edit = analysis.TextEdit{Pos: lit.Lbrace + 1, End: lit.Lbrace + 1, NewText: []byte("RandomizationFactor: " + text)}
		} else {
			last := lit.Elts[len(lit.Elts)-1]
			sep := ", "
			if r.pass.Fset.Position(lit.Rbrace).Line != r.pass.Fset.Position(last.End()).Line {
				sep = ",\n" + r.indentOf(last) // one field per line
			}
			edit = analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(sep + "RandomizationFactor: " + text)}
		}
		fixes = []analysis.SuggestedFix{{Message: "set RandomizationFactor to backoff.DefaultRandomizationFactor", TextEdits: []analysis.TextEdit{edit}}}
	}
	r.report(lit.Type, "backoff.ExponentialBackOff literal without RandomizationFactor has factor 0 (the 0.5 default comes only from NewExponentialBackOff) and waits exactly InitialInterval * Multiplier^n, so "+libMsgTail+"; set RandomizationFactor", fixes)
}

// indentOf returns the indentation of the line n starts on.
func (r *runner) indentOf(n ast.Node) string {
	pos := r.pass.Fset.Position(n.Pos())
	f := r.pass.Fset.File(n.Pos())
	if f == nil {
		return "\t"
	}
	start := f.LineStart(pos.Line)
	return r.textBetween(start, n.Pos())
}

// textBetween returns the file's text between two positions of one line,
// keeping only blanks.
func (r *runner) textBetween(from, to token.Pos) string {
	n := int(to - from)
	if n < 0 || n > 200 {
		return "\t"
	}
	for _, f := range r.pass.Files {
		if f.FileStart <= from && to <= f.FileEnd {
			tf := r.pass.Fset.File(f.FileStart)
			content, err := r.pass.ReadFile(tf.Name())
			if err != nil {
				return "\t"
			}
			off := tf.Offset(from)
			s := string(content[off : off+n])
			for _, ch := range s {
				if ch != ' ' && ch != '\t' {
					return "\t"
				}
			}
			return s
		}
	}
	return "\t"
}

// storesFactor reports whether n (nil: the package) assigns a non-zero
// RandomizationFactor to an ExponentialBackOff.
func (r *runner) storesFactor(n ast.Node) bool {
	if n == nil && r.stores != nil {
		return *r.stores
	}
	found := r.storesNonZero(n, "RandomizationFactor", isExpBackOff)
	if n == nil {
		r.stores = &found
	}
	return found
}

// storesNonZero reports whether n (nil: every file of the package)
// assigns a value other than a zero constant to the field of a value
// whose type is(t) holds: a factor or a jitter tuned after the literal.
func (r *runner) storesNonZero(n ast.Node, field string, is func(types.Type) bool) bool {
	found := false
	check := func(as *ast.AssignStmt) {
		for i, l := range as.Lhs {
			if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && sel.Sel.Name == field && is(r.info.TypeOf(sel.X)) {
				if i >= len(as.Rhs) || !isZero(r.info, as.Rhs[i]) {
					found = true
				}
			}
		}
	}
	if n != nil {
		ast.Inspect(n, func(m ast.Node) bool {
			if as, ok := m.(*ast.AssignStmt); ok {
				check(as)
			}
			return !found
		})
		return found
	}
	for c := range r.in.Root().Preorder((*ast.AssignStmt)(nil)) {
		check(c.Node().(*ast.AssignStmt))
	}
	return found
}

// literalField returns the value the keyed composite literal lit gives
// field, nil when it leaves it out; positional is true for an unkeyed
// literal, which is rare and left alone.
func literalField(lit *ast.CompositeLit, field string) (v ast.Expr, positional bool) {
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return nil, true
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
			return kv.Value, false
		}
	}
	return nil, false
}

// funcAround returns the function around c, nil at package level.
func funcAround(c inspector.Cursor) ast.Node {
	for a := range c.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		return a.Node()
	}
	return nil
}

// expAssign judges b.RandomizationFactor = 0.
func (r *runner) expAssign(as *ast.AssignStmt) {
	if as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, l := range as.Lhs {
		sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "RandomizationFactor" || !isExpBackOff(r.info.TypeOf(sel.X)) || !isZero(r.info, as.Rhs[i]) {
			continue
		}
		path := types.Unalias(deref(r.info.TypeOf(sel.X))).(*types.Named).Obj().Pkg().Path()
		r.report(as.Rhs[i], "setting RandomizationFactor to 0 turns off the jitter of the exponential backoff, so "+libMsgTail+"; keep the default randomization factor",
			r.replaceWith(as.Rhs[i], path, "DefaultRandomizationFactor", "use backoff.DefaultRandomizationFactor"))
	}
}

// delayType judges retry.DelayType(f): f without a random part replaces
// retry-go's default, CombineDelay(BackOffDelay, RandomDelay).
func (r *runner) delayType(call *ast.CallExpr) {
	arg := ast.Unparen(call.Args[0])
	for range 4 { // through locals given one value
		id, ok := arg.(*ast.Ident)
		if !ok {
			break
		}
		v, ok := r.info.Uses[id].(*types.Var)
		if !ok || r.res.Defs[v] == nil {
			break
		}
		arg = ast.Unparen(r.res.Defs[v])
	}
	names, ok := r.retrygoDelays(arg)
	if !ok {
		r.backoffFunc(arg) // a delay function of the user's
		return
	}
	for _, n := range names {
		if !retrygoFixed[n] {
			return // jittered, or a function of the user's: not ours to judge
		}
	}
	what := "exponential backoff (BackOffDelay)"
	if len(names) == 1 && names[0] == "FixedDelay" {
		what = "a constant delay (FixedDelay)"
	} else if len(names) > 1 {
		what = "a sum of delays without RandomDelay"
	}
	var fixes []analysis.SuggestedFix
	if arg == ast.Unparen(call.Args[0]) {
		if q := retrygoQual(call); q != "" {
			var edit analysis.TextEdit
			if c, ok := arg.(*ast.CallExpr); ok && len(c.Args) > 0 && !c.Ellipsis.IsValid() {
				end := c.Args[len(c.Args)-1].End()
				edit = analysis.TextEdit{Pos: end, End: end, NewText: []byte(", " + q + ".RandomDelay")}
			} else if !ok {
				edit = analysis.TextEdit{Pos: arg.Pos(), End: arg.End(), NewText: []byte(q + ".CombineDelay(" + r.src(arg) + ", " + q + ".RandomDelay)")}
			}
			if edit.NewText != nil {
				fixes = []analysis.SuggestedFix{{Message: "add retry.RandomDelay", TextEdits: []analysis.TextEdit{edit}}}
			}
		}
	}
	r.report(call.Args[0], fmt.Sprintf("retry.DelayType replaces retry-go's jittered default with %s and no random part, so %s; combine it with retry.RandomDelay (retry.CombineDelay(retry.BackOffDelay, retry.RandomDelay)) or use retry.FullJitterBackoffDelay", what, libMsgTail), fixes)
}

// retrygoDelays returns the names of the retry-go delay functions that e
// is made of (f, or CombineDelay(f, g, ...)), or ok=false when e is
// anything else.
func (r *runner) retrygoDelays(e ast.Expr) (names []string, ok bool) {
	e = ast.Unparen(e)
	if call, isCall := e.(*ast.CallExpr); isCall {
		fn, _ := typeutil.Callee(r.info, call).(*types.Func)
		if fn == nil || fn.Pkg() == nil || analysisutil.StripMajor(fn.Pkg().Path()) != retrygoPath || fn.Name() != "CombineDelay" || call.Ellipsis.IsValid() {
			return nil, false
		}
		for _, a := range call.Args {
			ns, ok := r.retrygoDelays(a)
			if !ok {
				return nil, false
			}
			names = append(names, ns...)
		}
		return names, len(names) > 0
	}
	var obj types.Object
	switch x := e.(type) {
	case *ast.Ident:
		obj = r.info.Uses[x]
	case *ast.SelectorExpr:
		obj = r.info.Uses[x.Sel]
	}
	fn, isFn := obj.(*types.Func)
	if !isFn || fn.Pkg() == nil || analysisutil.StripMajor(fn.Pkg().Path()) != retrygoPath {
		return nil, false
	}
	return []string{fn.Name()}, true
}

// retrygoQual returns the package qualifier of a retry.DelayType call.
func retrygoQual(call *ast.CallExpr) string {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if id, ok := sel.X.(*ast.Ident); ok {
			return id.Name
		}
	}
	return ""
}

// qualifier returns the name under which the file of n imports path, or
// "" when it does not (or imports it with a dot or blank name).
func (r *runner) qualifier(n ast.Node, path string) string {
	for _, f := range r.pass.Files {
		if f.FileStart > n.Pos() || n.Pos() >= f.FileEnd {
			continue
		}
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil || p != path {
				continue
			}
			if imp.Name != nil {
				if imp.Name.Name == "." || imp.Name.Name == "_" {
					return ""
				}
				return imp.Name.Name
			}
			if pn, ok := r.info.Implicits[imp].(*types.PkgName); ok {
				return pn.Name()
			}
		}
	}
	return ""
}

// replaceWith offers to replace e with path's exported name, when the file
// imports path.
func (r *runner) replaceWith(e ast.Expr, path, name, msg string) []analysis.SuggestedFix {
	q := r.qualifier(e, path)
	if q == "" {
		return nil
	}
	return []analysis.SuggestedFix{{Message: msg, TextEdits: []analysis.TextEdit{{Pos: e.Pos(), End: e.End(), NewText: []byte(q + "." + name)}}}}
}

func (r *runner) report(n ast.Node, msg string, fixes []analysis.SuggestedFix) {
	r.rep.Report(analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Category: category, Message: msg, SuggestedFixes: fixes})
}

// isGRPCBackoff reports whether t is (a pointer to) gRPC's backoff.Config,
// the connection backoff of grpc.ConnectParams.
func isGRPCBackoff(t types.Type) bool {
	if t == nil {
		return false
	}
	n, ok := types.Unalias(deref(t)).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == knowledge.GRPCBackoff && n.Obj().Name() == "Config"
}

// grpcLiteral judges a gRPC backoff.Config composite literal written as
// the Backoff of a grpc.ConnectParams (the connection backoff): gRPC
// multiplies each reconnect delay by 1 + Jitter*(a random value in
// [-1, 1)), so a Jitter of 0, written or left out (backoff.DefaultConfig
// has 0.2, a literal gets 0), reconnects every client of a server that
// went down at the same moments. An empty literal sets nothing and is
// left alone, and so is one whose function (for a package-level one: the
// package) later stores a non-zero Jitter into a Config.
func (r *runner) grpcLiteral(c inspector.Cursor, lit *ast.CompositeLit) {
	if len(lit.Elts) == 0 {
		return
	}
	v, positional := literalField(lit, "Jitter")
	if positional {
		return
	}
	if v != nil {
		if isZero(r.info, v) {
			r.report(v, "gRPC backoff.Config with Jitter 0 reconnects after exactly BaseDelay * Multiplier^n, so "+libMsgTail+"; set Jitter (backoff.DefaultConfig uses 0.2)", nil)
		}
		return
	}
	scope := funcAround(c) // nil: the package
	if r.storesNonZero(scope, "Jitter", isGRPCBackoff) {
		return
	}
	r.report(lit.Type, "gRPC backoff.Config literal without Jitter has jitter 0 (backoff.DefaultConfig has 0.2) and reconnects after exactly BaseDelay * Multiplier^n, so "+libMsgTail+"; set Jitter, or start from backoff.DefaultConfig", nil)
}

// isNamedIn reports whether t is (a pointer to) the type path.name.
func isNamedIn(t types.Type, path, name string) bool {
	if t == nil {
		return false
	}
	n, ok := types.Unalias(deref(t)).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// backoffFunc judges a backoff function written by the user and handed
// to a retry library (its result is the wait between attempts): a
// function literal, through a local given it once, or a function of this
// package. Its integer parameters are the attempt number; the wait is
// reported at its first return when no random value contributes to it:
//
//	grpc_retry.WithBackoff(func(attempt uint) time.Duration {
//		return 60 * time.Millisecond * time.Duration(math.Pow(3, float64(attempt))) // reported
//	})
func (r *runner) backoffFunc(arg ast.Expr) {
	arg = ast.Unparen(arg)
	for range 4 { // through locals given one value
		id, ok := arg.(*ast.Ident)
		if !ok {
			break
		}
		if fn, ok := r.info.Uses[id].(*types.Func); ok {
			if d := r.decls[fn]; d != nil && fn.Pkg() == r.pass.Pkg {
				r.judgeBackoffFunc(d.Type, d.Body)
			}
			return
		}
		v, ok := r.info.Uses[id].(*types.Var)
		if !ok || r.res.Defs[v] == nil {
			return
		}
		arg = ast.Unparen(r.res.Defs[v])
	}
	if lit, ok := arg.(*ast.FuncLit); ok {
		r.judgeBackoffFunc(lit.Type, lit.Body)
	}
}

// judgeBackoffFunc evaluates the first result of a backoff function with
// its integer parameters bound to the attempt counter.
func (r *runner) judgeBackoffFunc(ft *ast.FuncType, body *ast.BlockStmt) {
	if body == nil {
		return
	}
	var at ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		if at != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) > 0 {
				at = n.Results[0]
			}
		}
		return true
	})
	if at == nil || r.done[at.Pos()] {
		return
	}
	var args []val
	for _, f := range ft.Params.List {
		n := max(len(f.Names), 1)
		arg := unknown
		if b, ok := r.info.TypeOf(f.Type).Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
			arg = val{k: kDet, s: sCounter, text: "attempt"}
		}
		for range n {
			args = append(args, arg)
		}
	}
	r.done[at.Pos()] = true
	v := r.newEval().inline(ft, body, &ast.CallExpr{}, args, 0)
	r.judgeVal(at, at, v, "between retry attempts", plainWait)
}
