package analysisdoc

import (
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
