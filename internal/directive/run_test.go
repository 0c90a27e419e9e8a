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

// TestRun: on a package of the standard library the run function is not
// called and the analyzer's empty result is returned; any other package
// gets run with a reporter.
func TestRun(t *testing.T) {
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
	type result struct{ ran bool }
	for _, tc := range []struct {
		file *ast.File
		ran  bool
	}{{std, false}, {own, true}} {
		pass := &analysis.Pass{Analyzer: a, Fset: fset, Files: []*ast.File{tc.file}, Report: func(analysis.Diagnostic) {}}
		run := Run(func() *result { return &result{} }, func(pass *analysis.Pass, rep *Reporter) (*result, error) {
			return &result{ran: rep != nil}, nil
		})
		got, err := run(pass)
		if err != nil {
			t.Fatal(err)
		}
		if r, ok := got.(*result); !ok || r.ran != tc.ran {
			t.Errorf("Run on %s: result %#v; want ran=%v", fset.File(tc.file.Pos()).Name(), got, tc.ran)
		}
	}
	nilStd := Run[any](nil, func(*analysis.Pass, *Reporter) (any, error) { return 1, nil })
	if got, _ := nilStd(&analysis.Pass{Analyzer: a, Fset: fset, Files: []*ast.File{std}}); got != nil {
		t.Errorf("Run with no std result on the standard library: %v; want nil", got)
	}
}
