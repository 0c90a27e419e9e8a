package main

import (
	"bytes"
	"encoding/json"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBaselineRoundTrip records the findings of a copy of testdata/mod,
// then edits it the way a legacy code base changes: lines shift, an
// unrelated function appears, one old finding is fixed and one new bug is
// written. Only the new bug is reported; the fixed one is listed as
// stale, and -baseline-prune drops it from the file.
func TestBaselineRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"go.mod", "app/app.go", "retry/retry.go", "timers/legacy.go"} {
		data, err := os.ReadFile(filepath.Join(testdata, "mod", name))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, name), string(data))
	}
	pkgs := []string{"./app/...", "./retry/...", "./timers/..."}
	base := filepath.Join(dir, "reslint-baseline.json")

	out, stderr, code := driveIn(t, dir, append([]string{"-baseline=write", base}, pkgs...)...)
	if code != exitClean || out != "" || !strings.Contains(stderr, "recorded 3 findings") {
		t.Fatalf("-baseline=write: exit %d, stdout %q, stderr %q; want 0, nothing, 3 recorded", code, out, stderr)
	}
	written, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "baseline.golden", string(written))

	// Unchanged code: nothing new, nothing stale.
	out, stderr, code = driveIn(t, dir, append([]string{"-baseline=" + base}, pkgs...)...)
	if code != exitClean || out != "" || stderr != "" {
		t.Fatalf("same code against its baseline: exit %d, stdout %q, stderr %q; want 0 and silence", code, out, stderr)
	}

	editFile(t, filepath.Join(dir, "app/app.go"), func(s string) string {
		// Five lines above every finding, and the directive finding
		// fixed by deleting the directive.
		s = strings.Replace(s, "import (", "// Payments go through Charge.\n//\n// Nothing else sends money.\n\nimport (\n", 1)
		return strings.Replace(s, "//reslint:ignore timerstop\n", "", 1)
	})
	editFile(t, filepath.Join(dir, "timers/legacy.go"), func(s string) string {
		// An unrelated function above the old finding, and a new
		// unstopped ticker in a new function.
		s = strings.Replace(s, "// Probe polls", "// Wait sleeps.\nfunc Wait(d time.Duration) { time.Sleep(d) }\n\n// Probe polls", 1)
		return s + `
// Watch polls check until it succeeds.
func Watch(check func() bool) {
	w := time.NewTicker(time.Second)
	for range w.C {
		if check() {
			return
		}
	}
}
`
	})

	out, stderr, code = driveIn(t, dir, append([]string{"-format=github", "-baseline=" + base}, pkgs...)...)
	if code != exitFindings {
		t.Errorf("a new finding against the baseline: exit %d, want %d; stderr:\n%s", code, exitFindings, stderr)
	}
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 1 || !strings.Contains(lines[0], "file=timers/legacy.go,line=26,") || !strings.Contains(lines[0], "ticker w is not stopped") {
		t.Errorf("want only the new ticker w reported, got:\n%s", out)
	}
	if !strings.Contains(stderr, "1 baseline entry no longer found") || !strings.Contains(stderr, "app/app.go - directive: //reslint:ignore directive has no reason") {
		t.Errorf("the fixed directive finding is not listed as stale; stderr:\n%s", stderr)
	}
	if after, _ := os.ReadFile(base); !bytes.Equal(after, written) {
		t.Errorf("the baseline changed without -baseline-prune")
	}

	out, stderr, code = driveIn(t, dir, append([]string{"-baseline=" + base, "-baseline-prune"}, pkgs...)...)
	if code != exitFindings || !strings.Contains(out, "timers/legacy.go:26:7: T1") || !strings.Contains(stderr, "pruned 1 baseline entry") {
		t.Errorf("-baseline-prune: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	pruned, err := readBaseline(base)
	if err != nil {
		t.Fatal(err)
	}
	var rules []string
	for _, e := range pruned.Findings {
		rules = append(rules, e.Rule+" "+e.Function)
	}
	if strings.Join(rules, ",") != "I1 Charge,T1 Probe" {
		t.Errorf("after pruning the baseline holds %q, want the I1 and the old T1 entries", rules)
	}

	// A run over a subset of the packages does not call the others'
	// entries stale.
	_, stderr, _ = driveIn(t, dir, "-baseline="+base, "./timers/...")
	if strings.Contains(stderr, "no longer found") {
		t.Errorf("entries of packages outside the run are listed as stale:\n%s", stderr)
	}
}

// TestBaselineCounts: two findings with the same key need two entries.
func TestBaselineCounts(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "p.go")
	writeFile(t, file, "package p\n\nfunc (s *Server[T]) Run() {\n\tgo poll()\n\tgo poll()\n}\n")
	f := func(line int) finding {
		return finding{pkg: "p", analyzer: "a", rule: "R", message: "m at line " + string(rune('0'+line)),
			posn: token.Position{Filename: file, Line: line, Column: 2}}
	}
	two := []finding{f(4), f(5)}
	base := filepath.Join(dir, "base.json")
	src := newSources()
	if err := writeBaseline(base, []baselineEntry{entryOf(two[0], src, dir)}); err != nil {
		t.Fatal(err)
	}
	e := entryOf(two[1], src, dir)
	if e.Function != "Server.Run" || e.Snippet != "go poll()" || e.Message != "m at line N" || e.File != "p.go" {
		t.Errorf("entry %+v", e)
	}
	o := options{baseline: baselineOptions{mode: base, file: base}}
	var err error
	if o.baseline.base, err = readBaseline(base); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	fresh, code := applyBaseline(o, two, nil, false, src, dir, &stderr)
	if code != exitClean || len(fresh) != 1 || stderr.Len() != 0 {
		t.Errorf("two equal findings, one entry: %d new (want 1), exit %d, stderr %q", len(fresh), code, stderr.String())
	}
	fresh, _ = applyBaseline(o, two[:0], nil, false, src, dir, &stderr)
	if len(fresh) != 0 || !strings.Contains(stderr.String(), "1 baseline entry no longer found") {
		t.Errorf("no findings: want the entry listed as stale, stderr %q", stderr.String())
	}
}

// TestBaselineFile: the format is versioned and strict, and bad flags are
// usage errors.
func TestBaselineFile(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"v2.json":      `{"version": 2, "tool": "reslint", "findings": []}`,
		"unknown.json": `{"version": 1, "tool": "reslint", "findings": [], "extra": 1}`,
		"bad.json":     `[`,
	} {
		writeFile(t, filepath.Join(dir, name), content)
		if _, err := readBaseline(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s read as a baseline", name)
		}
	}
	for _, args := range [][]string{
		{"-baseline-prune", "./clean"},
		{"-baseline=write", "-baseline-prune", "f.json", "./clean"},
		{"-baseline=write", "./..."},
		{"-baseline=" + filepath.Join(dir, "v2.json"), "./clean"},
		{"-baseline=" + filepath.Join(dir, "missing.json"), "./clean"},
	} {
		if _, stderr, code := driveIn(t, "mod", args...); code != exitUsage || stderr == "" {
			t.Errorf("reslint %s: exit %d, stderr %q; want a usage error", strings.Join(args, " "), code, stderr)
		}
	}
	// An empty baseline is written as an empty list, not null.
	empty := filepath.Join(dir, "empty.json")
	if err := writeBaseline(empty, nil); err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	data, _ := os.ReadFile(empty)
	if err := json.Unmarshal(data, &raw); err != nil || string(raw["findings"]) != "[]" {
		t.Errorf("empty baseline: %s", data)
	}
}

func TestNormalMessage(t *testing.T) {
	for in, want := range map[string]string{
		"ticker t is not stopped before the return at line 15, so": "ticker t is not stopped before the return at line N, so",
		"decided in retry.go:40 and classify.go:7:3":               "decided in retry.go:N and classify.go:N",
		"lines 3 and 4 disagree":                                   "lines N and 4 disagree",
		"3 attempts x 600ms exceed the 2s budget":                  "3 attempts x 600ms exceed the 2s budget",
		"online 5": "online 5",
	} {
		if got := normalMessage(in); got != want {
			t.Errorf("normalMessage(%q) = %q, want %q", in, got, want)
		}
	}
}

func writeFile(t *testing.T, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func editFile(t *testing.T, name string, change func(string) string) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if out := change(string(data)); out == string(data) {
		t.Fatalf("edit of %s changed nothing", name)
	} else {
		writeFile(t, name, out)
	}
}
