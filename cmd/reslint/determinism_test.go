package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// driverVersion matches the SARIF driver's version, the one line of the
// log that depends on how the binary was built (the goldens say "(test)").
var driverVersion = regexp.MustCompile(`(?m)^( {6,}"version": )"[^"]*"`)

// TestGoldenSubprocess runs the built binary with GOMAXPROCS=1 and
// compares its SARIF log, the format that carries everything (related
// notes, fixes, rules), with the golden the in-process run wrote: the
// analysis must not depend on scheduling, and the binary must print what
// the driver function does. (TestFormats compares text output across
// GOMAXPROCS values; each run here costs seconds on one core.)
func TestGoldenSubprocess(t *testing.T) {
	abs, err := filepath.Abs("testdata/mod")
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"sarif"} {
		cmd := exec.Command(bin, "-format="+format, "./app/...", "./retry/...", "./clean/...", "./timers/...")
		cmd.Dir, cmd.Env = "testdata/mod", append(os.Environ(), "GOMAXPROCS=1")
		out, err := cmd.Output()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 3 {
			t.Errorf("-format=%s under GOMAXPROCS=1: %v, want exit 3", format, err)
		}
		got := strings.ReplaceAll(string(out), filepath.ToSlash(abs), "/SRCROOT")
		got = driverVersion.ReplaceAllString(got, `$1"(test)"`)
		want, err := os.ReadFile(filepath.Join("testdata", "out", format+".golden"))
		if err != nil {
			t.Fatal(err)
		}
		if got != string(want) {
			t.Errorf("-format=%s under GOMAXPROCS=1 differs from testdata/out/%s.golden:\n%s", format, format, got)
		}
	}
}
