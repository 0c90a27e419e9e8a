// Package passrun runs analyzers in process on one type-checked package,
// whatever its type errors: the robustness tests and the fuzz targets use
// it to drive every analyzer of the suite where the real drivers would
// not (they skip ill-typed packages unless an analyzer sets
// RunDespiteErrors), so that no input can make an analyzer panic.
//
// It runs the analyzers and everything they require, in dependency order,
// with facts kept in memory (Facts) across the packages of one run.
package passrun

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"time"

	"golang.org/x/tools/go/analysis"
)

// Package is one type-checked package.
type Package struct {
	Fset       *token.FileSet
	Files      []*ast.File
	Pkg        *types.Package
	Info       *types.Info
	TypeErrors []types.Error
	// ReadFile reads the package's files, for analyzers that need their
	// text; nil means os.ReadFile is not allowed and every read fails.
	ReadFile func(string) ([]byte, error)
}

// NewInfo returns a types.Info with every map the analyzers may read.
func NewInfo() *types.Info {
	return &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		Scopes:       map[ast.Node]*types.Scope{},
		Instances:    map[*ast.Ident]types.Instance{},
		FileVersions: map[*ast.File]string{},
	}
}

// Check type-checks files as package path, collecting (not failing on)
// type errors.
func Check(fset *token.FileSet, path string, files []*ast.File, imp types.Importer) *Package {
	p := &Package{Fset: fset, Files: files, Info: NewInfo()}
	conf := types.Config{
		Importer: imp,
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				p.TypeErrors = append(p.TypeErrors, te)
			}
		},
	}
	p.Pkg, _ = conf.Check(path, fset, files, p.Info)
	return p
}

// Diagnostic is a diagnostic with the analyzer that reported it.
type Diagnostic struct {
	Analyzer *analysis.Analyzer
	analysis.Diagnostic
}

// Result is what one Run produced.
type Result struct {
	Diagnostics []Diagnostic
	// Errors holds the analyzers that returned an error, or were not run
	// because one they require did.
	Errors map[*analysis.Analyzer]error
	// Durations holds each analyzer's Run time.
	Durations map[*analysis.Analyzer]time.Duration
}

// Facts holds the facts exported by the analyzers of a run, across
// packages.
type Facts struct {
	obj map[objKey]analysis.Fact
	pkg map[pkgKey]analysis.Fact
}

type objKey struct {
	obj types.Object
	t   reflect.Type
}

type pkgKey struct {
	pkg *types.Package
	t   reflect.Type
}

// NewFacts returns an empty fact store.
func NewFacts() *Facts {
	return &Facts{obj: map[objKey]analysis.Fact{}, pkg: map[pkgKey]analysis.Fact{}}
}

// Run runs analyzers, and the analyzers they require, on p. facts may be
// nil. A panic is not recovered: the guarded suite reports its own.
func Run(p *Package, analyzers []*analysis.Analyzer, facts *Facts) Result {
	if facts == nil {
		facts = NewFacts()
	}
	res := Result{Errors: map[*analysis.Analyzer]error{}, Durations: map[*analysis.Analyzer]time.Duration{}}
	results := map[*analysis.Analyzer]any{}
	done := map[*analysis.Analyzer]bool{}
	var exec func(a *analysis.Analyzer)
	exec = func(a *analysis.Analyzer) {
		if done[a] {
			return
		}
		done[a] = true
		for _, req := range a.Requires {
			exec(req)
			if err, failed := res.Errors[req]; failed {
				res.Errors[a] = err
				return
			}
		}
		readFile := p.ReadFile
		if readFile == nil {
			readFile = func(name string) ([]byte, error) { return nil, &readError{name} }
		}
		pass := &analysis.Pass{
			Analyzer:   a,
			Fset:       p.Fset,
			Files:      p.Files,
			Pkg:        p.Pkg,
			TypesInfo:  p.Info,
			TypesSizes: types.SizesFor("gc", "amd64"),
			TypeErrors: p.TypeErrors,
			ResultOf:   results,
			ReadFile:   readFile,
			Report: func(d analysis.Diagnostic) {
				res.Diagnostics = append(res.Diagnostics, Diagnostic{a, d})
			},
			ImportObjectFact: func(obj types.Object, f analysis.Fact) bool {
				return copyFact(facts.obj[objKey{obj, reflect.TypeOf(f)}], f)
			},
			ExportObjectFact: func(obj types.Object, f analysis.Fact) {
				facts.obj[objKey{obj, reflect.TypeOf(f)}] = f
			},
			ImportPackageFact: func(pkg *types.Package, f analysis.Fact) bool {
				return copyFact(facts.pkg[pkgKey{pkg, reflect.TypeOf(f)}], f)
			},
			ExportPackageFact: func(f analysis.Fact) {
				facts.pkg[pkgKey{p.Pkg, reflect.TypeOf(f)}] = f
			},
			AllObjectFacts: func() []analysis.ObjectFact {
				var all []analysis.ObjectFact
				for k, f := range facts.obj {
					if isFactOf(a, f) {
						all = append(all, analysis.ObjectFact{Object: k.obj, Fact: f})
					}
				}
				return all
			},
			AllPackageFacts: func() []analysis.PackageFact {
				var all []analysis.PackageFact
				for k, f := range facts.pkg {
					if isFactOf(a, f) {
						all = append(all, analysis.PackageFact{Package: k.pkg, Fact: f})
					}
				}
				return all
			},
		}
		start := time.Now()
		r, err := a.Run(pass)
		res.Durations[a] = time.Since(start)
		if err != nil {
			res.Errors[a] = err
			return
		}
		results[a] = r
	}
	for _, a := range analyzers {
		exec(a)
	}
	return res
}

type readError struct{ name string }

func (e *readError) Error() string { return "passrun: no file reads: " + e.name }

// copyFact copies stored into f, which has the same type; it reports
// whether there was a fact.
func copyFact(stored, f analysis.Fact) bool {
	if stored == nil {
		return false
	}
	reflect.ValueOf(f).Elem().Set(reflect.ValueOf(stored).Elem())
	return true
}

func isFactOf(a *analysis.Analyzer, f analysis.Fact) bool {
	for _, t := range a.FactTypes {
		if reflect.TypeOf(t) == reflect.TypeOf(f) {
			return true
		}
	}
	return false
}
