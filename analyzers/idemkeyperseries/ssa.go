package idemkeyperseries

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/reslint/reslint/internal/idemkey"
)

// SSA is built only for the declarations a question is asked about (the
// roots) and the functions of this package they reach in up to
// maxFollow calls: the value and request trackers follow calls no
// deeper. Every other declaration is handed to the SSA builder without
// its body, as an external function, so a large package with a few key
// generators costs a few functions of SSA, not the whole package (whole
// package SSA of a 100k-line package is most of a vet process's peak
// memory).
//
// Roots are announced before the questions (wantSSA), so one build
// usually serves a whole phase; a question about a declaration not yet
// built rebuilds with it added, and after maxBuilds builds the whole
// package is built once and for all.
const (
	maxFollow = 3
	maxBuilds = 4
)

// wantSSA announces that the functions around nodes (a *ast.FuncDecl or
// *ast.FuncLit each) will be asked for: the next build includes them.
func (c *checker) wantSSA(nodes ...ast.Node) {
	for _, n := range nodes {
		if d := c.declOf(n); d != nil && !c.ssaRoots[d] {
			if c.ssaWant == nil {
				c.ssaWant = map[ast.Decl]bool{}
			}
			c.ssaWant[d] = true
		}
	}
}

// ssaFunc returns the SSA function of a *ast.FuncDecl or *ast.FuncLit,
// building (or rebuilding) the package's SSA form so that it has n's
// body and the bodies of what n reaches.
func (c *checker) ssaFunc(n ast.Node) *ssa.Function {
	if n == nil || c.ssaFailed {
		return nil
	}
	if len(c.pass.TypeErrors) > 0 {
		// The SSA builder requires well-typed code; the drivers run
		// this analyzer on such code only, others may not.
		c.ssaFailed = true
		return nil
	}
	d := c.declOf(n)
	if c.ssaPkg == nil || !c.ssaAll && d != nil && !c.ssaRoots[d] {
		c.wantSSA(n)
		c.buildSSA()
	}
	return c.funcs[n]
}

// declOf returns the package-level declaration that holds n.
func (c *checker) declOf(n ast.Node) ast.Decl {
	if n == nil {
		return nil
	}
	if d, ok := n.(*ast.FuncDecl); ok {
		return d
	}
	for _, f := range c.pass.Files {
		if n.Pos() < f.FileStart || n.Pos() >= f.FileEnd {
			continue
		}
		// Declarations are in source order.
		i := sort.Search(len(f.Decls), func(i int) bool { return f.Decls[i].End() > n.Pos() })
		if i < len(f.Decls) && f.Decls[i].Pos() <= n.Pos() {
			return f.Decls[i]
		}
	}
	return nil
}

// buildSSA builds the package's SSA form with the bodies of the roots
// (the announced ones included) and of the functions they reach, and
// indexes its functions by syntax.
func (c *checker) buildSSA() {
	if c.ssaRoots == nil {
		c.ssaRoots = map[ast.Decl]bool{}
	}
	maps.Copy(c.ssaRoots, c.ssaWant)
	c.ssaWant = nil
	c.ssaBuilds++
	if c.ssaBuilds >= maxBuilds {
		c.ssaAll = true
	}

	files, info := c.pass.Files, c.pass.TypesInfo
	if !c.ssaAll {
		files, info = c.trimmedFiles(c.reached())
	}
	prog := ssa.NewProgram(c.pass.Fset, 0)
	for _, p := range c.pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(c.pass.Pkg, files, info, false)
	pkg.Build()
	c.funcs = map[ast.Node]*ssa.Function{}
	c.calls = map[*ssa.Function]map[token.Pos]ssa.CallInstruction{}
	var add func(f *ssa.Function)
	add = func(f *ssa.Function) {
		if syn := f.Syntax(); syn != nil {
			c.funcs[syn] = f
		}
		for _, a := range f.AnonFuncs {
			add(a)
		}
	}
	// Function literals at package level are closures of the package
	// initializer.
	if init := pkg.Func("init"); init != nil {
		add(init)
	}
	for _, fd := range c.funcDecls() {
		if f := prog.FuncValue(c.pass.TypesInfo.Defs[fd.Name].(*types.Func)); f != nil {
			add(f)
		}
	}
	// Summaries hold functions of the previous build.
	c.flow = &idemkey.Flow{Config: c.cfg, Pkg: pkg}
	c.ssaPkg = pkg
}

// reached returns the function declarations whose bodies the roots need:
// the roots and the functions of this package named in their bodies, up
// to maxFollow steps away.
func (c *checker) reached() map[*ast.FuncDecl]bool {
	declOfFunc := c.funcDecls()
	out := map[*ast.FuncDecl]bool{}
	var frontier []ast.Node
	for d := range c.ssaRoots {
		frontier = append(frontier, d)
		if fd, ok := d.(*ast.FuncDecl); ok {
			out[fd] = true
		}
	}
	for range maxFollow {
		var next []ast.Node
		for _, n := range frontier {
			ast.Inspect(n, func(x ast.Node) bool {
				id, ok := x.(*ast.Ident)
				if !ok {
					return true
				}
				fn, ok := c.pass.TypesInfo.Uses[id].(*types.Func)
				if !ok {
					return true
				}
				if fd := declOfFunc[fn.Origin()]; fd != nil && !out[fd] {
					out[fd] = true
					next = append(next, fd)
				}
				return true
			})
		}
		frontier = next
	}
	return out
}

// funcDecls indexes this package's function declarations by object.
func (c *checker) funcDecls() map[*types.Func]*ast.FuncDecl {
	if c.declOfFunc != nil {
		return c.declOfFunc
	}
	m := map[*types.Func]*ast.FuncDecl{}
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					m[obj] = fd
				}
			}
		}
	}
	c.declOfFunc = m
	return m
}

// trimmedFiles returns copies of the package's files in which every
// function declaration outside keep has no body, and a types.Info that
// knows the copies' Go versions. The syntax trees themselves are shared,
// not changed: other analyzers read them concurrently.
func (c *checker) trimmedFiles(keep map[*ast.FuncDecl]bool) ([]*ast.File, *types.Info) {
	info := *c.pass.TypesInfo
	// The package initializer runs only the initializations asked about
	// (a function literal at package level): the others build code for
	// every table of the package and reach no root.
	info.InitOrder = nil
	for _, in := range c.pass.TypesInfo.InitOrder {
		for d := range c.ssaRoots {
			if _, ok := d.(*ast.GenDecl); ok && within(d, in.Rhs.Pos()) {
				info.InitOrder = append(info.InitOrder, in)
				break
			}
		}
	}
	info.FileVersions = maps.Clone(c.pass.TypesInfo.FileVersions)
	if info.FileVersions == nil {
		info.FileVersions = map[*ast.File]string{}
	}
	files := make([]*ast.File, len(c.pass.Files))
	for i, f := range c.pass.Files {
		cp := *f
		cp.Decls = make([]ast.Decl, len(f.Decls))
		cp.Decls = cp.Decls[:0]
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && !keep[fd] {
				if fd.Recv != nil {
					// A call of a method the builder has no declaration
					// of gets a bodyless function made from its type.
					continue
				}
				// A function named by the package's code must stay a
				// member: it becomes bodyless.
				stub := *fd
				stub.Body = nil
				d = &stub
			}
			cp.Decls = append(cp.Decls, d)
		}
		if v, ok := c.pass.TypesInfo.FileVersions[f]; ok {
			info.FileVersions[&cp] = v
		}
		files[i] = &cp
	}
	return files, &info
}
