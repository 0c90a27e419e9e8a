package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The end-to-end tests build reslint and fetch a corpus module through the
// module proxy, so they run only with RESLINT_E2E=1.
func e2e(t *testing.T) {
	t.Helper()
	if os.Getenv("RESLINT_E2E") != "1" {
		t.Skip("set RESLINT_E2E=1 to run (needs the Go module proxy)")
	}
}

func TestE2ECorpus(t *testing.T) {
	e2e(t)
	out, work := t.TempDir(), t.TempDir()
	modules, err := filepath.Abs("../../corpus/modules.txt")
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{
		"-modules", modules, "-only", "github.com/sethvargo/go-retry@", "-out", out, "-work", work,
	}, &stdout, &stderr)
	t.Logf("exit %d\n%s", code, stderr.String())

	var results []Result
	if err := readJSON(filepath.Join(out, "summary.json"), &results); err != nil {
		t.Fatal(err)
	}
	if len(results) != 1 || results[0].Module != "github.com/sethvargo/go-retry@v0.5.0" ||
		results[0].Status != "ok" || results[0].Packages < 1 || len(results[0].Analyzers) == 0 {
		t.Fatalf("summary.json: %+v", results)
	}
	var findings []Finding
	if err := readJSON(filepath.Join(out, "findings.json"), &findings); err != nil {
		t.Fatal(err)
	}
	for _, f := range findings {
		if !strings.HasPrefix(f.File, "github.com/sethvargo/go-retry@v0.5.0/") || f.Line == 0 {
			t.Errorf("finding not normalized: %+v", f)
		}
	}
	// A fresh verdicts.md judges nothing, so any finding must fail the run
	// and be printed as a row to paste.
	switch {
	case len(findings) == 0 && code != 0:
		t.Errorf("no findings, exit %d", code)
	case len(findings) > 0 && (code != 1 || !strings.Contains(stderr.String(), "| ? |")):
		t.Errorf("%d unjudged findings: exit %d, want 1 and rows to paste", len(findings), code)
	}
	for _, name := range []string{"summary.md", "verdicts.md"} {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Error(err)
		}
	}
}

func TestE2EBench(t *testing.T) {
	e2e(t)
	out, work := t.TempDir(), t.TempDir()
	modules, err := filepath.Abs("../../corpus/modules.txt")
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{
		"-bench", "-rounds", "1", "-modules", modules, "-only", "github.com/sethvargo/go-retry@", "-out", out, "-work", work,
	}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	rep, err := os.ReadFile(filepath.Join(out, "bench.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"c/a (reslint / go vet)", "c/b (reslint / FLOOR)", "| d:"} {
		if !strings.Contains(string(rep), want) {
			t.Errorf("bench.md lacks %q:\n%s", want, rep)
		}
	}
	if !bytes.Equal(stdout.Bytes(), rep) {
		t.Error("stdout and bench.md differ")
	}
}
