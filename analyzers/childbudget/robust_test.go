package childbudget

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/internal/lazyinspect"
	"github.com/reslint/reslint/internal/retryscope"
	"github.com/reslint/reslint/internal/wait"
)

func TestDoc(t *testing.T) {
	if first, _, _ := strings.Cut(Analyzer.Doc, "\n"); !strings.HasPrefix(first, "childbudget: ") {
		t.Errorf("Doc's first line %q is not the summary", first)
	}
}

// runOn runs the analyzer and the passes it requires directly on src,
// which may not type-check: nothing may panic.
func runOn(t *testing.T, src string) []analysis.Diagnostic {
	t.Helper()
	fset := token.NewFileSet()
	f, _ := parser.ParseFile(fset, "x.go", src, parser.ParseComments|parser.AllErrors)
	if f == nil {
		return nil
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Scopes:     map[ast.Node]*types.Scope{},
		Instances:  map[*ast.Ident]types.Instance{},
	}
	conf := types.Config{Importer: importer.Default(), Error: func(error) {}}
	pkg, _ := conf.Check("x", fset, []*ast.File{f}, info)
	var diags []analysis.Diagnostic
	results := map[*analysis.Analyzer]any{}
	for _, a := range []*analysis.Analyzer{lazyinspect.Analyzer, wait.Analyzer, retryscope.Analyzer, Analyzer} {
		pass := &analysis.Pass{
			Analyzer:          a,
			Fset:              fset,
			Files:             []*ast.File{f},
			Pkg:               pkg,
			TypesInfo:         info,
			TypesSizes:        types.SizesFor("gc", "amd64"),
			ResultOf:          results,
			Report:            func(d analysis.Diagnostic) { diags = append(diags, d) },
			ReadFile:          func(string) ([]byte, error) { return []byte(src), nil },
			ImportObjectFact:  func(types.Object, analysis.Fact) bool { return false },
			ExportObjectFact:  func(types.Object, analysis.Fact) {},
			ImportPackageFact: func(*types.Package, analysis.Fact) bool { return false },
			ExportPackageFact: func(analysis.Fact) {},
			AllObjectFacts:    func() []analysis.ObjectFact { return nil },
			AllPackageFacts:   func() []analysis.PackageFact { return nil },
		}
		res, err := a.Run(pass)
		if err != nil {
			t.Fatalf("%s: %v", a.Name, err)
		}
		results[a] = res
	}
	return diags
}

// TestHarness checks that runOn reports what the fixtures do.
func TestHarness(t *testing.T) {
	diags := runOn(t, `package x
import ("context"; "time")
func f(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	c, cancel2 := context.WithTimeout(ctx, 2*time.Second)
	defer cancel2()
	_ = c
}`)
	if len(diags) != 1 || diags[0].Category != "B1" {
		t.Errorf("got %v", diags)
	}
}

// TestIllTyped runs the analyzer on broken code: it must not panic.
func TestIllTyped(t *testing.T) {
	for _, src := range []string{
		`package x; import ("context"; "time"); func f(ctx context.Context) { c, _ := context.WithTimeout(ctx, undefined); context.WithTimeout(c, 2*time.Second) }`,
		`package x; import ("context"; "time"); func f(ctx context.Context) { c, _ := context.WithTimeout(nope, time.Second); g(c, context.Background()) }`,
		`package x; import "context"; func f(ctx context.Context) { undefined(context.Background()); x.y(context.TODO()); var z = context.Background(); q(z) }`,
		`package x; import "context"; func f(ctx context.Context) { context.WithTimeout(); context.WithDeadline(ctx); context.WithCancel() }`,
		`package x; import ("context"; "time"); var p = Policy{MaxAttempts: x, PerAttempt: time.Second, Budget: y}; var q = struct{MaxAttempts int; PerAttempt, Budget time.Duration}{3, time.Second}`,
		`package x; import ("context"; "time"); func f(ctx context.Context) { ctx, _ = context.WithTimeout(ctx, time.Second); for i := 0; i < n; i++ { c, _ := context.WithTimeout(ctx, time.Second); time.Sleep(q); _ = c } }`,
		`package x; import ("context"; "time"); func f(ctx context.Context) { ctx, _ = context.WithTimeout(ctx, time.Second); for range 3 { c, _ := context.WithTimeout(ctx, 500*time.Millisecond); if e := g(c); e == nil { return }; time.Sleep(1) } }`,
		`package x; import ("context"; "time"); func f(ctx context.Context) { d := time.Now().Add(); c, _ := context.WithDeadline(ctx, d); f(c) }`,
		`package x; import "context"; func f(ctx context.Context) { go func() { f(context.Background() }() }`,
		`package x; import "context"; func f(ctx context.Context, n int) error { if n == 0 { return nil }; return f(ctx, n-1) }; func g(ctx context.Context) { f(ctx, 1, 2) ; f() }`,
		`package x; import ("context"; "time"); type P struct{ MaxAttempts int; PerAttempt, Budget, Base, Cap time.Duration }; var p = P{MaxAttempts: 1 << 62, PerAttempt: 1 << 40, Budget: 1, Base: 1, Cap: 1 << 62}; var q = &P{MaxAttempts: 200, PerAttempt: 1, Budget: 2, Base: time.Hour, Cap: 1 << 62}`,
	} {
		runOn(t, src)
	}
}

// TestHugePolicy: absurd constants end quickly and are not reported as
// overflowed garbage.
func TestHugePolicy(t *testing.T) {
	runOn(t, `package x; import "time"; type P struct{ MaxAttempts int; PerAttempt, Budget, Base, Cap time.Duration }
var p = P{MaxAttempts: 1 << 40, PerAttempt: 1, Budget: 1 << 50, Base: 1, Cap: 1 << 20}
var q = P{MaxAttempts: 1 << 40, PerAttempt: 1, Budget: 1 << 50, Base: 1}`)
}
