package analysisdoc

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const doc = `// Package demo is an analyzer.
//
// # Analyzer demo
//
// demo: check that demos are demonstrated
//
// A demo that is not shown is wasted:
//
//	x := demo()
//
// # Other heading
//
// not part of it
package demo
`

func TestExtract(t *testing.T) {
	got, err := Extract(doc, "demo")
	if err != nil {
		t.Fatal(err)
	}
	want := "demo: check that demos are demonstrated\n\nA demo that is not shown is wasted:\n\n\tx := demo()"
	if got != want {
		t.Errorf("Extract = %q, want %q", got, want)
	}
}

func TestExtractErrors(t *testing.T) {
	if _, err := Extract(doc, "other"); err == nil {
		t.Error("missing section: no error")
	}
	bad := strings.Replace(doc, "demo: check", "check", 1)
	if _, err := Extract(bad, "demo"); err == nil || !strings.Contains(err.Error(), "must start with") {
		t.Errorf("section without summary prefix: err = %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("MustExtract did not panic")
		}
	}()
	MustExtract(doc, "nope")
}

// TestRuleAnchors checks that every rule id the suite reports has its
// section in docs/rules.md, so RuleURL never points nowhere.
func TestRuleAnchors(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range Rules {
		u := RuleURL(r.ID)
		anchor := u[strings.LastIndexByte(u, '#')+1:]
		if !strings.Contains(string(b), `<a id="`+anchor+`"></a>`) {
			t.Errorf("docs/rules.md has no section for %s (anchor %q)", r.ID, anchor)
		}
	}
}

// TestExamples: every rule id has an example, bad and good code that
// differ and parse as Go declarations, or a note saying why there is none.
func TestExamples(t *testing.T) {
	for _, r := range Rules {
		e, ok := ExampleOf(r.ID)
		if !ok {
			t.Errorf("rule %s has no example in examples.go", r.ID)
			continue
		}
		if e.Note != "" {
			if e.Bad != "" || e.Good != "" {
				t.Errorf("rule %s: an example has code or a note, not both", r.ID)
			}
			continue
		}
		if e.Bad == "" || e.Good == "" || e.Bad == e.Good {
			t.Errorf("rule %s: the example needs bad and good code that differ", r.ID)
			continue
		}
		for _, code := range []string{e.Bad, e.Good} {
			if _, err := parser.ParseFile(token.NewFileSet(), r.ID+".go", "package p\n\n"+code, parser.SkipObjectResolution); err != nil {
				t.Errorf("rule %s: the example does not parse: %v\n%s", r.ID, err, code)
			}
		}
	}
	for id := range examples {
		if _, ok := RuleByID(id); !ok {
			t.Errorf("example for %s, which is not a rule", id)
		}
	}
}

func TestRuleSection(t *testing.T) {
	md := "# rules\n\n<a id=\"n1\"></a>\n## N1: first\n\ntext one\n\n<a id=\"n2\"></a>\n## N2: second\n\ntext two\n"
	if got, want := RuleSection(md, "N1"), "## N1: first\n\ntext one"; got != want {
		t.Errorf("RuleSection(N1) = %q, want %q", got, want)
	}
	if got, want := RuleSection(md, "n2"), "## N2: second\n\ntext two"; got != want {
		t.Errorf("RuleSection(n2) = %q, want %q", got, want)
	}
	if got := RuleSection(md, "N3"); got != "" {
		t.Errorf("RuleSection(N3) = %q, want empty", got)
	}
}

func TestPrefixRule(t *testing.T) {
	for _, c := range []struct{ analyzer, rule, msg, want string }{
		{"timerstop", "T1", "ticker t is not stopped", "T1: ticker t is not stopped"},
		{"backoffjitter", "backoffjitter", "wait has no random part", "wait has no random part"},
		{"timerstop", "", "x", "x"},
		{"timerstop", "T1", "T1: already", "T1: already"},
	} {
		if got := PrefixRule(c.analyzer, c.rule, c.msg); got != c.want {
			t.Errorf("PrefixRule(%q, %q, %q) = %q, want %q", c.analyzer, c.rule, c.msg, got, c.want)
		}
	}
}
