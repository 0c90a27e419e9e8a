package idemkeyperseries

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"github.com/reslint/reslint/internal/knowledge"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// RequestFact says what an exported function does with its request
// parameters (*http.Request, *retryablehttp.Request), so that a POST
// built in one package and handed to a "send and check status" helper or
// a transport of another is still followed. A parameter the function
// hands to code it cannot see (a func value, an interface, a channel) is
// left out: unknown, and a caller stays silent.
type RequestFact struct{ Params []RequestUse }

// RequestUse is what a function does with the request at argument Index
// of its calls (a method's receiver is argument 0).
type RequestUse struct {
	Index int
	// Sends: sent through (*http.Client).Do, a RoundTrip or a helper
	// that sends it. Retries: sent inside a retry scope of the function
	// (its own retry loop), so it is retried whoever calls it. SetsKey:
	// an idempotency key is set on it. Returns: it is returned.
	Sends, Retries, SetsKey, Returns bool
}

func (*RequestFact) AFact() {}
func (f *RequestFact) String() string {
	s := make([]string, len(f.Params))
	for i, p := range f.Params {
		var what []string
		for _, w := range []struct {
			on   bool
			name string
		}{{p.Sends, "sends"}, {p.Retries, "retries"}, {p.SetsKey, "setskey"}, {p.Returns, "returns"}} {
			if w.on {
				what = append(what, w.name)
			}
		}
		if len(what) == 0 {
			what = []string{"none"}
		}
		s[i] = fmt.Sprintf("%d:%s", p.Index, strings.Join(what, "+"))
	}
	return "request(" + strings.Join(s, ",") + ")"
}

// BuildsRequestFact marks an exported constructor helper: it builds a
// request with the HTTP method it is passed as argument Method (its index
// among a call's arguments) and returns it, with no key set on it and not
// handed to code that may set one. A call of it in another package with
// a constant POST is a construction, as a call of http.NewRequest is.
type BuildsRequestFact struct{ Method int }

func (*BuildsRequestFact) AFact() {}
func (f *BuildsRequestFact) String() string {
	return fmt.Sprintf("buildsrequest(method=%d)", f.Method)
}

// ctorDecls returns the exported constructor helpers of the package
// (ctorHelperOf), and announces them to SSA.
func (c *checker) ctorDecls() []*ctorHelper {
	var out []*ctorHelper
	for _, file := range c.pass.Files {
		for _, d := range file.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil || !decl.Name.IsExported() {
				continue
			}
			fn, ok := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
			if !ok {
				continue
			}
			if h := c.ctorHelperOf(fn); h != nil {
				out = append(out, h)
				c.wantSSA(decl)
			}
		}
	}
	return out
}

// ctorFacts exports a BuildsRequestFact for each clean exported
// constructor helper.
func (c *checker) ctorFacts(hs []*ctorHelper) {
	for _, h := range hs {
		if c.ctorClean(h) {
			c.pass.ExportObjectFact(c.pass.TypesInfo.Defs[h.decl.Name], &BuildsRequestFact{Method: h.param})
		}
	}
}

// importBuildsFact returns the BuildsRequestFact of a function of another
// package, or nil.
func (c *checker) importBuildsFact(fn *types.Func) *BuildsRequestFact {
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg || !c.factPkgs[fn.Pkg()] {
		return nil
	}
	var f BuildsRequestFact
	if c.pass.ImportObjectFact(fn.Origin(), &f) {
		return &f
	}
	return nil
}

func (f *RequestFact) use(index int) *RequestUse {
	for i := range f.Params {
		if f.Params[i].Index == index {
			return &f.Params[i]
		}
	}
	return nil
}

// isRequestType reports whether t is *http.Request or
// *retryablehttp.Request.
func isRequestType(t types.Type) bool {
	if _, ok := types.Unalias(t).(*types.Pointer); !ok {
		return false
	}
	return isNamed(t, httpPath, "Request") || isNamed(t, knowledge.Retryablehttp, "Request")
}

// importRequestFact returns the RequestFact of a function of another
// package, or nil.
func (c *checker) importRequestFact(fn *types.Func) *RequestFact {
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg || !c.factPkgs[fn.Pkg()] {
		return nil
	}
	var f RequestFact
	if c.pass.ImportObjectFact(fn.Origin(), &f) {
		return &f
	}
	return nil
}

// requestDecls returns the exported functions that take a request and
// do something to it (see requestFacts), and announces them to SSA.
func (c *checker) requestDecls() []*ast.FuncDecl {
	var decls []*ast.FuncDecl
	for _, file := range c.pass.Files {
		for _, d := range file.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil || !decl.Name.IsExported() {
				continue
			}
			obj, ok := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
			if ok && hasRequestParam(obj) && c.touchesRequests(decl) {
				decls = append(decls, decl)
				c.wantSSA(decl)
			}
		}
	}
	return decls
}

// requestFacts exports a RequestFact for each exported function of the
// package that takes a request and does something to it that a caller
// needs to know: sends it, sets a header, or hands it to a function that
// does. Other functions (handlers reading their request) cost no SSA.
func (c *checker) requestFacts(decls []*ast.FuncDecl) {
	for _, decl := range decls {
		fn := c.ssaFunc(decl)
		if fn == nil {
			return
		}
		var f RequestFact
		for i, p := range fn.Params {
			if !isRequestType(p.Type()) {
				continue
			}
			t := c.newTracker()
			t.param = true
			t.alias(p)
			t.settle()
			if t.unknown {
				continue
			}
			u := RequestUse{Index: i, Sends: len(t.sends) > 0, Retries: len(t.retried) > 0, SetsKey: t.keySet, Returns: t.returned}
			for _, send := range t.sends {
				if c.postScope(send.Common().Pos(), syntaxOf(send)) != nil {
					u.Retries = true
				}
			}
			f.Params = append(f.Params, u)
		}
		if len(f.Params) > 0 {
			c.pass.ExportObjectFact(c.pass.TypesInfo.Defs[decl.Name], &f)
		}
	}
}

// syntaxOf returns the function syntax whose code instr runs (see
// funcSyntax: a range-over-func loop body runs as its function's code).
func syntaxOf(instr ssa.Instruction) ast.Node {
	return funcSyntax(instr.Parent())
}

func hasRequestParam(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if r := sig.Recv(); r != nil && isRequestType(r.Type()) {
		return false // the request's own methods
	}
	for i := range sig.Params().Len() {
		if isRequestType(sig.Params().At(i).Type()) {
			return true
		}
	}
	return false
}

// touchesRequests is the cheap test before SSA: the body calls Do or
// RoundTrip, a method of http.Header, a function with a key-named name or
// parameter, a function of another package with a RequestFact, or a
// function of this package that takes a request; or assigns a header
// map element.
func (c *checker) touchesRequests(decl *ast.FuncDecl) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if ix, ok := ast.Unparen(lhs).(*ast.IndexExpr); ok && isNamed(info.TypeOf(ix.X), httpPath, "Header") {
					found = true
				}
			}
		case *ast.CallExpr:
			fn, ok := typeutil.Callee(info, n).(*types.Func)
			if !ok {
				return true
			}
			sig := fn.Type().(*types.Signature)
			switch {
			case sig.Recv() != nil && (fn.Name() == "Do" || fn.Name() == "RoundTrip"):
				found = true
			case sig.Recv() != nil && isNamed(sig.Recv().Type(), httpPath, "Header"):
				found = true
			case c.cfg.IsKeyName(fn.Name()):
				found = true
			case fn.Pkg() == c.pass.Pkg:
				found = hasRequestParam(fn)
			default:
				found = c.importRequestFact(fn) != nil
				for i := range sig.Params().Len() {
					found = found || c.cfg.IsKeyName(sig.Params().At(i).Name())
				}
			}
		}
		return !found
	})
	return found
}
