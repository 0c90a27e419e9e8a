package plugin_test

// The end-to-end test builds golangci-lint with reslint compiled in, the
// way a user does (golangci-lint custom with the repository's
// .custom-gcl.yml), and runs it on the module in testdata/mod. From an
// empty build cache it compiles golangci-lint once (about 10 CPU-minutes:
// 6-7 minutes on an idle 2-core machine); later runs take 1-2 minutes. It
// needs the Go module proxy, so it runs only with RESLINT_E2E=1:
//
//	RESLINT_E2E=1 go test -run E2E -v -timeout 20m ./plugin/
//
// Steps, each cached under os.TempDir()/reslint-gcl-e2e:
//  1. a git repository of golangci-lint's source at the version
//     .custom-gcl.yml names, made from the module proxy's copy of that
//     version (go mod download) and tagged with it;
//  2. a golangci-lint binary built from it, to run custom with
//     (RESLINT_E2E_GOINSTALL=1: go install it instead, as users do);
//  3. golangci-lint custom clones github.com/golangci/golangci-lint at the
//     tag. The test serves that clone from the repository of step 1 (git's
//     url.insteadOf, which custom passes through to git), so it needs no
//     access to GitHub; RESLINT_E2E_GITHUB=1 clones from GitHub instead;
//  4. custom builds the binary from a snapshot of the reslint packages the
//     plugin links; the binary is cached under the hash of that snapshot,
//     so an unchanged tree skips steps 1-4.
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

	"github.com/reslint/reslint/internal/analysisdoc"
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
	// The same settings as testdata/mod/.golangci.yml.
	standalone := reslintFindings(ctx, t, root, mod,
		"-retryscope.retryfuncs=example.com/gclmod/retry.Attempt",
		"-timerstop.strict")

	t.Run("findings", func(t *testing.T) {
		start := time.Now()
		out, code := runGCL(ctx, t, custom, mod, filepath.Join(mod, ".golangci.yml"))
		t.Logf("golangci-lint run: %s, exit %d\n%s", time.Since(start).Round(time.Millisecond), code, out)
		if code != 1 {
			t.Errorf("exit code %d, want 1 (issues found)", code)
		}
		got := gclFindings(t, out, mod)
		if strings.Contains(out, "(related information)") {
			t.Errorf("a related note became an issue of its own:\n%s", out)
		}
		if !slices.ContainsFunc(got, func(f string) bool {
			return strings.HasPrefix(f, "app/app.go:35: timerstop: T1:") && strings.Contains(f, " (app.go:")
		}) {
			t.Errorf("the ticker finding does not carry its related note:\n%s", out)
		}

		// Two findings named here, whatever else the suite finds:
		// the root analyzer reports the directive without a reason, and
		// timerstop reports the ticker only because the configuration's
		// timerstop.strict reached its flag.
		for _, want := range []string{
			"app/app.go:50: reslint: directive: //reslint:ignore directive has no reason",
			"app/app.go:35: timerstop: T1: ticker t is not stopped",
		} {
			if !slices.ContainsFunc(got, func(f string) bool { return strings.HasPrefix(f, want) }) {
				t.Errorf("golangci-lint did not print %q:\n%s", want, out)
			}
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
		if code != 1 || !strings.Contains(out, "app.go:50:1: directive: //reslint:ignore directive has no reason") {
			t.Errorf(".golangci.example.yml: exit %d, want 1 with the directive finding:\n%s", code, out)
		}
	})

	t.Run("config-file", func(t *testing.T) {
		// The same module with a .reslint.yaml: its settings apply, and
		// .golangci.yml's override them. The file turns timerstop.strict
		// off and idemkeyperseries off; .golangci.yml turns strict back
		// on, so the ticker finding stays and idemkeyperseries' go.
		dir := t.TempDir()
		if err := os.CopyFS(dir, os.DirFS(mod)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, ".reslint.yaml"), []byte("disable: [idemkeyperseries]\ntimerstop.strict: false\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		out, code := runGCL(ctx, t, custom, dir, filepath.Join(dir, ".golangci.yml"))
		got := gclFindings(t, out, dir)
		if code != 1 || !slices.ContainsFunc(got, func(f string) bool { return strings.HasPrefix(f, "app/app.go:35: timerstop: T1:") }) {
			t.Errorf(".golangci.yml's timerstop.strict does not override the file: exit %d\n%s", code, out)
		}
		for _, f := range got {
			if strings.Contains(f, ": idemkeyperseries: ") {
				t.Errorf("the file's disable: [idemkeyperseries] was not applied: %s", f)
			}
		}
		if !slices.ContainsFunc(standalone, func(f string) bool { return strings.Contains(f, ": idemkeyperseries: ") }) {
			t.Errorf("the reslint command finds no idemkeyperseries issue here, so disabling it is not tested")
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

	// The mirror serves custom's clone, and its work tree is the source
	// of the golangci-lint that runs custom.
	start := time.Now()
	mirror := gitMirror(ctx, t, cache, version)
	t.Logf("git mirror of golangci-lint %s from the module proxy: %s", version, time.Since(start).Round(time.Second))

	start = time.Now()
	gcl := bootstrapGolangci(ctx, t, cache, mirror, version)
	t.Logf("golangci-lint %s to run custom: %s", version, time.Since(start).Round(time.Second))

	env := []string{"GOWORK=off", trimpath()}
	if os.Getenv("RESLINT_E2E_GITHUB") != "1" {
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

// bootstrapGolangci returns a golangci-lint binary to run custom with,
// built once. By default it is built from the mirror's work tree (the
// module proxy's source of that version) as the main module, with
// -trimpath: custom builds golangci-lint again from its clone, also as the
// main module and with -trimpath, so its compile actions are the same and
// come from the build cache, and a cold run compiles golangci-lint once
// instead of twice. With RESLINT_E2E_GOINSTALL=1 it is go install'ed into
// a private GOBIN, the way the README tells users to (go install builds
// golangci-lint as a dependency module, so custom recompiles all of it).
func bootstrapGolangci(ctx context.Context, t *testing.T, cache, mirror, version string) string {
	how := "build"
	if os.Getenv("RESLINT_E2E_GOINSTALL") == "1" {
		how = "install"
	}
	dir := filepath.Join(cache, "golangci-lint-"+version+"-"+how)
	bin := filepath.Join(dir, "golangci-lint")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	var out string
	var err error
	if how == "install" {
		out, err = command(ctx, os.TempDir(), []string{"GOBIN=" + dir, "GOWORK=off", trimpath()},
			"go", "install", golangciModule+"/cmd/golangci-lint@"+version)
	} else {
		out, err = command(ctx, mirror, []string{"GOWORK=off", trimpath()},
			"go", "build", "-o", bin, "./cmd/golangci-lint")
	}
	if err != nil {
		t.Fatalf("go %s golangci-lint: %v\n%s", how, err, out)
	}
	return bin
}

// trimpath returns GOFLAGS with -trimpath added. Without it a package's
// compiled form depends on its directory, and custom clones into a new
// temporary directory each time, so every custom build would compile all
// of golangci-lint again.
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
// The plugin folds a diagnostic's related information into its message;
// golangci-lint would otherwise make each note an issue of its own, its
// analyzer shown as "analyzer(related information)", which the regexp
// still matches so that the test sees it.
// golangci-lint prints no analyzer name for the analyzer named like the
// linter (reslint's root analyzer, which reports directive problems).
var gclLine = regexp.MustCompile(`(?m)^(\S+\.go):(\d+):\d+: (?:(\w+(?:\(related information\))?): )?(.*) \(reslint\)$`)

// gclFindings returns the issues of out as "rel/file.go:line: analyzer:
// message", rel being relative to mod.
func gclFindings(t *testing.T, out, mod string) []string {
	var got []string
	for _, m := range gclLine.FindAllStringSubmatch(out, -1) {
		analyzer, msg := m[3], m[4]
		// The root analyzer's issues carry no analyzer name, and their
		// messages start with the rule id (directive: ...), which the
		// regexp takes for one.
		if r, ok := analysisdoc.RuleByID(analyzer); ok && r.Analyzer == "reslint" {
			analyzer, msg = "", analyzer+": "+msg
		}
		if analyzer == "" {
			analyzer = "reslint"
		}
		got = append(got, finding(t, mod, m[1], m[2], analyzer, msg))
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
	var exitErr *exec.ExitError
	if err != nil && !(errors.As(err, &exitErr) && exitErr.ExitCode() == 3) { // 3: findings
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
			type related struct {
				Posn    string `json:"posn"`
				Message string `json:"message"`
			}
			var diags []struct {
				related
				Category string    `json:"category"`
				Related  []related `json:"related"`
			}
			if err := json.Unmarshal(raw, &diags); err != nil {
				t.Fatalf("reslint -json: %s: %s", name, raw) // an {"error": ...} entry
			}
			add := func(analyzer string, d related) {
				m := posn.FindStringSubmatch(d.Posn)
				if m == nil {
					t.Fatalf("reslint -json: bad posn %q", d.Posn)
				}
				got = append(got, finding(t, mod, m[1], m[2], analyzer, d.Message))
			}
			// The plugin folds related notes into the message, as
			// "(file.go:line:col: note; ...)".
			notePosn := regexp.MustCompile(`^.+[/\\](.+\.go:\d+:\d+)$`)
			for _, d := range diags {
				var notes []string
				for _, r := range d.Related {
					m := notePosn.FindStringSubmatch(r.Posn)
					if m == nil {
						t.Fatalf("reslint -json: bad related posn %q", r.Posn)
					}
					notes = append(notes, m[1]+": "+r.Message)
				}
				if len(notes) > 0 {
					d.Message += " (" + strings.Join(notes, "; ") + ")"
				}
				// The plugin starts each message with its rule id
				// unless the rule is named like its analyzer.
				if d.Category != "" && d.Category != name {
					d.Message = d.Category + ": " + d.Message
				}
				add(name, d.related)
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
