package main

// Output formats, run in this process on testdata/mod and compared with
// the files in testdata/out (go test -run Golden -update rewrites them).
// Paths below the module are relative in every format but json, whose
// absolute paths (the go vet shape) are written as /SRCROOT in the
// goldens.

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/out")

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join(testdata, "out", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run Golden -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the output (go test -run Golden -update rewrites it):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// TestGolden compares every format with its golden file, checks the exit
// status of each, and validates the SARIF log against the 2.1.0 schema.
// The SARIF run is made twice: the same bytes both times.
func TestGolden(t *testing.T) {
	for _, format := range formats {
		t.Run(format, func(t *testing.T) {
			out, stderr, code := driveIn(t, "mod", append([]string{"-format=" + format}, goldenPkgs...)...)
			if code != exitFindings {
				t.Errorf("-format=%s: exit %d, want %d; stderr:\n%s", format, code, exitFindings, stderr)
			}
			if stderr != "" {
				t.Errorf("-format=%s: stderr:\n%s", format, stderr)
			}
			golden(t, format+".golden", out)
			if format != "sarif" {
				return
			}
			validateSARIF(t, []byte(out))
			again, _, _ := driveIn(t, "mod", append([]string{"-format=" + format}, goldenPkgs...)...)
			if again != out {
				t.Errorf("a second run in the same process printed other bytes:\n%s\n---\n%s", out, again)
			}
		})
	}
}

// TestExitCodes: the same status in every format (3 findings, checked
// by TestGolden; 0 clean, by TestSARIFClean and TestStandaloneClean;
// 1 load error, 2 usage), and -exit-zero turns 3 into 0 but not 1.
func TestExitCodes(t *testing.T) {
	for _, format := range formats {
		f := "-format=" + format
		for _, c := range []struct {
			args []string
			want int
		}{
			{[]string{f, "-exit-zero", "./timers"}, exitClean},
			{[]string{f, "./broken"}, exitError},
			{[]string{f, "-exit-zero", "./broken"}, exitError},
			{[]string{f}, exitUsage},
		} {
			if _, stderr, code := driveIn(t, "mod", c.args...); code != c.want {
				t.Errorf("reslint %s: exit %d, want %d; stderr:\n%s", strings.Join(c.args, " "), code, c.want, stderr)
			}
		}
	}
	if _, _, code := driveIn(t, "mod", "-format=xml", "./clean"); code != exitUsage {
		t.Errorf("-format=xml: exit %d, want %d", code, exitUsage)
	}
}
