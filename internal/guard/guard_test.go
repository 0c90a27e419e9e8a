package guard_test

import (
	"go/ast"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/reslint/reslint/internal/guard"
)

type boomResult struct{}

// boom panics on the function named Boom, after marking it.
var boom = &analysis.Analyzer{
	Name:       "boom",
	Doc:        "boom: panics on purpose",
	ResultType: reflect.TypeFor[*boomResult](),
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "Boom" {
					guard.Mark(pass, fd.Name.Pos())
					var s []int
					_ = s[len(fd.Name.Name)] // index out of range
				}
			}
		}
		return new(boomResult), nil
	},
}

// fine reports every function.
var fine = &analysis.Analyzer{
	Name: "fine",
	Doc:  "fine: reports every function",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					pass.Reportf(fd.Name.Pos(), "func %s", fd.Name.Name)
				}
			}
		}
		return nil, nil
	},
}

// afterBoom requires boom: it must not run on a package where boom
// panicked, since its input is missing.
var afterBoom = &analysis.Analyzer{
	Name:     "afterboom",
	Doc:      "afterboom: uses boom's result",
	Requires: []*analysis.Analyzer{boom},
	Run: func(pass *analysis.Pass) (any, error) {
		_ = *pass.ResultOf[boom].(*boomResult) // nil dereference if run
		pass.Reportf(pass.Files[0].Package, "afterboom ran")
		return nil, nil
	},
}

func TestPanicBecomesDiagnostic(t *testing.T) {
	for _, a := range []*analysis.Analyzer{boom, fine, afterBoom} {
		if guard.Wrap(a) != a {
			t.Fatal("Wrap must change the analyzer in place")
		}
	}
	guard.Wrap(boom) // a second Wrap is a no-op
	if !guard.Guarded(boom) || guard.Guarded(&analysis.Analyzer{}) {
		t.Error("Guarded")
	}

	dir, _ := filepath.Abs("testdata")
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  filepath.Join(dir, "src", "a"),
		Env:  append(filepathEnv(dir), "GO111MODULE=off", "GOPROXY=off"),
	}
	pkgs, err := packages.Load(cfg, "a")
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("load: %v %v", err, pkgs)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{boom, fine, afterBoom}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for act := range graph.All() {
		if act.Err != nil {
			t.Errorf("%s: error %v, want none", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			got[act.Analyzer.Name] = append(got[act.Analyzer.Name], act.Package.Fset.Position(d.Pos).String()+": "+d.Category+": "+d.Message)
		}
	}
	// The normal analyzer's findings are intact.
	if f := got["fine"]; len(f) != 2 || !strings.HasSuffix(f[0], "func Fine") || !strings.HasSuffix(f[1], "func Boom") {
		t.Errorf("fine: got %q", f)
	}
	// The panic is one internal-error diagnostic naming the analyzer,
	// the package, the marked position and the function that panicked.
	b := got["boom"]
	if len(b) != 1 {
		t.Fatalf("boom: got %q", b)
	}
	for _, want := range []string{"a.go:5:6: internal: reslint: internal error in boom on package a at ", "a.go:5:6: runtime error: index out of range [4] with length 0 (in guard_test.init.func1 at guard_test.go:", "); please report it"} {
		if !strings.Contains(b[0], want) {
			t.Errorf("boom: %q does not contain %q", b[0], want)
		}
	}
	// The analyzer that requires the failed one is skipped, silently.
	if a := got["afterboom"]; len(a) != 0 {
		t.Errorf("afterboom: got %q", a)
	}
}

func filepathEnv(gopath string) []string {
	return append(envWithout("GOPATH", "GO111MODULE", "GOFLAGS"), "GOPATH="+gopath)
}

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
