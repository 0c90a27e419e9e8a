package classifiercentral_test

import (
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/reslint/reslint/analyzers/classifiercentral"
)

// TestBrokenCode runs the analyzer, with the analyzers it requires, on a
// package that does not type-check (undefined names, a classifier with a
// missing result). analysistest skips ill-typed packages unless every
// analyzer sets RunDespiteErrors, so this drives the passes by hand, as
// a lenient driver (gopls) would: the test fails on a panic.
func TestBrokenCode(t *testing.T) {
	dir := testdata(t)
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedImports | packages.NeedDeps | packages.NeedTypesSizes,
		Dir:   filepath.Join(dir, "src"),
		Env:   append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOPROXY=off", "GOFLAGS="),
		Tests: false,
	}
	pkgs, err := packages.Load(cfg, "classifiercentral/broken")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || pkgs[0].Types == nil || pkgs[0].TypesInfo == nil {
		t.Fatalf("loaded %v", pkgs)
	}
	pkg := pkgs[0]
	if len(pkg.Errors) == 0 {
		t.Fatal("the fixture type-checks: it is meant not to")
	}
	results := map[*analysis.Analyzer]any{}
	var diags []analysis.Diagnostic
	var run func(a *analysis.Analyzer)
	run = func(a *analysis.Analyzer) {
		if _, ok := results[a]; ok {
			return
		}
		for _, req := range a.Requires {
			run(req)
		}
		facts := map[types.Object][]analysis.Fact{}
		pass := &analysis.Pass{
			Analyzer:   a,
			Fset:       pkg.Fset,
			Files:      pkg.Syntax,
			Pkg:        pkg.Types,
			TypesInfo:  pkg.TypesInfo,
			TypesSizes: pkg.TypesSizes,
			TypeErrors: pkg.TypeErrors,
			ResultOf:   map[*analysis.Analyzer]any{},
			Report:     func(d analysis.Diagnostic) { diags = append(diags, d) },
			ReadFile:   os.ReadFile,
			ImportObjectFact: func(obj types.Object, f analysis.Fact) bool {
				for _, g := range facts[obj] {
					if reflect.TypeOf(g) == reflect.TypeOf(f) {
						reflect.ValueOf(f).Elem().Set(reflect.ValueOf(g).Elem())
						return true
					}
				}
				return false
			},
			ExportObjectFact: func(obj types.Object, f analysis.Fact) {
				facts[obj] = append(facts[obj], f)
			},
			ImportPackageFact: func(*types.Package, analysis.Fact) bool { return false },
			ExportPackageFact: func(analysis.Fact) {},
			AllObjectFacts:    func() []analysis.ObjectFact { return nil },
			AllPackageFacts:   func() []analysis.PackageFact { return nil },
		}
		for _, req := range a.Requires {
			pass.ResultOf[req] = results[req]
		}
		res, err := a.Run(pass)
		if err != nil {
			t.Errorf("%s: %v", a.Name, err)
		}
		results[a] = res
	}
	run(classifiercentral.Analyzer)
	for _, d := range diags {
		t.Logf("%s: %s", pkg.Fset.Position(d.Pos), d.Message)
	}
}
