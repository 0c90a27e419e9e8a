package directive_test

import (
	"go/ast"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reslint/reslint/internal/directive"
)

// flagbad reports every package-level variable whose name starts with
// "bad", through a directive.Reporter.
var flagbad = &analysis.Analyzer{
	Name: "flagbad",
	Doc:  "test: report vars named bad*",
	Run: func(pass *analysis.Pass) (any, error) {
		r := directive.NewReporter(pass)
		defer r.Finish()
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok {
					continue
				}
				for _, s := range gd.Specs {
					vs, ok := s.(*ast.ValueSpec)
					if !ok {
						continue
					}
					for _, n := range vs.Names {
						if strings.HasPrefix(n.Name, "bad") {
							r.Reportf(n.Pos(), "bad var %s", n.Name)
						}
						if strings.HasPrefix(n.Name, "baddup") {
							// the same rule at the same node: dropped
							r.Reportf(n.Pos(), "bad var %s again", n.Name)
						}
					}
				}
			}
		}
		return nil, nil
	},
}

func TestReporter(t *testing.T) {
	dir, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	analysistest.Run(t, dir, flagbad, "directive/ignore")
}

// TestTestFilePolicy checks the suite-wide test-file policy: no findings in
// _test.go files by default (and ignores there are not stale), all of them
// with Tests set; one diagnostic per position and rule; Category defaults to
// the analyzer's name.
func TestTestFilePolicy(t *testing.T) {
	res := analysistest.Run(t, testdata(t), flagbad, "directive/testsoff")
	for _, r := range res {
		for _, d := range r.Diagnostics {
			if d.Category != "flagbad" {
				t.Errorf("%s: Category = %q, want the analyzer name", d.Message, d.Category)
			}
		}
	}
	directive.Tests = true
	defer func() { directive.Tests = false }()
	analysistest.Run(t, testdata(t), flagbad, "directive/testson")
}

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestFuncMark(t *testing.T) {
	decl := &ast.FuncDecl{Doc: &ast.CommentGroup{List: []*ast.Comment{
		{Text: "// Do retries."}, {Text: "//"}, {Text: "//reslint:retry op"},
	}}}
	args, ok := directive.FuncMark(decl, "retry")
	if !ok || len(args) != 1 || args[0] != "op" {
		t.Errorf("FuncMark(retry) = %v, %v; want [op], true", args, ok)
	}
	if _, ok := directive.FuncMark(decl, "classifier"); ok {
		t.Error("FuncMark(classifier) found a mark that is not there")
	}
	if _, ok := directive.FuncMark(&ast.FuncDecl{}, "retry"); ok {
		t.Error("FuncMark on a decl without doc found a mark")
	}
}

// ruleful stands for an analyzer with several rules: it is named
// timerstop, whose rules T1 and T2 analysisdoc.Rules lists, and reports T1
// on package-level vars named t1* and T2 on those named t2*.
var ruleful = &analysis.Analyzer{
	Name: "timerstop",
	Doc:  "test: report vars named t1* and t2*",
	Run: func(pass *analysis.Pass) (any, error) {
		r := directive.NewReporter(pass)
		defer r.Finish()
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok {
					continue
				}
				for _, s := range gd.Specs {
					vs, ok := s.(*ast.ValueSpec)
					if !ok {
						continue
					}
					for _, n := range vs.Names {
						switch {
						case strings.HasPrefix(n.Name, "t1"):
							r.Rulef("T1", n.Pos(), "T1 var %s", n.Name)
						case strings.HasPrefix(n.Name, "t2"):
							r.Rulef("T2", n.Pos(), "T2 var %s", n.Name)
						}
					}
				}
			}
		}
		return nil, nil
	},
}

// TestIgnoreByRule: an ignore directive names rule ids as well as
// analyzers; a rule id silences that rule only, and each name that
// silenced nothing is reported.
func TestIgnoreByRule(t *testing.T) {
	analysistest.Run(t, testdata(t), ruleful, "directive/rules")
}

func TestRuleSet(t *testing.T) {
	for _, c := range []struct {
		spec    string
		on, off []string
	}{
		{"all", []string{"T1", "T2", "N2", "directive"}, nil},
		{"all,-T2", []string{"T1", "N2"}, []string{"T2"}},
		{"-T2,-c2", []string{"T1", "C1"}, []string{"T2", "C2"}},
		{"timerstop,N2", []string{"T1", "T6", "N2"}, []string{"N1", "directive", "backoffjitter"}},
		{"all,-timerstop,T3", []string{"T3", "N1"}, []string{"T1", "T2"}},
		{"-all,backoffjitter", []string{"backoffjitter"}, []string{"T1"}},
	} {
		var s directive.RuleSet
		if err := s.Set(c.spec); err != nil {
			t.Errorf("Set(%q): %v", c.spec, err)
			continue
		}
		for _, r := range c.on {
			if !s.Enabled(r) {
				t.Errorf("%q: %s is off, want on", c.spec, r)
			}
		}
		for _, r := range c.off {
			if s.Enabled(r) {
				t.Errorf("%q: %s is on, want off", c.spec, r)
			}
		}
	}
	var s directive.RuleSet
	if err := s.Set("all,-T99"); err == nil || !strings.Contains(err.Error(), `unknown rule or analyzer "T99"`) || !strings.Contains(err.Error(), "T1") {
		t.Errorf("Set(all,-T99): err = %v, want one naming T99 and listing the known rules", err)
	}
	if err := s.Set(" , "); err == nil {
		t.Error("Set of an empty list: no error")
	}
}

// TestRuleSelection: a rule turned off is not reported, and an ignore
// directive for it is not called stale.
func TestRuleSelection(t *testing.T) {
	if err := directive.Rules.Set("all,-T2"); err != nil {
		t.Fatal(err)
	}
	defer directive.Rules.Set("all")
	analysistest.Run(t, testdata(t), ruleful, "directive/selected")
}
