package main

import (
	"encoding/json"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestIsTarget(t *testing.T) {
	targets := []string{"example.com/a", "example.com/b"}
	for id, want := range map[string]bool{
		"example.com/a":                           true,
		"example.com/a [example.com/a.test]":      true,
		"example.com/a_test [example.com/a.test]": true,
		"example.com/c":                           false,
		"example.com/c [example.com/a.test]":      false, // a dependency recompiled for a's test
		"example.com/c_test [example.com/c.test]": false,
		"example.com/b_test":                      false, // not an external test package
	} {
		if got := isTarget(id, targets); got != want {
			t.Errorf("isTarget(%q) = %v, want %v", id, got, want)
		}
	}
	if !isTarget("example.com/c", nil) {
		t.Error("nil targets must keep every package")
	}
}

func TestBoolFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want bool
	}{
		{[]string{"-complete", "-json", "x.cfg"}, true},
		{[]string{"--complete=true", "x.cfg"}, true},
		{[]string{"-complete=false", "x.cfg"}, false},
		{[]string{"-complete", "-complete=0", "x.cfg"}, false},
		{[]string{"-completeness", "x.cfg"}, false},
		{[]string{"x.cfg", "-complete"}, false},
	} {
		if got := boolFlag(c.args, "complete"); got != c.want {
			t.Errorf("boolFlag(%q) = %v, want %v", c.args, got, c.want)
		}
	}
}

// TestVetProtocol: with -complete and -json a facts-only config is
// rewritten to report, every other field kept; otherwise nothing changes.
func TestVetProtocol(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "vet.cfg")
	if err := os.WriteFile(cfg, []byte(`{"ID": "p", "VetxOnly": true, "Future": [1, 2]}`), 0o666); err != nil {
		t.Fatal(err)
	}
	got, ok := reportingConfig(cfg)
	if !ok {
		t.Fatal("facts-only config not rewritten")
	}
	b, _ := os.ReadFile(got)
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if m["VetxOnly"] != false || m["ID"] != "p" || m["Future"] == nil {
		t.Errorf("rewritten config = %s", b)
	}
	if _, ok := reportingConfig(got); ok {
		t.Error("a reporting config was rewritten again")
	}
	for _, args := range [][]string{{"-complete", cfg}, {"-json", cfg}} {
		if out := vetProtocolArgs(args); out[len(out)-1] != cfg {
			t.Errorf("%q: config replaced by %s", args, out[len(out)-1])
		}
	}
	if out := vetProtocolArgs([]string{"-complete", "-json", cfg}); out[2] == cfg {
		t.Error("-complete -json: config not replaced")
	}
}

// TestMerger: one finding per position and rule; the plain package's
// wins over its test variant's, whichever came first.
func TestMerger(t *testing.T) {
	at := func(line int, rule, msg string) finding {
		return finding{posn: token.Position{Filename: "/m/p/x.go", Line: line, Column: 2}, rule: rule, message: msg}
	}
	var m merger
	m.add(at(3, "C2", "checked in 3 functions"), true) // from p [p.test]
	m.add(at(3, "C2", "checked in 2 functions"), false)
	m.add(at(3, "C2", "checked in 3 functions"), true)
	m.add(at(3, "T1", "another rule"), false)
	m.add(at(4, "C2", "another line"), true)
	var got []string
	for _, f := range m.out {
		got = append(got, fmt.Sprintf("%d %s %s", f.posn.Line, f.rule, f.message))
	}
	want := []string{"3 C2 checked in 2 functions", "3 T1 another rule", "4 C2 another line"}
	if !slices.Equal(got, want) {
		t.Errorf("merged = %q, want %q", got, want)
	}
}
