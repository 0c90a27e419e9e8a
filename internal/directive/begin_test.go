package directive

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestBegin: a package of the standard library gets no reporter (the run
// stops there), any other package gets one.
func TestBegin(t *testing.T) {
	fset := token.NewFileSet()
	std, err := parser.ParseFile(fset, filepath.Join(build.Default.GOROOT, "src", "errors", "errors.go"), nil, parser.ParseComments)
	if err != nil {
		t.Skipf("no GOROOT source here: %v", err)
	}
	own, err := parser.ParseFile(fset, "/work/x/own.go", "package own\n", parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	a := &analysis.Analyzer{Name: "timerstop"}
	for _, tc := range []struct {
		file *ast.File
		want bool
	}{{std, false}, {own, true}} {
		pass := &analysis.Pass{Analyzer: a, Fset: fset, Files: []*ast.File{tc.file}, Report: func(analysis.Diagnostic) {}}
		rep, ok := Begin(pass)
		if ok != tc.want || (rep != nil) != tc.want {
			t.Errorf("Begin on %s: reporter %v, ok %v; want ok %v", fset.File(tc.file.Pos()).Name(), rep != nil, ok, tc.want)
		}
	}
}
