package reslint_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestRuleIDsTyped checks that analyzers name the rule of a diagnostic
// with the catalogue's constants (analysisdoc.N2, analysisdoc.T1, ...),
// never a bare string: a Category written as a string literal, or a
// string literal handed to a rule reporter (reportf, report, Rulef), is
// an error.
func TestRuleIDsTyped(t *testing.T) {
	dirs, err := filepath.Glob("analyzers/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"internal/directive", "internal/guard", "internal/suite"} {
		dirs = append(dirs, d)
	}
	checked := 0
	for _, dir := range dirs {
		names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		fset := token.NewFileSet()
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			checked++
			ast.Inspect(f, func(n ast.Node) bool {
				var lit ast.Expr
				switch n := n.(type) {
				case *ast.KeyValueExpr:
					if id, ok := n.Key.(*ast.Ident); ok && id.Name == "Category" {
						lit = n.Value
					}
				case *ast.AssignStmt:
					if sel, ok := n.Lhs[0].(*ast.SelectorExpr); ok && sel.Sel.Name == "Category" && len(n.Rhs) == 1 {
						lit = n.Rhs[0]
					}
				case *ast.ValueSpec:
					for i, id := range n.Names {
						if strings.EqualFold(id.Name, "category") && i < len(n.Values) {
							lit = n.Values[i]
						}
					}
				case *ast.CallExpr:
					if sel, ok := n.Fun.(*ast.SelectorExpr); ok && len(n.Args) > 0 {
						switch sel.Sel.Name {
						case "reportf", "report", "Rulef":
							lit = n.Args[0]
						}
					}
				}
				if b, ok := lit.(*ast.BasicLit); ok && b.Kind == token.STRING {
					t.Errorf("%s: rule id %s written as a string: use the analysisdoc constant", fset.Position(b.Pos()), b.Value)
				}
				return true
			})
		}
	}
	if checked < 20 {
		t.Fatalf("checked only %d files", checked)
	}
}
