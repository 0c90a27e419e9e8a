package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/imports"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/settings"
)

// TestRuleExamples runs the suite on the example of every rule (the code
// `reslint help RULE` prints): the bad code must be reported under that
// rule, the good code not at all. Examples that need a module outside the
// standard library are only parsed (TestExamples in analysisdoc).
func TestRuleExamples(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/rules\n\ngo 1.26\n")
	type run struct {
		flags []string
		pkgs  []string
	}
	runs := map[string]*run{}
	pkgOf := map[string]string{} // "<rule> bad" -> package path
	for _, r := range analysisdoc.Rules {
		e, ok := analysisdoc.ExampleOf(r.ID)
		if !ok || e.Note != "" || e.External {
			continue
		}
		key := strings.Join(e.Flags, " ")
		if runs[key] == nil {
			runs[key] = &run{flags: e.Flags}
		}
		for _, side := range []string{"bad", "good"} {
			code := e.Bad
			if side == "good" {
				code = e.Good
			}
			rel := strings.ToLower(r.ID) + "/" + side
			src := "package " + side + "\n\n" + code + "\n"
			if e.GoVersion != "" {
				src = "//go:build " + e.GoVersion + "\n\n" + src
			}
			fixed, err := imports.Process(rel+"/x.go", []byte(src), &imports.Options{Comments: true, TabIndent: true, TabWidth: 8, FormatOnly: false})
			if err != nil {
				t.Fatalf("rule %s, %s code: %v", r.ID, side, err)
			}
			write(rel+"/x.go", string(fixed))
			runs[key].pkgs = append(runs[key].pkgs, "./"+rel)
			pkgOf[r.ID+" "+side] = "example.com/rules/" + rel
		}
	}
	got := map[string][]string{} // package path -> rule ids reported
	for _, rn := range runs {
		out, stderr, code := driveIn(t, dir, append(append([]string{"-json"}, rn.flags...), rn.pkgs...)...)
		if code == exitError || code == exitUsage {
			t.Fatalf("reslint %v: exit %d\n%s", rn.flags, code, stderr)
		}
		var tree map[string]map[string][]struct {
			Category string `json:"category"`
			Posn     string `json:"posn"`
			Message  string `json:"message"`
		}
		if err := json.Unmarshal([]byte(out), &tree); err != nil {
			t.Fatalf("-json: %v\n%s", err, out)
		}
		for pkg, byAnalyzer := range tree {
			for _, diags := range byAnalyzer {
				for _, d := range diags {
					got[pkg] = append(got[pkg], fmt.Sprintf("%s %s: %s", d.Category, filepath.Base(d.Posn), d.Message))
				}
			}
		}
		resetFlags(t, suite(), rn.flags)
	}
	for _, r := range analysisdoc.Rules {
		bad, ok := pkgOf[r.ID+" bad"]
		if !ok {
			continue
		}
		found := false
		for _, g := range got[bad] {
			found = found || strings.HasPrefix(g, r.ID+" ")
		}
		if !found {
			t.Errorf("rule %s: the bad example is not reported under %s; got %q", r.ID, r.ID, got[bad])
		}
		if g := got[pkgOf[r.ID+" good"]]; len(g) > 0 {
			t.Errorf("rule %s: the good example is reported: %q", r.ID, g)
		}
	}
}

// resetFlags sets the analyzer flags a run set (-NAME.FLAG) back to their
// defaults: they are package state shared by every run in this process.
func resetFlags(t *testing.T, analyzers []*analysis.Analyzer, flags []string) {
	for _, f := range flags {
		name, _, _ := strings.Cut(strings.TrimLeft(f, "-"), "=")
		an, fl, ok := strings.Cut(name, ".")
		if !ok {
			continue
		}
		for _, a := range analyzers {
			if a.Name == an {
				if err := a.Flags.Set(fl, a.Flags.Lookup(fl).DefValue); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestREADMEConfig: the full .reslint.yaml example of the README is a
// valid configuration of the suite.
func TestREADMEConfig(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, example, ok := strings.Cut(string(b), "# .reslint.yaml at the module root\n")
	if !ok {
		t.Fatal("README has no .reslint.yaml example")
	}
	example, _, _ = strings.Cut(example, "```")
	m, err := settings.ParseYAML(example)
	if err != nil {
		t.Fatal(err)
	}
	// Configure sets the analyzers' flags, shared by every test here.
	saved := map[*flag.Flag]string{}
	for _, a := range suite() {
		a.Flags.VisitAll(func(f *flag.Flag) { saved[f] = f.Value.String() })
	}
	defer func() {
		for f, v := range saved {
			f.Value.Set(v)
		}
	}()
	on, err := settings.Configure(suite(), m)
	if err != nil {
		t.Fatalf("the README's example: %v", err)
	}
	if len(on) != len(suite())-1 {
		t.Errorf("the example disables one analyzer; %d of %d run", len(on), len(suite()))
	}
}
