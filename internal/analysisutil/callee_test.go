package analysisutil

import (
	"go/ast"
	"testing"
)

func TestCalleeThroughPackageVar(t *testing.T) {
	f, info, _ := check(t, `package p

import "time"

var after = time.After
var own = local
var hook func(time.Duration) <-chan time.Time

func local(d time.Duration) <-chan time.Time { return nil }

func use() {
	after(time.Second)
	own(time.Second)
	hook(time.Second)
	sleep := time.Sleep
	sleep(time.Second)
}
`)
	want := map[string]string{"after": "After", "own": "local", "hook": "", "sleep": ""}
	got := map[string]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok {
				name := ""
				if fn := CalleeFunc(info, call); fn != nil {
					name = fn.Name()
				}
				got[id.Name] = name
			}
		}
		return true
	})
	for k, w := range want {
		if got[k] != w {
			t.Errorf("CalleeFunc(%s(...)) = %q, want %q", k, got[k], w)
		}
	}
}
