package reslint_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/reslint/reslint"
	"github.com/reslint/reslint/internal/guard"
	"github.com/reslint/reslint/internal/passrun"
)

// budget is the time one analyzer may take on one fixture package. The
// machine is shared and slow; the point is "bounded", not "fast".
const budget = 20 * time.Second

// loadRobust loads testdata/src/robust/... in GOPATH mode, as
// analysistest does, with syntax for the roots and export data for the
// rest.
func loadRobust(t testing.TB) []*packages.Package {
	t.Helper()
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Env:  append(envWithout("GOPATH", "GO111MODULE", "GOFLAGS", "GOWORK"), "GOPATH="+dir, "GO111MODULE=off", "GOPROXY=off"),
		Fset: token.NewFileSet(),
	}
	pkgs, err := packages.Load(cfg, "robust/...")
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// TestGuarded checks that every analyzer of the suite is guarded: a panic
// becomes an internal-error diagnostic (internal/guard tests how).
func TestGuarded(t *testing.T) {
	for _, a := range reslint.Analyzers() {
		if !guard.Guarded(a) {
			t.Errorf("%s is not guarded", a.Name)
		}
	}
}

// TestRobustChecker runs the whole suite through the checker, the driver
// of the reslint command, over the robust fixtures: well-typed packages
// are analyzed next to ill-typed ones (which the checker skips, as go vet
// does), nothing panics, and no internal error is reported.
func TestRobustChecker(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the standard library from source")
	}
	pkgs := loadRobust(t)
	graph, err := checker.Analyze(reslint.Analyzers(), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]map[string]bool{} // package -> analyzer -> reported
	for act := range graph.All() {
		if act.Duration > budget {
			t.Errorf("%s took %v", act, act.Duration)
		}
		if !act.IsRoot {
			continue
		}
		path := act.Package.PkgPath
		if act.Err != nil {
			if !act.Package.IllTyped {
				t.Errorf("%s: %v", act, act.Err)
			}
			continue
		}
		for _, d := range act.Diagnostics {
			if d.Category == guard.Category {
				t.Errorf("%s: %s", act, d.Message)
			}
			if found[path] == nil {
				found[path] = map[string]bool{}
			}
			found[path][act.Analyzer.Name] = true
		}
	}
	// The control package holds one finding per analyzer of today's
	// suite; an analyzer added later needs no change here.
	for _, name := range []string{"idemkeyperseries", "noretrycanceled", "timerstop"} {
		if !found["robust/control"][name] {
			t.Errorf("robust/control: no %s finding next to the ill-typed packages (found %v)", name, found["robust/control"])
		}
	}
}

// TestRobustForced runs every analyzer of the suite, and what it
// requires, on every fixture package whatever its errors, as a driver
// that ignores RunDespiteErrors would: each directory's files are all
// parsed (build tags ignored, syntax errors kept), type-checked against
// the loaded imports, and analyzed. Nothing may panic (the guard turns a
// panic into an internal-error diagnostic, which fails the test), every
// diagnostic lies inside the package's files, and every analyzer finishes
// within budget. A generated 20,000-line function is one more package.
func TestRobustForced(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the standard library from source")
	}
	pkgs := loadRobust(t)
	fset := pkgs[0].Fset
	imports := map[string]*types.Package{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Types != nil && p.Types.Complete() {
			imports[p.PkgPath] = p.Types
		}
	})
	imp := importerFunc(func(path string) (*types.Package, error) {
		if p, ok := imports[path]; ok {
			return p, nil
		}
		return nil, fmt.Errorf("no package %s", path)
	})

	dirs, err := filepath.Glob(filepath.Join("testdata", "src", "robust", "*"))
	if err != nil {
		t.Fatal(err)
	}
	type fixture struct {
		name  string
		files map[string][]byte
	}
	var fixtures []fixture
	for _, dir := range dirs {
		names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		fx := fixture{filepath.Base(dir), map[string][]byte{}}
		for _, name := range names {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			fx.files[name] = src
		}
		fixtures = append(fixtures, fx)
	}
	fixtures = append(fixtures, fixture{"huge", map[string][]byte{"huge.go": hugeFunc(20000)}})

	for _, fx := range fixtures {
		t.Run(fx.name, func(t *testing.T) {
			var files []*ast.File
			for name, src := range fx.files {
				f, _ := parser.ParseFile(fset, name, src, parser.ParseComments|parser.AllErrors)
				if f != nil {
					files = append(files, f)
				}
			}
			p := passrun.Check(fset, "robust/"+fx.name, files, imp)
			p.ReadFile = func(name string) ([]byte, error) {
				if src, ok := fx.files[name]; ok {
					return src, nil
				}
				return nil, os.ErrNotExist
			}
			res := passrun.Run(p, reslint.Analyzers(), nil)
			checkResult(t, p, res)
			var slowest time.Duration
			for _, d := range res.Durations {
				slowest = max(slowest, d)
			}
			t.Logf("%d type errors, %d diagnostics, slowest analyzer %v", len(p.TypeErrors), len(res.Diagnostics), slowest)
		})
	}
}

// checkResult fails on an internal error, a diagnostic outside the
// package's files, an analyzer over budget, or an error other than one
// the drivers would also give.
func checkResult(t testing.TB, p *passrun.Package, res passrun.Result) {
	t.Helper()
	for a, d := range res.Durations {
		if d > budget {
			t.Errorf("%s took %v", a.Name, d)
		}
	}
	for a, err := range res.Errors {
		t.Errorf("%s: %v", a.Name, err)
	}
	for _, d := range res.Diagnostics {
		if d.Category == guard.Category {
			t.Errorf("%s", d.Message)
			continue
		}
		if !inFiles(p, d.Pos) || (d.End.IsValid() && !inFiles(p, d.End)) {
			t.Errorf("%s: diagnostic %q at %v..%v lies outside the package's files", d.Analyzer.Name, d.Message, d.Pos, d.End)
		}
		for _, fix := range d.SuggestedFixes {
			for _, e := range fix.TextEdits {
				if !inFiles(p, e.Pos) || (e.End.IsValid() && !inFiles(p, e.End)) {
					t.Errorf("%s: fix %q of %q edits outside the package's files", d.Analyzer.Name, fix.Message, d.Message)
				}
			}
		}
	}
}

// inFiles reports whether pos lies in one of p's files.
func inFiles(p *passrun.Package, pos token.Pos) bool {
	for _, f := range p.Files {
		if tf := p.Fset.File(f.Pos()); tf != nil && tf.Base() <= int(pos) && int(pos) <= tf.Base()+tf.Size() {
			return true
		}
	}
	return false
}

// hugeFunc is a generated package with one function of about n lines: a
// retry loop whose body is a long run of classifier checks, timers and
// nested ifs, the shape code generators produce.
func hugeFunc(n int) []byte {
	var b strings.Builder
	b.WriteString(`// Code generated by robust_test. DO NOT EDIT.

package huge

import (
	"context"
	"errors"
	"time"
)

var errs [64]error

func Huge(ctx context.Context, call func(int) error) (err error) {
	for attempt := 0; attempt < 3; attempt++ {
		err = call(attempt)
`)
	lines := 16
	for i := 0; lines < n; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "\t\tif errors.Is(err, errs[%d]) {\n\t\t\tcontinue\n\t\t}\n", i%64)
			lines += 3
		case 1:
			fmt.Fprintf(&b, "\t\tif t := time.NewTimer(%d); err != nil {\n\t\t\tselect {\n\t\t\tcase <-ctx.Done():\n\t\t\t\treturn ctx.Err()\n\t\t\tcase <-t.C:\n\t\t\t}\n\t\t}\n", i)
			lines += 7
		case 2:
			fmt.Fprintf(&b, "\t\tif err == nil && attempt == %d {\n\t\t\treturn nil\n\t\t}\n", i)
			lines += 3
		case 3:
			fmt.Fprintf(&b, "\t\tif f := func() bool { return err != nil && %d > attempt }; f() {\n\t\t\ttime.Sleep(%d)\n\t\t}\n", i, i)
			lines += 3
		}
	}
	b.WriteString("\t}\n\treturn err\n}\n")
	return []byte(b.String())
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// envWithout is the environment without the named variables.
func envWithout(names ...string) []string {
	var env []string
next:
	for _, kv := range os.Environ() {
		for _, n := range names {
			if strings.HasPrefix(kv, n+"=") {
				continue next
			}
		}
		env = append(env, kv)
	}
	return env
}
