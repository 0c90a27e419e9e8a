package retryscope

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"
)

// TestDerivedVars checks which variables count as coming from the
// attempt's results: through assignment, an index, a decode target, a
// range, and an assignment under a test of one; not the error, and not a
// variable assigned before the attempt or from unrelated values.
func TestDerivedVars(t *testing.T) {
	const src = `package p

type part struct{ Code int }
type resp struct{ Parts []part; Total int }

func attempt() (*resp, error) { return nil, nil }
func decode(r *resp, out *int) error { return nil }

func f() {
	before := 0
	for {
		r, err := attempt()
		_ = err
		total := r.Total
		var out int
		derr := decode(r, &out)
		_ = derr
		stale := false
		seen := map[int]bool{}
		for _, p := range r.Parts {
			if p.Code == 7 {
				stale = true
			}
			seen[p.Code] = true
		}
		other := before + 1
		_, _, _, _, _, _ = total, out, stale, seen, other, before
	}
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	var loop *ast.ForStmt
	var call *ast.CallExpr
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt:
			if loop == nil {
				loop = n
			}
		case *ast.CallExpr:
			if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "attempt" {
				call = n
			}
		}
		return true
	})
	results := attemptResults(info, loop.Body, call)
	r := &resultModel{info: info, errVar: results[1], results: results}
	got := derivedVars(info, loop.Body, call.End(), r.nonErrors(results), false)
	var names []string
	for v := range got {
		names = append(names, v.Name())
	}
	slices.Sort(names)
	want := []string{"out", "p", "r", "seen", "stale", "total"}
	if !slices.Equal(names, want) {
		t.Errorf("derived = %v, want %v", names, want)
	}
}
