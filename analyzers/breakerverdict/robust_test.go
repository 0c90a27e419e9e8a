package breakerverdict

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/internal/lazyinspect"
)

func TestDoc(t *testing.T) {
	if first, _, _ := strings.Cut(Analyzer.Doc, "\n"); !strings.HasPrefix(first, "breakerverdict: ") {
		t.Errorf("Doc's first line %q is not the summary", first)
	}
	for _, banned := range []string{"SPEC", "§", "seed", "essay"} {
		if strings.Contains(doc, banned) {
			t.Errorf("doc mentions %q", banned)
		}
	}
}

// Fakes of the libraries, enough for the checks, so that the tests below
// type-check in microseconds.
var fakes = map[string]string{
	"github.com/sony/gobreaker/v2": `package gobreaker
type Settings struct { Name string; IsSuccessful func(err error) bool; IsExcluded func(err error) bool }
type CircuitBreaker[T any] struct{}
func NewCircuitBreaker[T any](st Settings) *CircuitBreaker[T] { return nil }`,
	"github.com/failsafe-go/failsafe-go/circuitbreaker": `package circuitbreaker
type CircuitBreaker[R any] interface{ IsOpen() bool }
type Builder[R any] interface {
	HandleErrors(errs ...error) Builder[R]
	HandleIf(predicate func(R, error) bool) Builder[R]
	WithFailureThreshold(n uint) Builder[R]
	Build() CircuitBreaker[R]
}
func NewBuilder[R any]() Builder[R] { return nil }
func NewWithDefaults[R any]() CircuitBreaker[R] { return nil }`,
	"errors":  "package errors\nfunc Is(err, target error) bool { return false }\nfunc New(s string) error { return nil }",
	"context": "package context\ntype canceled struct{}\nfunc (canceled) Error() string { return \"\" }\nvar Canceled error = canceled{}",
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// runOn runs the analyzer on src, which may not parse or type-check
// completely: nothing may panic.
func runOn(t *testing.T, src string) []analysis.Diagnostic {
	t.Helper()
	fset := token.NewFileSet()
	pkgs := map[string]*types.Package{}
	var imp importerFunc
	imp = func(path string) (*types.Package, error) {
		if p := pkgs[path]; p != nil {
			return p, nil
		}
		f, err := parser.ParseFile(fset, path+".go", fakes[path], 0)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		p, err := (&types.Config{Importer: imp}).Check(path, fset, []*ast.File{f}, nil)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		pkgs[path] = p
		return p, nil
	}
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
	conf := types.Config{Importer: imp, Error: func(error) {}}
	pkg, _ := conf.Check("x", fset, []*ast.File{f}, info)
	var diags []analysis.Diagnostic
	results := map[*analysis.Analyzer]any{}
	for _, a := range []*analysis.Analyzer{lazyinspect.Analyzer, Analyzer} {
		pass := &analysis.Pass{
			Analyzer:   a,
			Fset:       fset,
			Files:      []*ast.File{f},
			Pkg:        pkg,
			TypesInfo:  info,
			TypesSizes: types.SizesFor("gc", "amd64"),
			ResultOf:   results,
			Report:     func(d analysis.Diagnostic) { diags = append(diags, d) },
			ReadFile:   func(string) ([]byte, error) { return []byte(src), nil },
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
import "github.com/sony/gobreaker/v2"
var cb = gobreaker.NewCircuitBreaker[any](gobreaker.Settings{Name: "x"})`)
	if len(diags) != 1 || diags[0].Category != "breakerverdict" || len(diags[0].SuggestedFixes) != 1 {
		t.Errorf("got %v", diags)
	}
}

// TestIllTyped runs the analyzer on broken code: it must not panic.
func TestIllTyped(t *testing.T) {
	for _, src := range []string{
		`package x; import "github.com/sony/gobreaker/v2"; var cb = gobreaker.NewCircuitBreaker[any](gobreaker.Settings{Name: undefined, IsSuccessful: nope})`,
		`package x; import "github.com/sony/gobreaker/v2"; var cb = gobreaker.NewCircuitBreaker[any](gobreaker.Settings{"a", nil, nil, 4})`,
		`package x; import "github.com/sony/gobreaker/v2"; var cb = gobreaker.NewCircuitBreaker[any](gobreaker.Settings{IsSuccessful: func(err error) bool { return x(err) }})`,
		`package x; import "github.com/sony/gobreaker/v2"; func f(st gobreaker.Settings) { st = q; gobreaker.NewCircuitBreaker[any](st, 1) }; var _ = f(gobreaker.Settings{})`,
		`package x; import "github.com/sony/gobreaker/v2"; func f() gobreaker.Settings { return gobreaker.Settings{}, nil }; var _ = gobreaker.NewCircuitBreaker[any](f())`,
		`package x; import "github.com/sony/gobreaker/v2"; var st gobreaker.Settings; var _ = gobreaker.NewCircuitBreaker(st`,
		`package x; import "github.com/failsafe-go/failsafe-go/circuitbreaker"; var b = circuitbreaker.NewBuilder[any]().HandleIf(func(x int) bool { return true }).Build()`,
		`package x; import "github.com/failsafe-go/failsafe-go/circuitbreaker"; var b = circuitbreaker.NewBuilder[any]().Nope().Build()`,
		`package x; import "github.com/failsafe-go/failsafe-go/circuitbreaker"; func f() { b := circuitbreaker.NewBuilder[any](); b, c = b.HandleIf(nil), 1; b.Build() }`,
		`package x; import "github.com/failsafe-go/failsafe-go/circuitbreaker"; var b = circuitbreaker.NewBuilder().HandleErrors(x...).Build()`,
		"package x\n//reslint:breaker\nfunc f(err error) bool { return g(err) }",
		"package x\n//reslint:breaker\nfunc f(err error) (bool, int) { return false, 1 }",
		"package x\n//reslint:breaker\nfunc f(err error) bool",
		"package x\n//reslint:breaker\nfunc (q *T) f(err error) bool { return q.x }",
	} {
		runOn(t, src)
	}
}
