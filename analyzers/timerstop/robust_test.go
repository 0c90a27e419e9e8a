package timerstop

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
	if first, _, _ := strings.Cut(Analyzer.Doc, "\n"); !strings.HasPrefix(first, "timerstop: ") {
		t.Errorf("Doc's first line %q is not the summary", first)
	}
}

// fakeTime is enough of package time for the checks, so that the tests
// below type-check in microseconds.
const fakeTime = `package time
type Duration int64
type Time struct{}
type Timer struct{ C <-chan Time }
func (*Timer) Stop() bool
func (*Timer) Reset(Duration) bool
type Ticker struct{ C <-chan Time }
func (*Ticker) Stop()
func (*Ticker) Reset(Duration)
func NewTimer(Duration) *Timer
func NewTicker(Duration) *Ticker
func After(Duration) <-chan Time
func Tick(Duration) <-chan Time
func AfterFunc(Duration, func()) *Timer
const Second Duration = 1e9
`

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// runOn runs the analyzer, and the passes it requires, directly on src,
// which may not parse or type-check completely: the drivers do not run
// timerstop on such packages, but
// other drivers might, and nothing may panic.
func runOn(t *testing.T, src string) []analysis.Diagnostic {
	t.Helper()
	fset := token.NewFileSet()
	tf, _ := parser.ParseFile(fset, "time.go", fakeTime, 0)
	timePkg, err := new(types.Config).Check("time", fset, []*ast.File{tf}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := parser.ParseFile(fset, "x.go", src, parser.ParseComments|parser.AllErrors)
	if f == nil {
		return nil
	}
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		Scopes:       map[ast.Node]*types.Scope{},
		Instances:    map[*ast.Ident]types.Instance{},
		FileVersions: map[*ast.File]string{},
	}
	conf := types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) { return timePkg, nil }),
		Error:    func(error) {},
	}
	pkg, _ := conf.Check("x", fset, []*ast.File{f}, info)
	var diags []analysis.Diagnostic
	results := map[*analysis.Analyzer]any{}
	for _, a := range []*analysis.Analyzer{lazyinspect.Analyzer, Analyzer} {
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
import "time"
func f(c chan int) {
	t := time.NewTimer(time.Second)
	select {
	case <-c:
	case <-t.C:
	}
}`)
	if len(diags) != 1 || !strings.Contains(diags[0].Message, "timer t is not stopped") || len(diags[0].SuggestedFixes) != 1 {
		t.Errorf("got %v", diags)
	}
}

// TestIllTyped runs the analyzer on broken code: it must not panic.
func TestIllTyped(t *testing.T) {
	for _, src := range []string{
		`package x; import "time"; func f() { t := time.NewTimer(undefined); select { case <-t.C: case <-nope: return } }`,
		`package x; import "time"; func f() { t := time.NewTimerX(1); t.Stop() }`,
		`package x; import "time"; func f() { t, u := time.NewTimer(1); _ = u; <-t.C }`,
		`package x; import "time"; func f() { var t = time.NewTicker(); go func() { for range t.C {} }() }`,
		`package x; import "time"; func f() { for { select { case <-time.After(x): case y <- 1: } } }`,
		`package x; import "time"; func f() { for range time.Tick() { if q { return } } }`,
		`package x; import "time"; func f() { t := time.NewTimer(1); for { select { case <-t.C: case <-z: } ; t.Reset(1) } }`,
		`package x; import "time"; type s struct{ tk *time.Ticker }; func (v *s) l() { for range v.tk.C {} }; func g(v *s) { go v.l(); v.tk.Stop() }`,
		`package x; import "time"; func f(t *time.Timer) int { return len(t.C) + cap(t.X) + len(q.C) }`,
		`package x; import "time"; func f() { t := time.NewTimer(1); t.C.Stop(); t.Stop = nil; *t = time.Timer{}; return t }`,
		`package x; import "time"; func f() { t := time.NewTimer(1`,
		`package x; import "time"; func f() { L: for { t := time.NewTicker(1); select { case <-t.C: break L; case <-t.C: continue L } } }`,
		`package x; import "time"; func f() (t *time.Timer) { t = time.NewTimer(1); return }`,
		`package x; import "time"; var g = func() { t := time.NewTimer(1); defer func() { t.Stop() }; <-t.C }`,
		`package x; import "time"; func f[T any](x T) { t := time.NewTimer(1); if any(x) == nil { return }; t.Stop() }`,
		`package x; import "time"; func f() { go func() { t := time.NewTicker(1); for { <-t.C; if t == nil { goto out } }; out: }() }`,
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("panic on %q: %v", src, r)
				}
			}()
			runOn(t, src)
		}()
	}
}
