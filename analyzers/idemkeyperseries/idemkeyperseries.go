package idemkeyperseries

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/directive"
	"github.com/reslint/reslint/internal/idemkey"
	"github.com/reslint/reslint/internal/knowledge"
	"github.com/reslint/reslint/internal/lazyinspect"
	"github.com/reslint/reslint/internal/retryscope"
)

//go:embed doc.go
var doc string

// Analyzer reports idempotency keys generated per attempt (I1) and
// retried POST/PATCH requests without a key (I2).
//
// It builds SSA itself, and only for packages that can have a finding or
// a fact: requiring buildssa would build SSA for every package, which
// costs about as much as type-checking it again.
var Analyzer = &analysis.Analyzer{
	Name:      "idemkeyperseries",
	Doc:       analysisdoc.MustExtract(doc, "idemkeyperseries"),
	URL:       "https://github.com/reslint/reslint#idemkeyperseries",
	Requires:  []*analysis.Analyzer{lazyinspect.Analyzer, retryscope.Analyzer},
	Run:       directive.Run(nil, run),
	FactTypes: []analysis.Fact{new(FreshKeyFact), new(PutsKeyFact), new(RequestFact), new(BuildsRequestFact)},
}

var keyHeaders, keyFields string

func init() {
	Analyzer.Flags.StringVar(&keyHeaders, "keyheaders", strings.Join(idemkey.DefaultHeaders, ","),
		"comma-separated idempotency-key header names (case-insensitive)")
	Analyzer.Flags.StringVar(&keyFields, "keyfields", "",
		"comma-separated extra name fragments of idempotency-key fields, methods and parameters")
}

// FreshKeyFact marks a function that returns a freshly generated value
// (a uuid, a random or time-based string) at its results Results on every
// call: newKey() in one package makes a per-attempt key in another.
type FreshKeyFact struct{ Results []int }

func (*FreshKeyFact) AFact() {}
func (f *FreshKeyFact) String() string {
	s := make([]string, len(f.Results))
	for i, r := range f.Results {
		s[i] = fmt.Sprint(r)
	}
	return "returnsfreshkey(" + strings.Join(s, ",") + ")"
}

// PutsKeyFact marks a function that puts a freshly generated key into an
// idempotency sink (Sink) on every call, such as a newChargeRequest()
// that sets Idempotency-Key: uuid.NewString().
type PutsKeyFact struct{ Sink string }

func (*PutsKeyFact) AFact()           {}
func (f *PutsKeyFact) String() string { return "putsfreshkey " + f.Sink }

// kind says what a recorded call is.
type kind int

const (
	kindGen   kind = iota // a generator: uuid.New, crypto/rand.Text, time.Now
	kindFill              // crypto/rand.Read into a buffer
	kindFresh             // a function known by fact to return a fresh key
	kindPuts              // a function known by fact to put a fresh key on what it builds
	kindLocal             // a function of this package, facts not known yet
)

// A source is a call that may start a fresh value.
type source struct {
	call    *ast.CallExpr
	cur     inspector.Cursor
	fn      *types.Func // callee
	kind    kind
	weak    bool   // time.Now, math/rand: generated for other purposes too
	results []int  // kindFresh: the fresh results
	sink    string // kindPuts
	decl    *ast.FuncDecl
	declCur inspector.Cursor
	fnNode  ast.Node // innermost *ast.FuncLit or *ast.FuncDecl
}

type checker struct {
	pass     *analysis.Pass
	r        *directive.Reporter
	res      *retryscope.Result
	in       *inspector.Inspector
	cfg      *idemkey.Config
	factPkgs map[*types.Package]bool

	sources []*source
	locals  []*source // calls of this package's functions
	posts   []*post

	ssaPkg     *ssa.Package
	ssaRoots   map[ast.Decl]bool // declarations built with what they reach
	ssaWant    map[ast.Decl]bool // announced for the next build
	ssaAll     bool              // the whole package is built
	ssaBuilds  int
	ssaFailed  bool
	declOfFunc map[*types.Func]*ast.FuncDecl // funcDecls, once
	funcs      map[ast.Node]*ssa.Function
	calls      map[*ssa.Function]map[token.Pos]ssa.CallInstruction
	flow       *idemkey.Flow
	mentions   map[ast.Node]bool
	scopeCur   map[*retryscope.Scope]inspector.Cursor

	factDecl  map[*ast.FuncDecl]*declInfo // localFacts' candidates
	factDecls []*declInfo

	localFresh map[*types.Func][]int
	localPuts  map[*types.Func]string
	ctors      map[*types.Func]*ctorHelper // constructor helpers of this package, nil for other functions
	fixNames   map[ast.Node][]string
}

func run(pass *analysis.Pass, r *directive.Reporter) (any, error) {
	// The standard library sends no request in a retry scope, and no
	// other package needs a fact of it: its generators (crypto/rand,
	// time.Now, math/rand) are in the generator table. Under go vet, the
	// facts of every dependency are written and read by every package
	// above it, so exporting none here saves work far beyond this pass.
	c := &checker{
		pass:       pass,
		r:          r,
		res:        pass.ResultOf[retryscope.Analyzer].(*retryscope.Result),
		in:         lazyinspect.Of(pass),
		cfg:        idemkey.NewConfig(keyHeaders, keyFields),
		mentions:   map[ast.Node]bool{},
		scopeCur:   map[*retryscope.Scope]inspector.Cursor{},
		localFresh: map[*types.Func][]int{},
		localPuts:  map[*types.Func]string{},
		fixNames:   map[ast.Node][]string{},
	}

	// Return early unless the package can generate a key (a generator
	// package, or a package whose functions carry our facts), or can send
	// a POST in a retry scope.
	genImport, httpImport := false, false
	for _, p := range pass.Pkg.Imports() {
		switch {
		case idemkey.IsGeneratorPackage(p.Path()):
			genImport = true
		case p.Path() == "net/http" || p.Path() == knowledge.Retryablehttp:
			httpImport = true
		}
	}
	for _, f := range pass.AllObjectFacts() {
		if f.Object.Pkg() != nil && f.Object.Pkg() != pass.Pkg {
			if c.factPkgs == nil {
				c.factPkgs = map[*types.Package]bool{}
			}
			c.factPkgs[f.Object.Pkg()] = true
		}
	}
	factImport := false
	for _, p := range pass.Pkg.Imports() {
		factImport = factImport || c.factPkgs[p]
	}
	checkPosts := httpImport && (len(c.res.Scopes) > 0 || len(c.res.RetryingFields) > 0 || factImport)
	if !genImport && !factImport && !checkPosts && !httpImport {
		return nil, nil
	}

	c.scan(genImport || factImport, checkPosts)
	// Announce what the phases ask SSA about, so that one build
	// usually serves them all (see ssa.go).
	var reqDecls []*ast.FuncDecl
	var ctors []*ctorHelper
	if httpImport {
		reqDecls = c.requestDecls()
		ctors = c.ctorDecls()
	}
	c.groupFacts()
	c.wantFactsSSA()
	retried := c.retriedPosts()
	c.requestFacts(reqDecls)
	c.ctorFacts(ctors)
	c.localFacts()
	c.checkKeys()
	c.checkPosts(retried)
	return nil, nil
}

// scan records, in one walk over the package's calls, the key sources
// and the POST/PATCH requests.
func (c *checker) scan(keys, posts bool) {
	info := c.pass.TypesInfo
	for cur := range c.in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn, _ := typeutil.Callee(info, call).(*types.Func)
		if fn == nil {
			continue
		}
		fn = fn.Origin()
		if posts {
			c.recordPost(cur, call, fn)
		}
		if !keys {
			continue
		}
		s := &source{call: call, cur: cur, fn: fn}
		switch {
		case fn.Pkg() == c.pass.Pkg:
			// Facts of this package's functions are computed later
			// (localFacts); a generator package's own functions are
			// known by the table, not as sources.
			s.kind = kindLocal
			c.locals = append(c.locals, s)
			continue
		case idemkey.IsGenerator(fn):
			s.kind = kindGen
			s.weak = !idemkey.Hoistable(fn)
		case c.isRandFill(call, fn):
			s.kind = kindFill
		case fn.Pkg() != nil && c.factPkgs[fn.Pkg()]:
			var fresh FreshKeyFact
			var puts PutsKeyFact
			switch {
			case c.pass.ImportObjectFact(fn, &puts):
				s.kind, s.sink = kindPuts, puts.Sink
			case c.pass.ImportObjectFact(fn, &fresh):
				s.kind, s.results = kindFresh, fresh.Results
			default:
				continue
			}
		default:
			continue
		}
		if c.place(s) {
			c.sources = append(c.sources, s)
		}
	}
}

// place finds the functions around a source call: the innermost function
// (literal or declaration) and the declaration. It reports whether the
// call is inside a function at all.
func (c *checker) place(s *source) bool {
	for a := range s.cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		if s.fnNode == nil {
			s.fnNode = a.Node()
		}
		if d, ok := a.Node().(*ast.FuncDecl); ok {
			s.decl, s.declCur = d, a
		}
	}
	return s.fnNode != nil
}

// isRandFill reports whether call fills a buffer from crypto/rand:
// rand.Read(buf), io.ReadFull(rand.Reader, buf), rand.Reader.Read(buf).
func (c *checker) isRandFill(call *ast.CallExpr, fn *types.Func) bool {
	if idemkey.IsCryptoRandRead(fn) {
		return true
	}
	isReader := func(e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		v, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
		return ok && v.Pkg() != nil && v.Pkg().Path() == "crypto/rand" && v.Name() == "Reader"
	}
	if fn.Pkg() != nil && fn.Pkg().Path() == "io" && fn.Name() == "ReadFull" && len(call.Args) == 2 {
		return isReader(call.Args[0])
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && fn.Name() == "Read" {
		return isReader(sel.X)
	}
	return false
}

// guarded reports whether the node at cur runs only under a condition
// inside boundary: in an if or else branch, a case, or the right operand
// of && or ||. A key generated under a condition is usually generated
// once (if key == "" { key = uuid.NewString() }), so it is not reported.
// An early exit (if err != nil { return err }) before it does not count.
func guarded(cur inspector.Cursor, boundary ast.Node) bool {
	for c := cur; c.Valid() && c.Node() != boundary; c = c.Parent() {
		switch c.ParentEdgeKind() {
		case edge.IfStmt_Body, edge.IfStmt_Else, edge.CaseClause_Body, edge.CommClause_Body:
			return true
		case edge.BinaryExpr_Y:
			if be, ok := c.Parent().Node().(*ast.BinaryExpr); ok && (be.Op == token.LAND || be.Op == token.LOR) {
				return true
			}
		}
	}
	return false
}

// mentionsKey reports whether the code under n names a key: an
// identifier with a key name, a key-header string, or a call of a
// function with a key-named parameter. time.Now and math/rand values are
// followed only in code that mentions a key, since they are everywhere
// in retry loops for other reasons.
func (c *checker) mentionsKey(cur inspector.Cursor) bool {
	if !cur.Valid() {
		return false
	}
	n := cur.Node()
	if m, ok := c.mentions[n]; ok {
		return m
	}
	found := false
	for x := range cur.Preorder((*ast.Ident)(nil), (*ast.BasicLit)(nil), (*ast.CallExpr)(nil)) {
		switch n := x.Node().(type) {
		case *ast.Ident:
			found = c.cfg.IsKeyName(n.Name)
		case *ast.BasicLit:
			if tv, ok := c.pass.TypesInfo.Types[n]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				found = c.cfg.IsKeyHeader(constant.StringVal(tv.Value))
			}
		case *ast.CallExpr:
			if sig, ok := c.pass.TypesInfo.TypeOf(n.Fun).(*types.Signature); ok {
				for i := range sig.Params().Len() {
					found = found || c.cfg.IsKeyName(sig.Params().At(i).Name())
				}
			}
		}
		if found {
			break
		}
	}
	c.mentions[n] = found
	return found
}

// rangeFuncYield is ssa.Function.Synthetic for the body of a
// range-over-func loop, which SSA builds as a closure (the yield function
// passed to the iterator) whose Syntax is the *ast.RangeStmt.
const rangeFuncYield = "range-over-func yield"

// ssaFuncAt returns the SSA function that holds the code at pos in the
// function n (a *ast.FuncDecl or *ast.FuncLit): n's own function, or the
// yield function of the innermost range-over-func loop of n around pos.
func (c *checker) ssaFuncAt(n ast.Node, pos token.Pos) *ssa.Function {
	fn := c.ssaFunc(n)
	for fn != nil {
		var inner *ssa.Function
		for _, a := range fn.AnonFuncs {
			if rng, ok := a.Syntax().(*ast.RangeStmt); ok && a.Synthetic == rangeFuncYield && within(rng.Body, pos) {
				inner = a
				break
			}
		}
		if inner == nil {
			return fn
		}
		fn = inner
	}
	return nil
}

// funcSyntax returns the *ast.FuncDecl or *ast.FuncLit whose code fn
// runs: the function around a range-over-func loop for its yield
// function, fn's own syntax otherwise.
func funcSyntax(fn *ssa.Function) ast.Node {
	for fn != nil && fn.Synthetic == rangeFuncYield {
		fn = fn.Parent()
	}
	if fn == nil {
		return nil
	}
	return fn.Syntax()
}

// ssaCall returns the call instruction of fn at lparen.
func (c *checker) ssaCall(fn *ssa.Function, lparen token.Pos) ssa.CallInstruction {
	m, ok := c.calls[fn]
	if !ok {
		m = map[token.Pos]ssa.CallInstruction{}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if ci, ok := instr.(ssa.CallInstruction); ok {
					m[ci.Common().Pos()] = ci
				}
			}
		}
		c.calls[fn] = m
	}
	return m[lparen]
}
