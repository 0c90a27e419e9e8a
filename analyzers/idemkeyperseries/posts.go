package idemkeyperseries

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/idemkey"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/retryscope"
)

// A post is a POST or PATCH request: built by a constructor (and sent
// later), or built and sent by one call (client.Post, http.PostForm). A
// request built by a constructor helper of this package (ctor) is built
// with the method its caller passes.
type post struct {
	call    *ast.CallExpr
	cur     inspector.Cursor
	method  string
	oneShot bool
	ctor    *ctorHelper
}

// A ctorHelper is a function of this package that builds a request with
// the HTTP method it is passed and returns it, such as
//
//	func (c *Client) NewRequest(ctx context.Context, method, uri string, body any) (*http.Request, error)
//
// that calls http.NewRequestWithContext(ctx, method, ...). A call of it
// with a constant method is a construction with that method.
type ctorHelper struct {
	decl   *ast.FuncDecl
	param  int             // the method parameter: its index among the call's arguments
	builds []*ast.CallExpr // its http.NewRequest calls

	checked, clean bool // ctorClean's answer, once
}

const httpPath = "net/http"

// requestMethodArg returns the index of the method argument of a request
// constructor (http.NewRequest, NewRequestWithContext and those of
// retryablehttp), or -1.
func requestMethodArg(fn *types.Func) int {
	if fn.Pkg() == nil || fn.Type().(*types.Signature).Recv() != nil {
		return -1
	}
	if path := fn.Pkg().Path(); path != httpPath && path != knowledge.Retryablehttp {
		return -1
	}
	switch fn.Name() {
	case "NewRequest":
		return 0
	case "NewRequestWithContext":
		return 1
	}
	return -1
}

// recordPost records call if it builds a POST or PATCH request.
func (c *checker) recordPost(cur inspector.Cursor, call *ast.CallExpr, fn *types.Func) {
	if fn.Pkg() == nil {
		return
	}
	if fn.Pkg() == c.pass.Pkg {
		if h := c.ctorHelperOf(fn); h != nil && !isMethodExpr(c.pass.TypesInfo, call) {
			c.recordBuild(cur, call, h.param, h)
		}
		return
	}
	path := fn.Pkg().Path()
	if path != httpPath && path != knowledge.Retryablehttp {
		if f := c.importBuildsFact(fn); f != nil && !isMethodExpr(c.pass.TypesInfo, call) {
			c.recordBuild(cur, call, f.Method, nil)
		}
		return
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv != nil && !isNamed(recv.Type(), path, "Client") {
		return
	}
	switch fn.Name() {
	case "Post", "PostForm":
		if !tokenRequest(cur) {
			c.posts = append(c.posts, &post{call: call, cur: cur, method: "POST", oneShot: true})
		}
		return
	}
	if m := requestMethodArg(fn); m >= 0 {
		c.recordBuild(cur, call, m, nil)
	}
}

// recordBuild records a request construction whose method, argument
// methodArg of call, is a constant POST or PATCH.
func (c *checker) recordBuild(cur inspector.Cursor, call *ast.CallExpr, methodArg int, ctor *ctorHelper) {
	if methodArg >= len(call.Args) {
		return
	}
	tv, ok := c.pass.TypesInfo.Types[call.Args[methodArg]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return // a method held in a variable: unsure
	}
	m := strings.ToUpper(constant.StringVal(tv.Value))
	if m != "POST" && m != "PATCH" {
		return // GET, HEAD, PUT, DELETE, OPTIONS are idempotent (RFC 9110)
	}
	if tokenRequest(cur) {
		return
	}
	c.posts = append(c.posts, &post{call: call, cur: cur, method: m, ctor: ctor})
}

// ctorHelperOf returns fn, a function of this package, as a constructor
// helper, or nil: it returns a request, and every request constructor in
// its body (outside function literals) takes as its method the same
// parameter of fn, which the body never assigns.
func (c *checker) ctorHelperOf(fn *types.Func) *ctorHelper {
	if h, ok := c.ctors[fn]; ok {
		return h
	}
	if c.ctors == nil {
		c.ctors = map[*types.Func]*ctorHelper{}
	}
	c.ctors[fn] = nil
	decl := c.funcDecls()[fn]
	sig := fn.Type().(*types.Signature)
	if decl == nil || decl.Body == nil || !returnsRequest(sig) {
		return nil
	}
	info := c.pass.TypesInfo
	params := map[types.Object]int{}
	for i := range sig.Params().Len() {
		params[sig.Params().At(i)] = i
	}
	isParam := func(e ast.Expr) (int, bool) {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return 0, false
		}
		i, ok := params[info.Uses[id]]
		return i, ok
	}
	h := &ctorHelper{decl: decl, param: -1}
	ok := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if _, p := isParam(lhs); p {
					ok = false // the method may be rewritten
				}
			}
		case *ast.UnaryExpr:
			if _, p := isParam(n.X); p && n.Op == token.AND {
				ok = false
			}
		case *ast.CallExpr:
			callee, _ := typeutil.Callee(info, n).(*types.Func)
			if callee == nil {
				return true
			}
			m := requestMethodArg(callee)
			if m < 0 || m >= len(n.Args) {
				return true
			}
			i, p := isParam(n.Args[m])
			if !p || h.param >= 0 && h.param != i {
				ok = false // a method of its own: not a constructor helper
				return false
			}
			h.param = i
			h.builds = append(h.builds, n)
		}
		return true
	})
	if !ok || h.param < 0 || sig.Variadic() && h.param == sig.Params().Len()-1 {
		return nil
	}
	c.ctors[fn] = h
	return h
}

func returnsRequest(sig *types.Signature) bool {
	for i := range sig.Results().Len() {
		if isRequestType(sig.Results().At(i).Type()) {
			return true
		}
	}
	return false
}

// isMethodExpr reports whether call calls a method expression (T.M(recv,
// ...)), whose arguments are shifted by the receiver.
func isMethodExpr(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := info.Selections[sel]
	return ok && s.Kind() == types.MethodExpr
}

// ctorClean reports whether the constructor helper h builds its request
// without a key and without handing it to code that may set one: the
// request it returns is then the caller's construction.
func (c *checker) ctorClean(h *ctorHelper) bool {
	if !h.checked {
		h.checked, h.clean = true, c.ctorBuildsClean(h)
	}
	return h.clean
}

func (c *checker) ctorBuildsClean(h *ctorHelper) bool {
	for _, b := range h.builds {
		fn := c.ssaFuncAt(h.decl, b.Pos())
		if fn == nil {
			return false
		}
		call, ok := c.ssaCall(fn, b.Lparen).(*ssa.Call)
		if !ok {
			return false
		}
		t := c.newTracker()
		t.param = true // returning it is what it is for
		t.alias(call)
		t.settle()
		if t.keySet || t.unknown || len(t.sends) > 0 {
			return false
		}
	}
	return true
}

// tokenRequest reports whether the function building the request at cur
// asks an OAuth token endpoint for a token: it spells a grant_type
// parameter or a URL whose path ends in /token. Minting a second token
// is harmless, so the POST needs no idempotency key. So is a POST that
// reads: a URL path whose last segment is a read verb (/logs/search,
// /validate-name: knowledge.ReadOnlyPostVerbs).
func tokenRequest(cur inspector.Cursor) bool {
	var body ast.Node
	for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		body = f.Node()
		break
	}
	if body == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING || found {
			return !found
		}
		v, err := strconv.Unquote(lit.Value)
		if err != nil {
			return true
		}
		v = strings.ToLower(v)
		found = slices.ContainsFunc(knowledge.TokenRequestMarks, func(m string) bool {
			return v == m || strings.HasSuffix(v, m) || strings.Contains(v, m+"?")
		}) || readsOnly(v)
		return !found
	})
	return found
}

// readsOnly reports whether the URL or path v ends in a segment named
// for a read: search, validate-name, lookup?q=.
func readsOnly(v string) bool {
	if i := strings.IndexByte(v, '?'); i >= 0 {
		v = v[:i]
	}
	i := strings.LastIndexByte(v, '/')
	if i < 0 {
		return false // a bare word is no URL path
	}
	seg := v[i+1:]
	return slices.ContainsFunc(knowledge.ReadOnlyPostVerbs, func(m string) bool { return strings.HasPrefix(seg, m) })
}

func isNamed(t types.Type, path, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// checkPosts reports I2: a POST or PATCH request sent inside a retry
// scope with no idempotency key set on it.
func (c *checker) checkPosts(retried []bool) {
	for i, p := range c.posts {
		guard.Mark(c.pass, p.call.Pos()) // the position of an internal error
		if p.oneShot {
			// client.Post builds and sends in one call: no key can be set.
			if sc := c.postScope(p.call.Pos(), c.enclosingFunc(p.cur)); sc != nil {
				c.reportPost(p, sc)
			}
			continue
		}
		if !retried[i] {
			continue
		}
		fnNode := c.enclosingFunc(p.cur)
		fn := c.ssaFuncAt(fnNode, p.call.Pos())
		if fn == nil {
			continue
		}
		ci := c.ssaCall(fn, p.call.Lparen)
		call, ok := ci.(*ssa.Call)
		if !ok {
			continue
		}
		if p.ctor != nil && !c.ctorClean(p.ctor) {
			continue // the helper sets a key, or may
		}
		t := c.newTracker()
		t.alias(call)
		t.settle()
		if t.keySet || t.unknown {
			continue
		}
		reported := false
		for _, send := range t.sends {
			syn := funcSyntax(send.Parent())
			if sc := c.postScope(send.Common().Pos(), syn); sc != nil {
				c.reportPost(p, sc)
				reported = true
				break
			}
		}
		// Handed to a helper of another package that retries it itself.
		if !reported && len(t.retried) > 0 {
			c.reportPost(p, &retryscope.Scope{Kind: retryscope.Closure, Helper: t.retried[0].name})
		}
	}
}

// retriedPosts reports, for each request, whether it may be retried
// (mayBeRetried), and announces the functions of those to SSA.
func (c *checker) retriedPosts() []bool {
	retried := make([]bool, len(c.posts))
	for i, p := range c.posts {
		if !p.oneShot && c.mayBeRetried(p) {
			retried[i] = true
			c.wantSSA(c.enclosingFunc(p.cur))
			if p.ctor != nil {
				c.wantSSA(p.ctor.decl)
			}
		}
	}
	return retried
}

// newTracker returns a request tracker for this package.
func (c *checker) newTracker() *reqTracker {
	return &reqTracker{cfg: c.cfg, pkg: c.ssaPkg, seen: map[ssa.Value]bool{}, facts: c.importRequestFact, fields: c.res.RetryingFields,
		inScope: func(send ssa.CallInstruction) bool {
			return c.postScope(send.Common().Pos(), syntaxOf(send)) != nil
		}}
}

// mayBeRetried is the cheap test before SSA: a retry scope lies in the
// function declaration that builds the request, or that declaration
// calls a request helper of this package (which may retry it, or call
// one that does) or one of another package that retries it itself.
func (c *checker) mayBeRetried(p *post) bool {
	var decl inspector.Cursor
	for a := range p.cur.Enclosing((*ast.FuncDecl)(nil)) {
		decl = a
	}
	if !decl.Valid() {
		return false
	}
	for _, sc := range c.res.Scopes {
		if within(decl.Node(), sc.Body.Pos()) {
			return true
		}
	}
	for cur := range decl.Preorder((*ast.CallExpr)(nil)) {
		fn, _ := typeutil.Callee(c.pass.TypesInfo, cur.Node().(*ast.CallExpr)).(*types.Func)
		if fn == nil {
			continue
		}
		if fn.Pkg() == c.pass.Pkg && hasRequestParam(fn) {
			return true // a helper of this package: it may retry, or call one that does
		}
		if f := c.importRequestFact(fn); f != nil && slices.ContainsFunc(f.Params, func(u RequestUse) bool { return u.Retries }) {
			return true
		}
	}
	return false
}

// postScope returns the innermost retry scope that runs the send at pos
// once per attempt: a self-retrying client's send, or a closure or loop
// whose own function (syn) holds the send. A send in a goroutine or
// callback inside the scope does not count.
func (c *checker) postScope(pos token.Pos, syn ast.Node) *retryscope.Scope {
	for _, sc := range c.res.In(pos) {
		if sc.Kind == retryscope.Client {
			return sc
		}
		if syn == nil || c.scopeFunc(sc) != syn {
			return nil
		}
		return sc
	}
	return nil
}

func (c *checker) enclosingFunc(cur inspector.Cursor) ast.Node {
	for a := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		return a.Node()
	}
	return nil
}

func (c *checker) reportPost(p *post, sc *retryscope.Scope) {
	before := "before " + sc.Helper
	if sc.Kind == retryscope.Loop {
		before = "before the loop"
	}
	c.r.Rulef(analysisdoc.I2, p.call.Pos(), "%s is retried without an idempotency key: after a timeout the server may have applied it already, and the retry applies it again; set an %s header generated once %s",
		p.method, c.cfg.Headers[0], before)
}

// reqTracker follows a request value through its aliases (the request
// after WithContext, Clone, retryablehttp.FromRequest, the *http.Request
// inside a retryablehttp.Request, closures that capture it) and records
// where it is sent and whether an idempotency key is set on it. Any use
// it does not understand (the request handed to a helper, stored, its
// Header replaced or set with a computed name) makes it unknown: a helper
// may well set the key. A helper of another package is known by its
// RequestFact.
type reqTracker struct {
	cfg     *idemkey.Config
	pkg     *ssa.Package // functions of this package are followed into
	seen    map[ssa.Value]bool
	sends   []ssa.CallInstruction
	keySet  bool
	unknown bool

	// facts returns the RequestFact of another package's function.
	facts func(*types.Func) *RequestFact
	// retried lists the calls of helpers of other packages that retry
	// the request themselves (their RequestFact says Retries).
	retried []retriedCall
	// param: the tracked value is a parameter of the function, whose
	// RequestFact is being computed; returning it is not unsure.
	param bool
	// inScope reports whether a send lies in a retry scope of its own
	// function; siteName names the helper called at site, for messages.
	inScope  func(ssa.CallInstruction) bool
	siteName string

	// Inside a function of the package that the request was handed to:
	// site is the outermost call, where its sends are recorded, depth
	// bounds the nesting, and returned says the function returns the
	// request.
	site     ssa.CallInstruction
	depth    int
	returned bool

	// fields are the struct fields that hold a go-retryablehttp
	// StandardClient (retryscope.Result.RetryingFields); parent, via and
	// fn lead from a parameter of the function the request was handed to
	// (fn, called at via) back to its argument in the caller (parent):
	// DoRequestWithClient(ctx, c.HTTPClient, req) sends through the
	// field.
	fields map[*types.Var]bool
	parent *reqTracker
	via    ssa.CallInstruction
	fn     *ssa.Function

	// sentAt lists the instructions that send the request (a Do, or a
	// call of a helper that sends it); pending, the calls of code not
	// visible here that it is handed to, settled by settle.
	sentAt  []ssa.Instruction
	pending []ssa.CallInstruction
}

// settle decides the calls of code not visible here (a func value, an
// interface method) that the request was handed to. A call that runs
// only after the request was sent in the same function, and never
// before a send of it again (a completion callback:
// c.onRequestCompleted(req, resp) after the send), can no longer put a
// key on what was sent; any other may set the key, and the request is
// unknown.
func (t *reqTracker) settle() {
	for _, p := range t.pending {
		if !t.afterSend(p) {
			t.unknown = true
			break
		}
	}
	t.pending = nil
}

func (t *reqTracker) afterSend(p ssa.Instruction) bool {
	pb := p.Block()
	for _, s := range t.sentAt {
		sb := s.Block()
		if s.Parent() != p.Parent() || !sb.Dominates(pb) || reaches(pb, sb) {
			continue
		}
		if sb != pb || slices.Index(pb.Instrs, s) < slices.Index(pb.Instrs, p) {
			return true
		}
	}
	return false
}

// reaches reports whether a path of one edge or more leads from block
// from to block to.
func reaches(from, to *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := slices.Clone(from.Succs)
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if b == to {
			return true
		}
		if !seen[b] {
			seen[b] = true
			work = append(work, b.Succs...)
		}
	}
	return false
}

func (t *reqTracker) alias(v ssa.Value) {
	if t.seen[v] || t.unknown {
		return
	}
	t.seen[v] = true
	refs := v.Referrers()
	if refs == nil {
		return
	}
	for _, instr := range *refs {
		switch x := instr.(type) {
		case *ssa.Extract:
			if x.Index == 0 {
				t.alias(x)
			}
		case *ssa.Phi:
			t.alias(x)
		case *ssa.ChangeType:
			t.alias(x)
		case *ssa.FieldAddr:
			f := idemkey.FieldOf(x.X.Type(), x.Field)
			if f == nil {
				t.unknown = true
				return
			}
			switch f.Name() {
			case "Header":
				t.headerAddr(x)
			case "Request": // retryablehttp.Request embeds *http.Request
				for _, r := range refsOf(x) {
					switch r := r.(type) {
					case *ssa.UnOp:
						t.alias(r)
					case *ssa.Store:
						t.unknown = true
					}
				}
			}
		case *ssa.MakeClosure:
			fn, _ := x.Fn.(*ssa.Function)
			for i, b := range x.Bindings {
				if b == v && fn != nil && i < len(fn.FreeVars) {
					t.alias(fn.FreeVars[i])
				}
			}
		case ssa.CallInstruction:
			t.call(x, v)
		case *ssa.Return:
			if t.site == nil && !t.param {
				t.unknown = true
			} else {
				t.returned = true
			}
		case *ssa.Store:
			if a, ok := x.Addr.(*ssa.Alloc); ok && x.Val == v && a.Heap {
				t.cell(a, x)
			} else {
				t.unknown = true // escapes: unsure
			}
		case *ssa.MakeInterface, *ssa.UnOp, *ssa.Send, *ssa.MapUpdate:
			t.unknown = true // escapes, or is copied: unsure
		}
		if t.unknown {
			return
		}
	}
}

// cell follows a variable that holds the request and that closures
// capture (the body of a range-over-func loop, a retry closure): go/ssa
// keeps it in a heap cell that they share by reference, stored once
// (store) and loaded where it is used. Each load is an alias. Any other
// store into the cell, or other use of its address, makes the request
// unknown.
func (t *reqTracker) cell(addr ssa.Value, store *ssa.Store) {
	if t.seen[addr] {
		return
	}
	t.seen[addr] = true
	for _, instr := range refsOf(addr) {
		switch x := instr.(type) {
		case *ssa.Store:
			if x != store {
				t.unknown = true
			}
		case *ssa.UnOp:
			if x.Op == token.MUL {
				t.alias(x)
			} else {
				t.unknown = true
			}
		case *ssa.MakeClosure:
			fn, _ := x.Fn.(*ssa.Function)
			for i, b := range x.Bindings {
				if b == addr && fn != nil && i < len(fn.FreeVars) {
					t.cell(fn.FreeVars[i], store)
				}
			}
		case *ssa.DebugRef:
		default:
			t.unknown = true
		}
		if t.unknown {
			return
		}
	}
}

func refsOf(v ssa.Value) []ssa.Instruction {
	if r := v.Referrers(); r != nil {
		return *r
	}
	return nil
}

// call classifies a call that uses the request v.
func (t *reqTracker) call(instr ssa.CallInstruction, v ssa.Value) {
	c := instr.Common()
	if b, ok := c.Value.(*ssa.Builtin); ok {
		if b.Name() == "ssa:wrapnilchk" {
			if r, ok := instr.(*ssa.Call); ok {
				t.alias(r)
			}
		}
		return
	}
	fn := idemkey.Callee(c)
	if fn == nil {
		t.pending = append(t.pending, instr) // a func value
		return
	}
	if t.cfg.IsKeyName(fn.Name()) {
		t.keySet = true // setIdempotencyKey(req, key)
		return
	}
	sig := c.Signature()
	for i := range sig.Params().Len() {
		if t.cfg.IsKeyName(sig.Params().At(i).Name()) {
			t.keySet = true // send(req, idempotencyKey)
			return
		}
	}
	path := ""
	if fn.Pkg() != nil {
		path = fn.Pkg().Path()
	}
	recv := sig.Recv()
	isRecv := recv != nil && !c.IsInvoke() && len(c.Args) > 0 && c.Args[0] == v
	result, _ := instr.(*ssa.Call)
	send := instr
	if t.site != nil {
		send = t.site
	}
	switch {
	case fn.Name() == "Do" && recv != nil && (isNamed(recv.Type(), httpPath, "Client") || isNamed(recv.Type(), knowledge.Retryablehttp, "Client")),
		fn.Name() == "RoundTrip":
		t.sends = append(t.sends, send)
		t.sentAt = append(t.sentAt, instr)
		if t.site != nil && t.inScope != nil && t.inScope(instr) {
			// A helper of this package retries the request itself.
			t.retried = append(t.retried, retriedCall{t.site, t.siteName})
		} else if fn.Name() == "Do" && isNamed(recv.Type(), httpPath, "Client") && len(c.Args) > 0 && t.retryingClient(c.Args[0], 0) {
			// Sent through a field that holds a retryablehttp StandardClient.
			t.retried = append(t.retried, retriedCall{send, "retryablehttp.Client.StandardClient"})
		}
	case isRecv && (isNamed(recv.Type(), httpPath, "Request") || isNamed(recv.Type(), knowledge.Retryablehttp, "Request")):
		// Methods of the request itself: WithContext and Clone return
		// it (with its headers); the others do not touch the key.
		switch fn.Name() {
		case "WithContext", "Clone":
			if result != nil {
				t.alias(result)
			}
		}
	case path == knowledge.Retryablehttp && fn.Name() == "FromRequest":
		if result != nil {
			t.alias(result)
		}
	default:
		t.into(instr, v)
	}
}

// into follows the request into a function of this package that it is
// handed to (c.send(req)): its sends count at the call, and what it does
// to the request counts as if done here. A function of another package
// is known by its RequestFact. Anything else is unsure.
func (t *reqTracker) into(instr ssa.CallInstruction, v ssa.Value) {
	callee := instr.Common().StaticCallee()
	site, siteName := t.site, t.siteName
	if site == nil {
		site = instr
		if callee != nil {
			if fn, ok := callee.Object().(*types.Func); ok {
				siteName = analysisutil.DisplayName(fn)
			}
		}
	}
	if callee != nil && t.pkg != nil && callee.Pkg != t.pkg && !ownMethod(callee, t.pkg) {
		t.byFact(instr, callee, v, site)
		return
	}
	if callee == nil {
		t.pending = append(t.pending, instr) // an interface method
		return
	}
	if t.pkg == nil || len(callee.Blocks) == 0 || t.depth >= 3 {
		t.unknown = true
		return
	}
	sub := &reqTracker{cfg: t.cfg, pkg: t.pkg, seen: map[ssa.Value]bool{}, site: site, depth: t.depth + 1, facts: t.facts,
		inScope: t.inScope, siteName: siteName, fields: t.fields, parent: t, via: instr, fn: callee}
	for i, a := range instr.Common().Args {
		if a == v && i < len(callee.Params) {
			sub.alias(callee.Params[i])
		}
	}
	sub.settle()
	if len(sub.sends) > 0 {
		t.sentAt = append(t.sentAt, instr)
	}
	t.sends = append(t.sends, sub.sends...)
	t.retried = append(t.retried, sub.retried...)
	t.keySet = t.keySet || sub.keySet
	t.unknown = t.unknown || sub.unknown
	if sub.returned {
		if r, ok := instr.(*ssa.Call); ok {
			t.alias(r)
		}
	}
}

// A retriedCall is a call of a helper that retries the request itself.
type retriedCall struct {
	call ssa.CallInstruction
	name string // the helper, for messages: transport.SendWithRetry
}

// byFact applies the RequestFact of callee, a function of another
// package, to the request v passed to it: the call sends, retries, sets
// a key, returns the request. Without a fact, or with v in an argument
// the fact does not know, the request is unknown from here on.
func (t *reqTracker) byFact(instr ssa.CallInstruction, callee *ssa.Function, v ssa.Value, site ssa.CallInstruction) {
	fn, _ := callee.Object().(*types.Func)
	var f *RequestFact
	if fn != nil && t.facts != nil {
		f = t.facts(fn)
	}
	if f == nil {
		t.unknown = true
		return
	}
	known := false
	for i, a := range instr.Common().Args {
		if a != v {
			continue
		}
		u := f.use(i)
		if u == nil {
			t.unknown = true
			return
		}
		known = true
		if u.Sends {
			t.sends = append(t.sends, site)
			t.sentAt = append(t.sentAt, instr)
		}
		if u.Retries {
			t.retried = append(t.retried, retriedCall{site, analysisutil.DisplayName(fn)})
		}
		t.keySet = t.keySet || u.SetsKey
		if r, ok := instr.(*ssa.Call); ok && u.Returns {
			t.alias(r)
		}
	}
	if !known {
		t.unknown = true // captured some other way
	}
}

// headerAddr follows &req.Header: loads of it are the header map; a
// store replaces it (unsure).
func (t *reqTracker) headerAddr(addr *ssa.FieldAddr) {
	for _, r := range refsOf(addr) {
		switch r := r.(type) {
		case *ssa.UnOp:
			t.header(r)
		case *ssa.Store:
			t.unknown = true
		}
	}
}

// header follows a request's header map: Set/Add or an index assignment
// with a key-header name sets the key; with a computed name it may.
func (t *reqTracker) header(h ssa.Value) {
	for _, r := range refsOf(h) {
		switch x := r.(type) {
		case *ssa.MapUpdate:
			t.headerName(x.Key)
		case *ssa.Lookup:
		case ssa.CallInstruction:
			fn := idemkey.Callee(x.Common())
			if fn == nil || !isNamed(recvType(fn), httpPath, "Header") {
				t.unknown = true
				continue
			}
			switch fn.Name() {
			case "Set", "Add":
				if len(x.Common().Args) > 1 {
					t.headerName(x.Common().Args[1])
				}
			}
		case *ssa.Phi:
			t.header(x)
		default:
			t.unknown = true
		}
	}
}

func (t *reqTracker) headerName(k ssa.Value) {
	if clientHeaderKey(k) {
		return // a client-wide header: no key of this request
	}
	c, ok := k.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		t.unknown = true
		return
	}
	if t.cfg.IsKeyHeader(constant.StringVal(c.Value)) {
		t.keySet = true
	}
}

func recvType(fn *types.Func) types.Type {
	if r := fn.Type().(*types.Signature).Recv(); r != nil {
		return r.Type()
	}
	return nil
}

// ownMethod reports whether fn is a method of pkg's package whose body
// was left out of the SSA build (see ssa.go): it is followed no further,
// as a bodyless function of the package.
func ownMethod(fn *ssa.Function, pkg *ssa.Package) bool {
	obj, ok := fn.Object().(*types.Func)
	return ok && obj.Pkg() == pkg.Pkg
}

// retryingClient reports whether the *http.Client v is a go-retryablehttp
// StandardClient: a load of a field that holds one (t.fields), a
// StandardClient call, or a parameter of the function the request was
// handed to whose argument at that call is one.
func (t *reqTracker) retryingClient(v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return t.fields[idemkey.FieldOf(fa.X.Type(), fa.Field)]
		}
	case *ssa.Call:
		fn := idemkey.Callee(x.Common())
		return fn != nil && fn.Name() == "StandardClient" && fn.Pkg() != nil && fn.Pkg().Path() == knowledge.Retryablehttp
	case *ssa.Parameter:
		if t.parent == nil || t.fn == nil || x.Parent() != t.fn {
			return false
		}
		i := slices.Index(t.fn.Params, x)
		args := t.via.Common().Args
		if i < 0 || i >= len(args) || t.via.Common().IsInvoke() {
			return false
		}
		return t.parent.retryingClient(args[i], depth+1)
	}
	return false
}

// clientHeaderKey reports whether the header name k is a key of a
// client-wide header map: `for k, v := range c.headers { req.Header.Set(k, v) }`
// in a method of the API client, the map a field reached from the
// receiver of a struct that holds the *http.Client it sends with. Those
// headers are the same on every request the client sends (set when the
// client is built), so none of them is a per-request idempotency key. A
// map that is a parameter, or a field of one (per-call headers), is not.
func clientHeaderKey(k ssa.Value) bool {
	for {
		switch x := k.(type) {
		case *ssa.ChangeType:
			k = x.X
			continue
		case *ssa.Convert:
			k = x.X
			continue
		}
		break
	}
	ex, ok := k.(*ssa.Extract)
	if !ok || ex.Index != 1 {
		return false
	}
	next, ok := ex.Tuple.(*ssa.Next)
	if !ok || next.IsString {
		return false
	}
	rng, ok := next.Iter.(*ssa.Range)
	if !ok {
		return false
	}
	load, ok := rng.X.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok || !holdsHTTPClient(fa.X.Type()) {
		return false
	}
	fn := fa.Parent()
	if fn == nil || fn.Signature.Recv() == nil || len(fn.Params) == 0 {
		return false
	}
	recv := fn.Params[0]
	for v := fa.X; ; {
		if v == ssa.Value(recv) {
			return true
		}
		l, ok := v.(*ssa.UnOp)
		if !ok || l.Op != token.MUL {
			return false
		}
		f, ok := l.X.(*ssa.FieldAddr)
		if !ok {
			return false
		}
		v = f.X
	}
}

// holdsHTTPClient reports whether ptr points to a struct with a field of
// type *http.Client, http.Client or *retryablehttp.Client: an API client.
func holdsHTTPClient(ptr types.Type) bool {
	p, ok := ptr.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	s, ok := p.Elem().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range s.NumFields() {
		t := s.Field(i).Type()
		if q, ok := types.Unalias(t).(*types.Pointer); ok {
			t = q.Elem()
		}
		if isNamed(t, httpPath, "Client") || isNamed(t, knowledge.Retryablehttp, "Client") {
			return true
		}
	}
	return false
}
