package wait

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

func TestAfterShape(t *testing.T) {
	const src = `package p
import "time"
func After(d time.Duration) <-chan time.Time { return time.After(d) }
func Tick(d time.Duration) <-chan time.Time  { return time.Tick(d) }
func Send(d time.Duration) chan<- time.Time  { return nil }
func Count(d time.Duration) <-chan int       { return nil }
func Two(d, e time.Duration) <-chan time.Time { return nil }
func Secs(n int) <-chan time.Time            { return nil }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]int{"After": 0, "Tick": 0, "Send": -1, "Count": -1, "Two": -1, "Secs": -1} {
		sig := pkg.Scope().Lookup(name).Type().(*types.Signature)
		if got := AfterShape(sig); got != want {
			t.Errorf("AfterShape(%s) = %d, want %d", name, got, want)
		}
	}
}
