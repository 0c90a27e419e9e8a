package lazyinspect

import (
	"go/ast"
	"go/parser"
	"go/token"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestLazyShared checks that the inspector is built only when asked for,
// once, and shared by concurrent callers.
func TestLazyShared(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", "package x\nfunc f() {}\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	res, _ := Analyzer.Run(&analysis.Pass{Files: []*ast.File{f}})
	r := res.(*Result)
	if r.in != nil {
		t.Fatal("inspector built before first use")
	}
	pass := &analysis.Pass{ResultOf: map[*analysis.Analyzer]any{Analyzer: r}}
	var wg sync.WaitGroup
	got := make([]any, 4)
	for i := range got {
		wg.Go(func() { got[i] = Of(pass) })
	}
	wg.Wait()
	for _, in := range got {
		if in == nil || in != got[0] {
			t.Fatalf("inspectors %v: want one, shared", got)
		}
	}
	n := 0
	for range r.Inspector().Root().Preorder((*ast.FuncDecl)(nil)) {
		n++
	}
	if n != 1 {
		t.Errorf("%d function declarations, want 1", n)
	}
}
