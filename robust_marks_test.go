package reslint_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRobustMarks checks that the passes that walk candidates call
// guard.Mark at their work points, so that a panic's internal-error
// diagnostic names the function, loop or call being judged rather than
// the package clause. The passes listed as unmarked report a panic at the
// package clause (still with the panicking function's name); marking them
// is future work, and the list keeps it visible.
func TestRobustMarks(t *testing.T) {
	marked := []string{
		"analyzers/idemkeyperseries", "analyzers/noretrycanceled", "analyzers/timerstop",
		"analyzers/ambiguouswrite", "analyzers/retrystorm", "internal/retryscope", "internal/wait",
	}
	unmarked := []string{
		"analyzers/backoffjitter", "analyzers/breakerverdict", "analyzers/childbudget",
		"analyzers/classifiercentral", "internal/ctxaware", "internal/classify", "internal/suite",
	}
	for _, dir := range append(marked, unmarked...) {
		n := marks(t, dir)
		want := !slices.Contains(unmarked, dir)
		if got := n > 0; got != want {
			t.Errorf("%s: %d guard.Mark calls; listed as marked=%v", dir, n, want)
		}
	}
}

// marks counts the guard.Mark calls in the non-test files of dir.
func marks(t *testing.T, dir string) int {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(names) == 0 {
		t.Fatalf("%s: no Go files (%v)", dir, err)
	}
	n := 0
	fset := token.NewFileSet()
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(x ast.Node) bool {
			if call, ok := x.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Mark" {
					if id, ok := sel.X.(*ast.Ident); ok && id.Name == "guard" {
						n++
					}
				}
			}
			return true
		})
	}
	return n
}
