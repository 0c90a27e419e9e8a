package plugin_test

// The end-to-end test builds golangci-lint with reslint compiled in, the
// way a user does (golangci-lint custom with the repository's
// .custom-gcl.yml), and runs it on the module in testdata/mod. It takes
// about 7 minutes on a cold cache (most of it go install compiling
// golangci-lint), 1 when only reslint changed, and needs the Go module
// proxy, so it runs only with RESLINT_E2E=1:
//
//	RESLINT_E2E=1 go test -run E2E -v -timeout 20m ./plugin/
//
// Steps, each cached under os.TempDir()/reslint-gcl-e2e:
//  1. go install golangci-lint at the version .custom-gcl.yml names, into
//     a private GOBIN;
//  2. golangci-lint custom clones github.com/golangci/golangci-lint at that
//     tag. The test serves that clone from a git repository made of the
//     module proxy's copy of the same version (git's url.insteadOf, which
//     custom passes through to git), so it needs no access to GitHub; set
//     RESLINT_E2E_GITHUB=1 to clone from GitHub as custom does by default;
//  3. golangci-lint custom builds the binary from a snapshot of the
//     reslint packages the plugin links; the binary is cached under the
//     hash of that snapshot, so an unchanged tree skips steps 1-3.
//
// The checks: findings printed by the custom binary are exactly those of
// the reslint command with the same settings, minus the ones that
// //nolint:reslint covers; the shipped .golangci.example.yml is accepted;
// an unknown setting fails the run with the plugin's error.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

const golangciModule = "github.com/golangci/golangci-lint/v2"

func TestE2EGolangciLint(t *testing.T) {
	if os.Getenv("RESLINT_E2E") != "1" {
		t.Skip("set RESLINT_E2E=1 to build golangci-lint with the plugin (minutes; needs the module proxy)")
	}
	ctx := context.Background()
	if d, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d.Add(-30*time.Second))
		defer cancel()
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(os.TempDir(), "reslint-gcl-e2e")
	if err := os.MkdirAll(cache, 0o755); err != nil {
		t.Fatal(err)
	}

	start := time.Now()
	version := customGCLVersion(t, root)
	custom := buildCustom(ctx, t, root, cache, version)
	t.Logf("custom golangci-lint %s ready in %s: %s", version, time.Since(start).Round(time.Second), custom)

	mod := filepath.Join(root, "plugin", "testdata", "mod")
	standalone := reslintFindings(ctx, t, root, mod, "-retryscope.retryfuncs=example.com/gclmod/retry.Attempt")

	t.Run("findings", func(t *testing.T) {
		start := time.Now()
		out, code := runGCL(ctx, t, custom, mod, filepath.Join(mod, ".golangci.yml"))
		t.Logf("golangci-lint run: %s, exit %d\n%s", time.Since(start).Round(time.Millisecond), code, out)
		if code != 1 {
			t.Errorf("exit code %d, want 1 (issues found)", code)
		}
		got := gclFindings(t, out, mod)

		// The finding every version of the suite has: retryscope reports
		// the directive without a reason.
		if !slices.ContainsFunc(got, func(f string) bool {
			return strings.HasPrefix(f, "app/app.go:50: retryscope: //reslint:ignore directive has no reason")
		}) {
			t.Errorf("no retryscope finding for app/app.go:50 in:\n%s", out)
		}

		// The rest: what the reslint command finds, minus what
		// //nolint:reslint covers (all of quiet.go's findings).
		var want []string
		quiet := 0
		for _, f := range standalone {
			if strings.HasPrefix(f, "app/quiet.go:") {
				quiet++
				continue
			}
			want = append(want, f)
		}
		if quiet == 0 {
			t.Errorf("the reslint command finds nothing in app/quiet.go, so //nolint:reslint is not tested; its findings:\n%s", strings.Join(standalone, "\n"))
		}
		for _, f := range got {
			if strings.HasPrefix(f, "app/quiet.go:") {
				t.Errorf("//nolint:reslint did not silence %s", f)
			}
		}
		for _, f := range want {
			if !slices.Contains(got, f) {
				t.Errorf("golangci-lint lacks the reslint command's finding %s", f)
			}
		}
		for _, f := range got {
			if !slices.Contains(want, f) && !strings.HasPrefix(f, "app/quiet.go:") {
				t.Errorf("golangci-lint reports %s, which the reslint command does not", f)
			}
		}
	})

	t.Run("example-config", func(t *testing.T) {
		// Only reslint: the example leaves golangci-lint's standard
		// linters on, which cost time and say nothing about the plugin.
		out, code := runGCL(ctx, t, custom, mod, filepath.Join(root, ".golangci.example.yml"), "--default=none")
		if code != 1 || !strings.Contains(out, "retryscope: //reslint:ignore directive has no reason") {
			t.Errorf(".golangci.example.yml: exit %d, want 1 with the retryscope finding:\n%s", code, out)
		}
	})

	t.Run("unknown-setting", func(t *testing.T) {
		cfg := filepath.Join(t.TempDir(), "bad.yml")
		bad := strings.Replace(readFile(t, filepath.Join(mod, ".golangci.yml")), "retryscope.retryfuncs:", "retryscope.nosuch:", 1)
		if err := os.WriteFile(cfg, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		out, code := runGCL(ctx, t, custom, mod, cfg)
		if code == 0 || code == 1 || !strings.Contains(out, `analyzer retryscope has no flag "nosuch"`) {
			t.Errorf("unknown setting: exit %d, want a configuration error naming it:\n%s", code, out)
		}
	})
}

// customGCLVersion reads the golangci-lint version from .custom-gcl.yml,
// so the test builds what the shipped file says.
func customGCLVersion(t *testing.T, root string) string {
	m := regexp.MustCompile(`(?m)^version:\s*(v\S+)\s*$`).FindStringSubmatch(readFile(t, filepath.Join(root, ".custom-gcl.yml")))
	if m == nil {
		t.Fatal(".custom-gcl.yml has no version line")
	}
	return m[1]
}

// buildCustom returns the custom golangci-lint binary, building it unless
// a binary for the same sources is cached.
func buildCustom(ctx context.Context, t *testing.T, root, cache, version string) string {
	snap := t.TempDir()
	key := snapshot(ctx, t, root, snap, version)
	dest := filepath.Join(cache, "custom-"+key)
	bin := filepath.Join(dest, "custom-gcl")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	if _, err := os.Stat(bin); err == nil {
		t.Logf("using the cached custom binary for source hash %s", key)
		return bin
	}

	start := time.Now()
	gcl := installGolangci(ctx, t, cache, version)
	t.Logf("go install golangci-lint@%s: %s", version, time.Since(start).Round(time.Second))

	env := []string{"GOWORK=off", trimpath()}
	if os.Getenv("RESLINT_E2E_GITHUB") != "1" {
		start = time.Now()
		mirror := gitMirror(ctx, t, cache, version)
		t.Logf("git mirror of golangci-lint %s from the module cache: %s", version, time.Since(start).Round(time.Second))
		// custom keeps GIT_CONFIG_* when it runs git clone.
		env = append(env,
			"GIT_CONFIG_COUNT=1",
			"GIT_CONFIG_KEY_0=url.file://"+filepath.ToSlash(mirror)+".insteadOf",
			"GIT_CONFIG_VALUE_0=https://github.com/golangci/golangci-lint.git",
		)
	}

	// Build into a fresh directory and rename it into place, so an
	// interrupted build never leaves a binary that looks cached. custom
	// clones into a directory under TMPDIR that it removes only when it
	// exits normally; pointing TMPDIR into ours cleans up after a timeout.
	start = time.Now()
	tmp, err := os.MkdirTemp(cache, "building-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	work, out := filepath.Join(tmp, "tmp"), filepath.Join(tmp, "bin")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	env = append(env, "TMPDIR="+work)
	if log, err := command(ctx, snap, env, gcl, "custom", "-v", "--destination", out); err != nil {
		t.Fatalf("golangci-lint custom: %v\n%s", err, log)
	}
	t.Logf("golangci-lint custom: %s", time.Since(start).Round(time.Second))
	if err := os.Rename(out, dest); err != nil {
		if _, statErr := os.Stat(bin); statErr != nil { // lost a race with another run: fine
			t.Fatal(err)
		}
	}
	// Binaries built from older trees are 50MB each and never used again.
	old, _ := filepath.Glob(filepath.Join(cache, "custom-*"))
	for _, dir := range old {
		if dir != dest {
			os.RemoveAll(dir)
		}
	}
	return bin
}

// snapshot copies the files of the reslint packages the plugin links, and
// go.mod, go.sum and .custom-gcl.yml, into dir, and returns a hash of
// them, of the golangci-lint version and of the Go version. Building from
// a snapshot keeps the build consistent while the tree changes under it,
// and the hash keys the binary cache.
func snapshot(ctx context.Context, t *testing.T, root, dir, version string) string {
	const tmpl = `{{if .Module}}{{if eq .Module.Path "github.com/reslint/reslint"}}` +
		`{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{range .EmbedFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}` +
		`{{end}}{{end}}`
	out, err := output(ctx, root, []string{"GOWORK=off"}, "go", "list", "-deps", "-f", tmpl, "./plugin")
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	files := []string{"go.mod", "go.sum", ".custom-gcl.yml"}
	for line := range strings.Lines(out) {
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		rel, err := filepath.Rel(root, line)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, rel)
	}
	slices.Sort(files)
	files = slices.Compact(files)

	h := sha256.New()
	fmt.Fprintf(h, "golangci-lint %s\n%s\n", version, runtime.Version())
	for _, rel := range files {
		data, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(rel), len(data))
		h.Write(data)
		dst := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// installGolangci installs golangci-lint into a private GOBIN, once.
func installGolangci(ctx context.Context, t *testing.T, cache, version string) string {
	gobin := filepath.Join(cache, "golangci-lint-"+version)
	bin := filepath.Join(gobin, "golangci-lint")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	out, err := command(ctx, os.TempDir(), []string{"GOBIN=" + gobin, "GOWORK=off", trimpath()},
		"go", "install", golangciModule+"/cmd/golangci-lint@"+version)
	if err != nil {
		t.Fatalf("go install golangci-lint: %v\n%s", err, out)
	}
	return bin
}

// trimpath returns GOFLAGS with -trimpath added. Without it, a package's
// compiled form depends on its directory, and golangci-lint's own
// packages, compiled from the module cache by go install, would all be
// compiled again from custom's clone; with it, custom mostly links.
func trimpath() string {
	return "GOFLAGS=" + strings.TrimSpace(os.Getenv("GOFLAGS")+" -trimpath")
}

// gitMirror makes a git repository holding golangci-lint's source at
// version, tagged version, from the module proxy's zip of that version.
func gitMirror(ctx context.Context, t *testing.T, cache, version string) string {
	mirror := filepath.Join(cache, "golangci-lint-"+version+"-git")
	if _, err := os.Stat(filepath.Join(mirror, ".git")); err == nil {
		return mirror
	}
	out, err := output(ctx, os.TempDir(), []string{"GOWORK=off"}, "go", "mod", "download", "-json", golangciModule+"@"+version)
	if err != nil {
		t.Fatalf("go mod download: %v", err)
	}
	var dl struct{ Dir string }
	if err := json.Unmarshal([]byte(out), &dl); err != nil || dl.Dir == "" {
		t.Fatalf("go mod download: %v\n%s", err, out)
	}
	tmp, err := os.MkdirTemp(cache, "mirror-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	// CopyFS writes fresh, writable files (the module cache is read-only).
	if err := os.CopyFS(tmp, os.DirFS(dl.Dir)); err != nil {
		t.Fatal(err)
	}
	git := func(args ...string) {
		args = append([]string{"-c", "user.name=reslint e2e", "-c", "user.email=e2e@reslint.invalid", "-c", "commit.gpgsign=false"}, args...)
		if out, err := command(ctx, tmp, nil, "git", args...); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "golangci-lint "+version+" from the module proxy")
	git("tag", version)
	if err := os.Rename(tmp, mirror); err != nil {
		if _, statErr := os.Stat(filepath.Join(mirror, ".git")); statErr != nil {
			t.Fatal(err)
		}
	}
	return mirror
}

// runGCL runs the custom binary on the packages in dir with config and
// flags, and returns its stdout and stderr together, and its exit code.
func runGCL(ctx context.Context, t *testing.T, bin, dir, config string, flags ...string) (string, int) {
	t.Helper()
	args := []string{"run",
		"--config", config,
		"--path-mode", "abs",
		"--output.text.path", "stdout",
		"--output.text.print-issued-lines=false",
		"--output.text.colors=false",
		"--show-stats=false",
	}
	cmd := exec.CommandContext(ctx, bin, append(append(args, flags...), "./...")...)
	cmd.Dir = dir
	// A private cache: results cached by an older binary must not answer.
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+t.TempDir(), "GOWORK=off")
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return buf.String(), 0
	case errors.As(err, &ee):
		return buf.String(), ee.ExitCode()
	default:
		t.Fatalf("%s: %v", bin, err)
		return "", -1
	}
}

// gclLine is one issue in golangci-lint's text output with --path-mode
// abs: "/abs/file.go:12:3: analyzer: message (reslint)".
var gclLine = regexp.MustCompile(`(?m)^(\S+\.go):(\d+):\d+: (\w+): (.*) \(reslint\)$`)

// gclFindings returns the issues of out as "rel/file.go:line: analyzer:
// message", rel being relative to mod.
func gclFindings(t *testing.T, out, mod string) []string {
	var got []string
	for _, m := range gclLine.FindAllStringSubmatch(out, -1) {
		got = append(got, finding(t, mod, m[1], m[2], m[3], m[4]))
	}
	slices.Sort(got)
	return got
}

// reslintFindings builds the reslint command and runs it with -json and
// flags in mod, returning its findings in gclFindings's form.
func reslintFindings(ctx context.Context, t *testing.T, root, mod string, flags ...string) []string {
	bin := filepath.Join(t.TempDir(), "reslint")
	if out, err := command(ctx, root, nil, "go", "build", "-o", bin, "./cmd/reslint"); err != nil {
		t.Fatalf("go build reslint: %v\n%s", err, out)
	}
	cmd := exec.CommandContext(ctx, bin, append(append([]string{"-json"}, flags...), "./...")...)
	cmd.Dir = mod
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("reslint -json: %v\n%s", err, stderr.String())
	}
	// {"pkgpath": {"analyzer": [{"posn": "file:line:col", "message": ...}]}}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(out, &tree); err != nil {
		t.Fatalf("reslint -json: %v\n%s", err, out)
	}
	posn := regexp.MustCompile(`^(.+\.go):(\d+):\d+$`)
	var got []string
	for _, byAnalyzer := range tree {
		for name, raw := range byAnalyzer {
			var diags []struct {
				Posn    string `json:"posn"`
				Message string `json:"message"`
			}
			if err := json.Unmarshal(raw, &diags); err != nil {
				t.Fatalf("reslint -json: %s: %s", name, raw) // an {"error": ...} entry
			}
			for _, d := range diags {
				m := posn.FindStringSubmatch(d.Posn)
				if m == nil {
					t.Fatalf("reslint -json: bad posn %q", d.Posn)
				}
				got = append(got, finding(t, mod, m[1], m[2], name, d.Message))
			}
		}
	}
	slices.Sort(got)
	return got
}

func finding(t *testing.T, mod, file, line, analyzer, msg string) string {
	rel, err := filepath.Rel(mod, file)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := strconv.Atoi(line)
	return fmt.Sprintf("%s:%d: %s: %s", filepath.ToSlash(rel), n, analyzer, msg)
}

// command runs name in dir with env added to the environment and returns
// its combined output.
func command(ctx context.Context, dir string, env []string, name string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err := cmd.Run()
	return buf.String(), err
}

// output is command for programs whose stdout is data: it returns stdout
// alone, with stderr in the error.
func output(ctx context.Context, dir string, env []string, name string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	return string(out), nil
}

func readFile(t *testing.T, name string) string {
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
