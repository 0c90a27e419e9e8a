package analysisutil

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

func TestStripMajor(t *testing.T) {
	for in, want := range map[string]string{
		"github.com/cenkalti/backoff/v4": "github.com/cenkalti/backoff",
		"github.com/x/y/v12":             "github.com/x/y",
		"github.com/x/y/vnext":           "github.com/x/y/vnext",
		"github.com/x/y/v":               "github.com/x/y/v",
		"gopkg.in/yaml.v3":               "github.com/go-yaml/yaml",
		"gopkg.in/cenkalti/backoff.v1":   "github.com/cenkalti/backoff",
		"gopkg.in/x/y.v2/sub":            "github.com/x/y/sub",
		"gopkg.in/x/y":                   "gopkg.in/x/y",
		"gopkg.in/x/y.vz":                "gopkg.in/x/y.vz",
		"time":                           "time",
	} {
		if got := StripMajor(in); got != want {
			t.Errorf("StripMajor(%q) = %q, want %q", in, got, want)
		}
	}
}

// body parses src as the body of func f and returns its statements.
func body(t *testing.T, src string) []ast.Stmt {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package p\nfunc f() {\n"+src+"\n}", 0)
	if err != nil {
		t.Fatal(err)
	}
	return f.Decls[0].(*ast.FuncDecl).Body.List
}

func TestEndsBy(t *testing.T) {
	all := ByReturn | ByBreak | ByContinue | ByGoto | ByPanic | ByIfElse | ByBlock
	for _, tc := range []struct {
		src  string
		how  Exit
		want bool
	}{
		{"return", ByReturn, true},
		{"x(); return", ByReturn, true},
		{"return; x()", ByReturn, false},
		{"break", ByReturn, false},
		{"break", ByBreak, true},
		{"continue", ByBreak | ByGoto, false},
		{"continue", ByContinue, true},
		{"goto L; L:", ByGoto, false}, // the labelled statement is last
		{"panic(1)", ByPanic, true},
		{"panic(1)", ByNoReturn, true},
		{"log.Fatal(1)", ByPanic, false},
		{"log.Fatal(1)", ByNoReturn, true},
		{"os.Exit(1)", ByNoReturn, true},
		{"if a { return } else { break }", all, true},
		{"if a { return }", all, false},
		{"if a { return } else if b { return } else { continue }", all, true},
		{"if a { return } else if b { return }", all, false},
		{"if a { return } else { return }", ByReturn, false}, // if/else not asked for
		{"{ return }", ByReturn | ByBlock, true},
		{"{ return }", ByReturn, false},
		{"", all, false},
	} {
		if got := EndsBy(body(t, tc.src), tc.how); got != tc.want {
			t.Errorf("EndsBy(%q, %b) = %v, want %v", tc.src, tc.how, got, tc.want)
		}
	}
}

// check type-checks src (package p) with the standard library.
func check(t *testing.T, src string) (*ast.File, *types.Info, *types.Package) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{Importer: importer.ForCompiler(fset, "source", nil)}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return f, info, pkg
}

func TestTypesAndDefs(t *testing.T) {
	f, info, pkg := check(t, `package p

import (
	"context"
	"time"
)

type T struct{}

func (*T) M() {}

var once = func() error { return nil }
var twice = 1

type holder struct {
	life  context.Context // one keyed store
	moved context.Context // stored twice
	Pub   context.Context // exported: others may set it
	n     int             // not a context
}

func newHolder(ctx context.Context) *holder {
	h := &holder{life: context.Background(), moved: ctx, Pub: ctx, n: 1}
	h.moved = ctx
	return h
}

func g(ctx context.Context, d time.Duration) error {
	twice = 2
	x := 3
	p := &x
	_ = p
	for i := 0; i < 3; i++ {
		func() {
			for range 2 {
				_ = ctx.Err()
			}
		}()
	}
	return once()
}
`)
	g := pkg.Scope().Lookup("g").(*types.Func)
	sig := g.Type().(*types.Signature)
	if !IsContext(sig.Params().At(0).Type()) || IsContext(sig.Params().At(1).Type()) {
		t.Error("IsContext wrong on g's parameters")
	}
	if !IsNamed(sig.Params().At(1).Type(), "time", "Duration") || !IsNamedExact(sig.Params().At(1).Type(), "time", "Duration") {
		t.Error("IsNamed(time.Duration) = false")
	}
	if !IsError(sig.Results().At(0).Type()) {
		t.Error("IsError(error) = false")
	}
	m, _, _ := types.LookupFieldOrMethod(types.NewPointer(pkg.Scope().Lookup("T").Type()), false, pkg, "M")
	if got := DisplayName(m.(*types.Func)); got != "p.T.M" {
		t.Errorf("DisplayName = %q", got)
	}
	if got := QualifiedName(m.(*types.Func)); got != "p.(*T).M" {
		t.Errorf("QualifiedName = %q", got)
	}

	in := inspector.New([]*ast.File{f})
	defs := SingleDefs(info, in)
	names := map[string]bool{}
	for v := range defs {
		names[v.Name()] = true
	}
	if !names["once"] || names["twice"] || names["x"] || !names["p"] {
		t.Errorf("SingleDefs has %v; want once and p, not twice (assigned twice) nor x (address taken)", names)
	}
	if !names["life"] || names["moved"] || names["Pub"] || names["n"] {
		t.Errorf("SingleDefs has %v; want the field life, not moved (stored twice), Pub (exported) nor n (not a context)", names)
	}
	if decls := FuncDecls(info, in); len(decls) != 3 {
		t.Errorf("FuncDecls found %d functions, want 3 (g, T.M and newHolder)", len(decls))
	}

	// ctx.Err() sits in a range loop inside a literal inside a for loop:
	// its enclosing loop is the range loop, and it is in a literal.
	for c := range in.Root().Preorder((*ast.CallExpr)(nil)) {
		sel, ok := c.Node().(*ast.CallExpr).Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Err" {
			continue
		}
		if _, ok := EnclosingLoop(c).(*ast.RangeStmt); !ok {
			t.Errorf("EnclosingLoop(ctx.Err()) = %T, want the range loop", EnclosingLoop(c))
		}
		if !InFuncLit(c, nil) {
			t.Error("InFuncLit(ctx.Err()) = false")
		}
		fc, ok := EnclosingFunc(c)
		if _, lit := fc.Node().(*ast.FuncLit); !ok || !lit {
			t.Error("EnclosingFunc(ctx.Err()) is not the literal")
		}
	}
}

func TestAnyInBody(t *testing.T) {
	list := body(t, "x := 1\nf := func() { y() }\n_ = f")
	isCallOfY := func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		id, ok := c.Fun.(*ast.Ident)
		return ok && id.Name == "y"
	}
	block := &ast.BlockStmt{List: list}
	if AnyInBody(block, isCallOfY) {
		t.Error("AnyInBody looked into a nested function literal")
	}
	lit := list[1].(*ast.AssignStmt).Rhs[0]
	if !AnyInBody(lit, isCallOfY) {
		t.Error("AnyInBody(literal) did not look into the literal itself")
	}
}

func TestDeclName(t *testing.T) {
	src := `package p
type T[K any] struct{}
func f() {}
func (T) m() {}
func (*T) pm() {}
func (t *T[K]) gm() {}
func (_ (T)) paren() {}
`
	file, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			got = append(got, DeclName(fd))
		}
	}
	want := []string{"f", "T.m", "T.pm", "T.gm", "T.paren"}
	if !slices.Equal(got, want) {
		t.Errorf("DeclName = %v, want %v", got, want)
	}
}

func TestCommRecv(t *testing.T) {
	f, _, _ := check(t, `package p

func g(quit chan struct{}, work chan int, out chan int) {
	select {
	case <-quit:
	case v, ok := <-work:
		_, _ = v, ok
	case out <- 1:
	default:
	}
}
`)
	var got []string
	ast.Inspect(f, func(n ast.Node) bool {
		if cc, ok := n.(*ast.CommClause); ok {
			ch, s := CommRecv(cc.Comm), ""
			if ch != nil {
				s = types.ExprString(ch)
			}
			got = append(got, s)
		}
		return true
	})
	want := []string{"quit", "work", "", ""}
	if !slices.Equal(got, want) {
		t.Errorf("CommRecv per case = %q, want %q", got, want)
	}
}

func TestContextOf(t *testing.T) {
	f, info, _ := check(t, `package p

import (
	"context"
	"net/http"
)

type S struct{ ctx context.Context }

type C struct{}

func (C) Ctx() context.Context { return nil }

func g(ctx context.Context, s *S, r *http.Request, cl C) {
	_ = ctx.Done()
	_ = ctx.Err()
	_ = context.Cause(ctx)
	_ = s.ctx.Done()
	_ = r.Context().Done()
	_ = context.Background().Done()
	_ = ctx.Value(nil)
	_ = cl.Ctx().Err()
}
`)
	var got []string
	ast.Inspect(f, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			v := ContextOf(info, as.Rhs[0])
			name := ""
			if v != nil {
				name = v.Name()
			}
			got = append(got, name)
		}
		return true
	})
	want := []string{"ctx", "ctx", "ctx", "ctx", "r", "", "", "cl"}
	if !slices.Equal(got, want) {
		t.Errorf("ContextOf per line = %q, want %q", got, want)
	}
}
