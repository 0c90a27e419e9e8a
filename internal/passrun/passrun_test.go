package passrun_test

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/internal/passrun"
)

// named is a fact: the function's name, exported by collect.
type named struct{ Name string }

func (*named) AFact() {}

// collect exports a fact per function and returns the function count.
var collect = &analysis.Analyzer{
	Name:       "collect",
	Doc:        "collect",
	FactTypes:  []analysis.Fact{new(named)},
	ResultType: reflect.TypeFor[int](),
	Run: func(pass *analysis.Pass) (any, error) {
		n := 0
		for _, obj := range pass.TypesInfo.Defs {
			if fn, ok := obj.(*types.Func); ok {
				pass.ExportObjectFact(fn, &named{fn.Name()})
				n++
			}
		}
		return n, nil
	},
}

// use requires collect, reports its result, and reports each called
// function of another package that carries a fact.
var use = &analysis.Analyzer{
	Name:     "use",
	Doc:      "use",
	Requires: []*analysis.Analyzer{collect},
	Run: func(pass *analysis.Pass) (any, error) {
		pass.Reportf(pass.Files[0].Package, "%d funcs", pass.ResultOf[collect].(int))
		for id, obj := range pass.TypesInfo.Uses {
			var f named
			if fn, ok := obj.(*types.Func); ok && fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, &f) {
				pass.Reportf(id.Pos(), "calls %s", f.Name)
			}
		}
		return nil, nil
	},
}

var failing = &analysis.Analyzer{
	Name: "failing",
	Doc:  "failing",
	Run:  func(*analysis.Pass) (any, error) { return nil, errors.New("no") },
}

var afterFailing = &analysis.Analyzer{
	Name:     "afterfailing",
	Doc:      "afterfailing",
	Requires: []*analysis.Analyzer{failing},
	Run: func(pass *analysis.Pass) (any, error) {
		pass.Reportf(pass.Files[0].Package, "ran")
		return nil, nil
	},
}

type importerFunc func(string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

func TestRun(t *testing.T) {
	fset := token.NewFileSet()
	parse := func(name, src string) []*ast.File {
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		return []*ast.File{f}
	}
	facts := passrun.NewFacts()
	lib := passrun.Check(fset, "lib", parse("lib.go", "package lib\nfunc A() {}\nfunc B() {}"), nil)
	if res := passrun.Run(lib, []*analysis.Analyzer{use}, facts); len(res.Diagnostics) != 1 || res.Diagnostics[0].Message != "2 funcs" {
		t.Errorf("lib: %v", res.Diagnostics)
	}
	// Package x calls lib.A and has a type error; facts of lib reach it.
	imp := importerFunc(func(string) (*types.Package, error) { return lib.Pkg, nil })
	x := passrun.Check(fset, "x", parse("x.go", "package x\nimport \"lib\"\nfunc F() { lib.A(); undefined() }"), imp)
	if len(x.TypeErrors) != 1 {
		t.Errorf("type errors: %v", x.TypeErrors)
	}
	res := passrun.Run(x, []*analysis.Analyzer{use, afterFailing}, facts)
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, d.Analyzer.Name+": "+d.Message)
	}
	if want := []string{"use: 1 funcs", "use: calls A"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if res.Errors[failing] == nil || res.Errors[afterFailing] == nil {
		t.Errorf("errors: %v", res.Errors)
	}
	if _, ok := res.Durations[collect]; !ok {
		t.Errorf("collect did not run first")
	}
}
