package reslint_test

import (
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/reslint/reslint"
)

// TestFixesCompose applies what reslint -fix applies — the first
// suggested fix of every diagnostic of every analyzer, all the fixes of a
// file together — to the analysistest fixtures and the examples, and
// type-checks the result. Fixes that are right one at a time can still
// collide: two in one function that hoist the same name, or edits that
// overlap. Packages that do not type-check before are left out. It loads
// every fixture from source (half a minute on two cores), so it runs
// with RESLINT_E2E=1.
func TestFixesCompose(t *testing.T) {
	if os.Getenv("RESLINT_E2E") != "1" {
		t.Skip("set RESLINT_E2E=1: loads every fixture from source")
	}
	testdata, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Join(testdata, "src"))
	if err != nil {
		t.Fatal(err)
	}
	var fixtures []string
	for _, e := range entries {
		// Directories with a dot are third-party stubs, not fixtures.
		if e.IsDir() && !strings.Contains(e.Name(), ".") {
			fixtures = append(fixtures, e.Name()+"/...")
		}
	}
	for _, c := range []struct {
		name     string
		cfg      packages.Config
		patterns []string
	}{
		{"fixtures", packages.Config{
			Dir: testdata,
			Env: append(envWithout("GOPATH", "GO111MODULE", "GOFLAGS", "GOWORK"), "GOPATH="+testdata, "GO111MODULE=off", "GOPROXY=off"),
		}, fixtures},
		{"examples", packages.Config{}, []string{"./examples/..."}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := c.cfg
			cfg.Mode = packages.LoadAllSyntax
			pkgs, err := packages.Load(&cfg, c.patterns...)
			if err != nil {
				t.Fatal(err)
			}
			var ok []*packages.Package
			for _, p := range pkgs {
				if len(p.Errors) == 0 && len(p.TypeErrors) == 0 {
					ok = append(ok, p)
				}
			}
			if len(ok) < len(pkgs)/2 {
				t.Fatalf("only %d of %d packages type-check", len(ok), len(pkgs))
			}
			g, err := checker.Analyze(reslint.Analyzers(), ok, &checker.Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkFixesCompose(t, g, ok)
		})
	}
}

// fixEdit is a text edit resolved to byte offsets, with the fix it
// belongs to.
type fixEdit struct {
	start, end int
	new        string
	fix        string // "analyzer: fix message at position", for reports
}

func checkFixesCompose(t *testing.T, g *checker.Graph, pkgs []*packages.Package) {
	edits := map[string][]fixEdit{} // file name -> edits
	nfix := 0
	for _, act := range g.Roots {
		if act.Err != nil {
			t.Errorf("%s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
			continue
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) == 0 {
				continue
			}
			nfix++
			sf := d.SuggestedFixes[0]
			name := fmt.Sprintf("%s: %q at %s", act.Analyzer.Name, sf.Message, fset.Position(d.Pos))
			for _, e := range sf.TextEdits {
				f := fset.File(e.Pos)
				end := cmp.Or(e.End, e.Pos)
				fe := fixEdit{f.Offset(e.Pos), f.Offset(end), string(e.NewText), name}
				// The same fix reported twice (a package and its
				// test variant) is one fix.
				if !slices.ContainsFunc(edits[f.Name()], func(o fixEdit) bool {
					return o.start == fe.start && o.end == fe.end && o.new == fe.new
				}) {
					edits[f.Name()] = append(edits[f.Name()], fe)
				}
			}
		}
	}
	if nfix == 0 {
		t.Fatal("no suggested fixes at all")
	}
	fixed := map[string][]byte{}
	for name, es := range edits {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out, err := applyAll(src, es)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if formatted, err := format.Source(out); err != nil {
			t.Errorf("%s does not parse after its fixes: %v\n%s", name, err, out)
			continue
		} else {
			out = formatted
		}
		fixed[name] = out
	}
	t.Logf("%d fixes in %d files", nfix, len(fixed))
	// A fix may add an import the package did not have: any package of
	// the graph, or of the standard library.
	all := map[string]*types.Package{}
	packages.Visit(pkgs, nil, func(p *packages.Package) { all[p.PkgPath] = p.Types })
	std := importer.Default()
	// Type-check every package with a fixed file, its imports as loaded.
	for _, p := range pkgs {
		if !slices.ContainsFunc(p.CompiledGoFiles, func(f string) bool { return fixed[f] != nil }) {
			continue
		}
		fset := token.NewFileSet()
		var files []*ast.File
		for _, name := range p.CompiledGoFiles {
			src, ok := fixed[name]
			if !ok {
				var err error
				if src, err = os.ReadFile(name); err != nil {
					t.Fatal(err)
				}
			}
			f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			files = append(files, f)
		}
		conf := types.Config{
			Importer: importerFunc(func(path string) (*types.Package, error) {
				if imp := p.Imports[path]; imp != nil {
					return imp.Types, nil
				}
				if tp := all[path]; tp != nil {
					return tp, nil
				}
				return std.Import(path)
			}),
			Sizes: p.TypesSizes,
		}
		if p.Module != nil && p.Module.GoVersion != "" {
			conf.GoVersion = "go" + p.Module.GoVersion
		}
		var errs []string
		conf.Error = func(err error) { errs = append(errs, err.Error()) }
		conf.Check(p.PkgPath, fset, files, nil)
		if len(errs) > 0 {
			var b bytes.Buffer
			for _, f := range files {
				if src := fixed[fset.File(f.FileStart).Name()]; src != nil {
					fmt.Fprintf(&b, "\n--- %s after its fixes:\n%s", fset.File(f.FileStart).Name(), src)
				}
			}
			t.Errorf("%s does not type-check after its fixes:\n%s%s", p.PkgPath, strings.Join(errs, "\n"), b.String())
		}
	}
}

// applyAll applies the edits to src, and fails if two of them overlap
// (or insert at one offset, where their order would be arbitrary).
func applyAll(src []byte, edits []fixEdit) ([]byte, error) {
	edits = slices.Clone(edits)
	slices.SortStableFunc(edits, func(a, b fixEdit) int {
		return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end))
	})
	var out bytes.Buffer
	last := 0
	for i, e := range edits {
		if i > 0 {
			prev := edits[i-1]
			if e.start < prev.end || e.start == prev.start && (e.start == e.end || prev.start == prev.end) {
				return nil, fmt.Errorf("fixes collide: [%d,%d) of %s and [%d,%d) of %s", prev.start, prev.end, prev.fix, e.start, e.end, e.fix)
			}
		}
		if e.end > len(src) || e.end < e.start {
			return nil, fmt.Errorf("edit [%d,%d) of %s is outside the file", e.start, e.end, e.fix)
		}
		out.Write(src[last:e.start])
		out.WriteString(e.new)
		last = e.end
	}
	out.Write(src[last:])
	return out.Bytes(), nil
}
