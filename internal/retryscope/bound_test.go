package retryscope_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	gotypes "go/types"
	"testing"

	"github.com/reslint/reslint/internal/retryscope"
)

// TestLoopBound checks what ends each loop of a small file: the first
// for statement of every function, judged as a retry loop.
func TestLoopBound(t *testing.T) {
	const src = `package p

import (
	"context"
	"time"
)

func op() error { return nil }

const max = 5

func constant() {
	for i := 0; i < max; i++ { _ = op() }
}

func inclusive() {
	for attempt := 1; attempt <= 3; attempt++ { _ = op() }
}

func rangeN() {
	for range 4 { _ = op() }
}

func derived(limit int) {
	for i := 0; ; i++ {
		if op() == nil { return }
		remain := limit - i
		if remain <= 0 { return }
	}
}

func counted() {
	n := 0
	for {
		if op() == nil { return }
		n++
		if n > 3 { return }
	}
}

func deadline() {
	end := time.Now().Add(time.Minute)
	for {
		if op() == nil || time.Now().After(end) { return }
	}
}

func stop(quit chan struct{}) {
	for {
		if op() == nil { return }
		select {
		case <-quit:
			return
		case <-time.After(time.Second):
		}
	}
}

func withCtx(ctx context.Context) {
	for {
		if op() == nil { return }
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

func none() {
	for {
		if op() == nil { return }
		time.Sleep(time.Second)
	}
}
`
	type want struct {
		attempts                         int64
		limited, deadline, context, stop bool
	}
	wants := map[string]want{
		"constant":  {attempts: 5, limited: true},
		"inclusive": {attempts: 3, limited: true},
		"rangeN":    {attempts: 4, limited: true},
		"derived":   {limited: true},
		"counted":   {limited: true},
		"deadline":  {deadline: true},
		"stop":      {stop: true},
		"withCtx":   {context: true},
		"none":      {},
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &gotypes.Info{Types: map[ast.Expr]gotypes.TypeAndValue{}, Defs: map[*ast.Ident]gotypes.Object{}, Uses: map[*ast.Ident]gotypes.Object{}, Selections: map[*ast.SelectorExpr]*gotypes.Selection{}}
	if _, err := (&gotypes.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		w, ok := wants[fd.Name.Name]
		if !ok {
			continue
		}
		var loop ast.Node
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.ForStmt, *ast.RangeStmt:
				if loop == nil {
					loop = n
				}
			}
			return loop == nil
		})
		b := retryscope.ScopeBound(info, nil, nil, &retryscope.Scope{Kind: retryscope.Loop, Loop: loop})
		got := want{b.Attempts, b.Limited, b.Deadline, b.Context, b.Stop}
		if got != w {
			t.Errorf("%s: got %+v, want %+v", fd.Name.Name, got, w)
		}
		if b.Ends() != (w != want{}) {
			t.Errorf("%s: Ends() = %v", fd.Name.Name, b.Ends())
		}
	}
}
