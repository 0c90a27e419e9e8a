package ambiguouswrite

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestDoc(t *testing.T) {
	if first, _, _ := strings.Cut(Analyzer.Doc, "\n"); !strings.HasPrefix(first, "ambiguouswrite: ") {
		t.Errorf("Doc's first line %q is not the summary", first)
	}
	for _, banned := range []string{"SPEC", "§", "seed", "essay"} {
		if strings.Contains(doc, banned) {
			t.Errorf("doc mentions %q", banned)
		}
	}
	for _, rule := range []string{"W1", "W2", "W3"} {
		if !strings.Contains(Analyzer.Doc, rule+":") {
			t.Errorf("doc does not describe %s", rule)
		}
	}
}

// TestNoDatabaseNoWork runs the analyzer on a package that imports no
// database library, with none of the shared passes' results: it must
// return before it reads any of them (it would panic on the missing
// results otherwise) and report nothing.
func TestNoDatabaseNoWork(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", `package x
import "strings"
func f(s string) string { for i := 0; i < 3; i++ { s = strings.TrimSpace(s) }; return s }`, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{Importer: importerFor(t)}).Check("x", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	reported := 0
	pass := &analysis.Pass{
		Analyzer: Analyzer, Fset: fset, Files: []*ast.File{f}, Pkg: pkg, TypesInfo: info,
		ResultOf: map[*analysis.Analyzer]any{},
		Report:   func(analysis.Diagnostic) { reported++ },
	}
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("the analyzer did work on a package with no database import: %v", p)
		}
	}()
	if _, err := Analyzer.Run(pass); err != nil || reported != 0 {
		t.Errorf("run: %v, %d diagnostics", err, reported)
	}
}

// importerFor type-checks the standard packages the test needs from
// fake sources (no export data needed).
func importerFor(t *testing.T) types.Importer {
	return importerFunc(func(path string) (*types.Package, error) {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path+".go", "package strings\nfunc TrimSpace(s string) string { return s }", 0)
		if err != nil {
			t.Fatal(err)
		}
		return (&types.Config{}).Check(path, fset, []*ast.File{f}, nil)
	})
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
