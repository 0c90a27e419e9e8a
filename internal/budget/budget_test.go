package budget

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

const src = `package p

import (
	"context"
	"net/http"
	"time"
)

const base = 100 * time.Millisecond

type D = time.Duration

func use(ctx context.Context) {}

func f(ctx context.Context, r *http.Request, d time.Duration, cond bool) {
	use(ctx) // param
	c1, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	use(c1) // at most 3s
	c2, _ := context.WithCancel(c1)
	c3 := context.WithValue(c2, "k", 1)
	use(c3) // at most 3s
	c4, _ := context.WithTimeout(c3, 5*time.Second)
	use(c4) // at most 3s
	c5, _ := context.WithTimeout(c3, time.Second)
	use(c5) // at most 1s
	use(context.Background()) // none
	use(context.WithoutCancel(c5)) // unknown
	use(r.Context()) // unknown
	c6, _ := context.WithDeadline(ctx, time.Now().Add(D(2)*base))
	use(c6) // at most 200ms
	c7, _ := context.WithTimeout(ctx, d)
	use(c7) // param
	c8, _ := context.WithTimeout(c1, d)
	use(c8) // at most 3s
	x := c1
	if cond {
		x = ctx
	}
	use(x) // unknown
	for i := 0; i < 3; i++ {
		use(ctx) // unknown
		ctx, _ = context.WithTimeout(ctx, time.Second)
	}
	bg, _ := context.WithTimeout(context.Background(), time.Minute)
	use(bg) // at most 1m0s
	func() {
		use(c1) // at most 3s
	}()
	y := c1
	later := func() {
		use(y) // unknown
	}
	y = ctx
	later()
	z := c1
	set := func() { z = ctx }
	set()
	use(z) // unknown
	if w, _ := context.WithTimeout(ctx, 2*time.Second); cond {
		use(w) // at most 2s
	} else {
		use(w) // at most 2s
	}
	switch u := c5; {
	case cond:
		use(u) // at most 1s
	}
	c9, _ := context.WithTimeout(c5, time.Second)
	var p *context.Context = &c9
	_ = p
	use(c9) // unknown
}

func g(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, 4*time.Second)
	defer cancel()
	use(ctx) // at most 4s
	for range 2 {
		use(ctx) // at most 4s
	}
}
`

func check(t *testing.T) (*types.Info, *inspector.Inspector, *ast.File, *token.FileSet) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{},
		Defs:  map[*ast.Ident]types.Object{},
		Uses:  map[*ast.Ident]types.Object{},
	}
	conf := types.Config{Importer: importer.Default()}
	if _, err := conf.Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	return info, inspector.New([]*ast.File{f}), f, fset
}

func TestContext(t *testing.T) {
	info, in, f, fset := check(t)
	tr := NewTracker(info, in)
	lines := strings.Split(src, "\n")
	n := 0
	for c := range in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "use" {
			continue
		}
		line := lines[fset.Position(call.Pos()).Line-1]
		_, want, ok := strings.Cut(line, "// ")
		if !ok {
			continue
		}
		b := tr.Context(c.ChildAt(edge.CallExpr_Args, 0))
		var got string
		switch b.Kind {
		case AtMost:
			got = "at most " + b.Left.String()
		case NoDeadline:
			got = "none"
		default:
			got = "unknown"
			if b.Param != nil {
				got = "param"
			}
		}
		if got != want {
			t.Errorf("line %d %q: got %s, want %s", fset.Position(call.Pos()).Line, strings.TrimSpace(line), got, want)
		}
		n++
	}
	if n < 23 {
		t.Fatalf("only %d cases checked", n)
	}
	_ = f
}

func TestDuration(t *testing.T) {
	info, in, _, _ := check(t)
	tr := NewTracker(info, in)
	var got []time.Duration
	for c := range in.Root().Preorder((*ast.CallExpr)(nil)) {
		if IsTimeoutCall(info, c.Node().(*ast.CallExpr)) {
			if d, ok := tr.Timeout(c); ok {
				got = append(got, d)
			}
		}
	}
	want := []time.Duration{3 * time.Second, 5 * time.Second, time.Second, 200 * time.Millisecond, time.Second, time.Minute, 2 * time.Second, time.Second, 4 * time.Second}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("timeout %d: got %v, want %v", i, got[i], want[i])
		}
	}
}

func TestBackoff(t *testing.T) {
	for _, tc := range []struct {
		n         int64
		base, cap time.Duration
		want      time.Duration
		terms     string
	}{
		{4, 50 * time.Millisecond, time.Second, 350 * time.Millisecond, "50ms+100ms+200ms"},
		{4, 50 * time.Millisecond, 200 * time.Millisecond, 350 * time.Millisecond, "50ms+100ms+200ms"},
		{3, 200 * time.Millisecond, time.Second, 600 * time.Millisecond, "200ms+400ms"},
		{5, 100 * time.Millisecond, 150 * time.Millisecond, 550 * time.Millisecond, "100ms+150ms+150ms+150ms"},
		{1, time.Second, time.Second, 0, ""},
		{100, time.Second, 2 * time.Second, 197 * time.Second, "1s+2s+2s+2s+2s+2s+2s+2s+... (99 waits)"},
	} {
		got, terms := Backoff(tc.n, tc.base, tc.cap)
		if got != tc.want || Terms(terms, tc.n-1) != tc.terms {
			t.Errorf("Backoff(%d, %v, %v) = %v %q, want %v %q", tc.n, tc.base, tc.cap, got, Terms(terms, tc.n-1), tc.want, tc.terms)
		}
	}
	if d, _ := Backoff(200, time.Hour, 0); d <= 0 {
		t.Errorf("uncapped backoff overflowed to %v", d)
	}
}
