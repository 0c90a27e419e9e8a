package main_test

// The go command caches vet results under a key that does not say whether
// a package was vetted as a target or only for a dependency's facts (see
// vetproto.go and docs/cache.md). These tests run the order that used to
// lose findings: the importer first (its dependency is vetted for facts),
// then the dependency itself, on a cache that has never seen the vet tool.

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestCacheOrder starts from a vet cache this binary has never written to
// without rebuilding the standard library: a binary linked with its own
// version string has its own identity (go vet keys its results by the
// tool's -V=full output), while compiled packages stay cached.
func TestCacheOrder(t *testing.T) {
	if testing.Short() {
		t.Skip("links a binary of its own")
	}
	fresh := filepath.Join(t.TempDir(), "reslint")
	stamp := "cache-test-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	if out, err := exec.Command("go", "build", "-ldflags=-X main.version="+stamp, "-o", fresh, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	if out, _, _ := run(t, ".", fresh, "-version"); !strings.HasPrefix(out, "reslint "+stamp+" ") {
		t.Fatalf("-version = %q, want the stamped version %s", out, stamp)
	}
	cacheOrder(t, fresh, nil)
}

// TestCacheOrderFreshGOCACHE runs the same on an empty GOCACHE, the way a
// new CI runner does; it recompiles the standard library, so it runs only
// with RESLINT_E2E=1:
//
//	RESLINT_E2E=1 go test -run CacheOrderFresh ./cmd/reslint/
func TestCacheOrderFreshGOCACHE(t *testing.T) {
	if os.Getenv("RESLINT_E2E") != "1" {
		t.Skip("set RESLINT_E2E=1 to run go vet on an empty GOCACHE (compiles the standard library)")
	}
	cacheOrder(t, bin, []string{"GOCACHE=" + t.TempDir()})
}

// cacheOrder runs bin on a copy of testdata/cache with the extra
// environment env, in the order that vets pay for facts before it is a
// target, and checks that every run reports what a cache-free run does.
func cacheOrder(t *testing.T, bin string, env []string) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/cache")); err != nil {
		t.Fatal(err)
	}
	runEnv := func(args ...string) (string, string, int) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
		var o, e strings.Builder
		cmd.Stdout, cmd.Stderr = &o, &e
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("%s %v: %v", bin, args, err)
		}
		return o.String(), e.String(), code
	}

	// The reference: the in-process transport caches nothing.
	want, stderr, code := runEnv("-transport=load", "./pay/")
	if code != 3 || !strings.Contains(want, "pay/pay.go:9:7: T1 timerstop:") {
		t.Fatalf("reference run: exit %d, stdout %q, stderr %q", code, want, stderr)
	}
	base := filepath.Join(dir, "baseline.json")
	if _, stderr, code := runEnv("-transport=load", "-baseline=write", base, "./pay/"); code != 0 {
		t.Fatalf("-baseline=write: exit %d, stderr %q", code, stderr)
	}
	recorded, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}

	// The importer first: pay is vetted for its facts only.
	if out, stderr, code := runEnv("./api/"); code != 0 || out != "" {
		t.Fatalf("./api/: exit %d, stdout %q, stderr %q; want 0 and nothing", code, out, stderr)
	}
	// The baseline still holds pay's finding: nothing to prune.
	out, stderr, code := runEnv("-baseline="+base, "-baseline-prune", "./pay/")
	if code != 0 || out != "" || strings.Contains(stderr, "pruned") {
		t.Errorf("-baseline-prune after ./api/: exit %d, stdout %q, stderr %q; want 0, nothing reported, nothing pruned", code, out, stderr)
	}
	if now, _ := os.ReadFile(base); string(now) != string(recorded) {
		t.Errorf("-baseline-prune after ./api/ rewrote the baseline:\n%s\nwas:\n%s", now, recorded)
	}
	// The dependency as a target: its findings, from the cache.
	if out, stderr, code := runEnv("./pay/"); code != 3 || out != want {
		t.Errorf("./pay/ after ./api/: exit %d, stdout %q, stderr %q; want 3 and\n%s", code, out, stderr, want)
	}
	if out, stderr, code := runEnv("./..."); code != 3 || out != want {
		t.Errorf("./... after ./pay/: exit %d, stdout %q, stderr %q; want 3 and\n%s", code, out, stderr, want)
	}
	// And a dependency's findings are not reported for its importer.
	if out, _, code := runEnv("./api/"); code != 0 || out != "" {
		t.Errorf("./api/ again: exit %d, stdout %q; want 0 and nothing", code, out)
	}
}
