package main_test

// End-to-end tests: build the reslint binary and run it the ways a user
// does — standalone (text, -json, -fix) and as go vet's -vettool — on the
// small module in testdata/mod. The retry helper lives in package retry and
// its caller in package app, so a finding in app proves that the helper's
// fact crossed the package boundary in both drivers.

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

var bin string // the reslint binary, built once by TestMain

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "reslint-e2e")
	if err != nil {
		panic(err)
	}
	bin = filepath.Join(dir, "reslint")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		os.RemoveAll(dir)
		panic("go build: " + err.Error() + "\n" + string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// want lists the findings expected on testdata/mod, as
// "file.go:line: analyzer: message substring".
var want = []finding{
	{"app.go", 30, "reslint", "has no reason"},
	// The helper is in package retry: this finding needs its fact.
	{"app.go", 21, "idemkeyperseries", "idempotency key is generated inside the retry closure"},
	{"legacy.go", 11, "timerstop", "ticker t is not stopped before the return at line 15"},
}

type finding struct {
	file     string
	line     int
	analyzer string
	msg      string
}

// run runs the binary in testdata/mod and returns its output and exit code.
func run(t *testing.T, dir string, name string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		code = ee.ExitCode()
	default:
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return o.String(), e.String(), code
}

var textLine = regexp.MustCompile(`([^\s:]+\.go):(\d+):\d+: (.*)`)

// matchText checks that every wanted finding appears in text-mode output
// and that nothing else does.
func matchText(t *testing.T, out string) {
	t.Helper()
	var got []string
	for line := range strings.SplitSeq(out, "\n") {
		m := textLine.FindStringSubmatch(line)
		if m == nil || strings.HasPrefix(line, "\t") || strings.HasPrefix(m[3], "\t") {
			continue // related information of the finding above
		}
		got = append(got, filepath.Base(m[1])+":"+m[2]+": "+m[3])
	}
	for _, w := range want {
		prefix := w.file + ":" + strconv.Itoa(w.line) + ": "
		i := slices.IndexFunc(got, func(g string) bool {
			return strings.HasPrefix(g, prefix) && strings.Contains(g, w.msg)
		})
		if i < 0 {
			t.Errorf("missing finding %s%s in output:\n%s", prefix, w.msg, out)
			continue
		}
		got = slices.Delete(got, i, i+1)
	}
	for _, g := range got {
		t.Errorf("unexpected finding: %s", g)
	}
}

const pkgs = "./app/... ./retry/... ./clean/... ./timers/..."

func TestStandaloneText(t *testing.T) {
	stdout, stderr, code := run(t, "testdata/mod", bin, strings.Fields(pkgs)...)
	if code != 3 {
		t.Errorf("exit code %d with findings, want 3; stderr:\n%s", code, stderr)
	}
	matchText(t, stdout)
	// Each line names the rule id and the analyzer, with a relative path,
	// sorted by file and position.
	for _, line := range []string{
		"app/app.go:21:37: I1 idemkeyperseries: idempotency key is generated inside the retry closure",
		"timers/legacy.go:11:7: T1 timerstop: ticker t is not stopped",
		"\ttimers/legacy.go:15:4: this return leaves t running",
	} {
		if !strings.Contains(stdout, line) {
			t.Errorf("text output lacks %q:\n%s", line, stdout)
		}
	}
	if i, j := strings.Index(stdout, "app/app.go:21"), strings.Index(stdout, "app/app.go:30"); i < 0 || j < 0 || i > j {
		t.Errorf("text output is not sorted by position:\n%s", stdout)
	}
}

// TestFormats checks the GitHub annotations format, -exit-zero, the exit
// status of every format, and that output is the same whatever
// GOMAXPROCS is.
func TestFormats(t *testing.T) {
	gh, _, code := run(t, "testdata/mod", bin, "-format=github", "./app/...")
	if code != 3 {
		t.Errorf("-format=github exit %d, want 3", code)
	}
	// Paths are relative to the repository root: this repository's.
	if want := "::error file=cmd/reslint/testdata/mod/app/app.go,line=21,col=37,title=reslint/I1::idempotency key is generated inside the retry closure"; !strings.Contains(gh, want) {
		t.Errorf("-format=github output lacks %q:\n%s", want, gh)
	}
	if _, _, code := run(t, "testdata/mod", bin, "-exit-zero", "./app/..."); code != 0 {
		t.Errorf("-exit-zero exit %d, want 0", code)
	}
	// A mistyped flag: one line and a hint, not the whole help.
	if _, stderr, code := run(t, "testdata/mod", bin, "-frobnicate", "./app/..."); code != 2 || strings.Count(stderr, "\n") != 2 || !strings.Contains(stderr, "-frobnicate") || !strings.Contains(stderr, "reslint help") {
		t.Errorf("unknown flag: exit %d, stderr %q; want 2, the flag named and a hint, on two lines", code, stderr)
	}
	if _, _, code := run(t, "testdata/mod", bin, "-format=xml", "./app/..."); code != 2 {
		t.Errorf("unknown format: exit %d, want 2", code)
	}
	if _, _, code := run(t, "testdata/mod", bin); code != 2 {
		t.Errorf("no packages: exit %d, want 2", code)
	}
	a, _, _ := run(t, "testdata/mod", bin, strings.Fields(pkgs)...)
	cmd := exec.Command(bin, strings.Fields(pkgs)...)
	cmd.Dir, cmd.Env = "testdata/mod", append(os.Environ(), "GOMAXPROCS=1")
	b, _ := cmd.Output()
	if a != string(b) {
		t.Errorf("output differs under GOMAXPROCS=1:\n%s\n---\n%s", a, b)
	}
}

// TestGeneratedAndTags: findings in generated files are dropped unless
// -generated is set, and -tags reaches package loading.
func TestGeneratedAndTags(t *testing.T) {
	out, _, code := run(t, "testdata/mod", bin, "./gen")
	if code != 0 || out != "" {
		t.Errorf("generated file: exit %d, output %q; want 0 and nothing", code, out)
	}
	out, _, code = run(t, "testdata/mod", bin, "-generated", "./gen")
	if code != 3 || !strings.Contains(out, "gen/gen.go") {
		t.Errorf("-generated: exit %d, output %q; want 3 and the finding", code, out)
	}
	out, _, code = run(t, "testdata/mod", bin, "./tagged")
	if code != 0 || out != "" {
		t.Errorf("tagged package without -tags: exit %d, output %q", code, out)
	}
	out, _, code = run(t, "testdata/mod", bin, "-tags=extra", "./tagged")
	if code != 3 || !strings.Contains(out, "tagged/extra.go") {
		t.Errorf("-tags=extra: exit %d, output %q; want 3 and the finding in the tagged file", code, out)
	}
}

func TestVersion(t *testing.T) {
	out, _, code := run(t, "testdata/mod", bin, "-version")
	if code != 0 || !strings.HasPrefix(out, "reslint ") {
		t.Errorf("-version: exit %d, output %q", code, out)
	}
}

func TestStandaloneClean(t *testing.T) {
	stdout, stderr, code := run(t, "testdata/mod", bin, "./clean")
	if code != 0 || stdout != "" || stderr != "" {
		t.Errorf("clean package: exit %d, stdout %q, stderr %q; want 0 and no output", code, stdout, stderr)
	}
}

func TestStandaloneLoadError(t *testing.T) {
	_, stderr, code := run(t, "testdata/mod", bin, "./broken")
	if code != 1 {
		t.Errorf("exit code %d on a type error, want 1", code)
	}
	if !strings.Contains(stderr, "broken.go") {
		t.Errorf("the load error is not shown; stderr:\n%s", stderr)
	}
	// Both transports: the compile error once, as the go command prints
	// it, and in -json and SARIF too.
	for _, tr := range []string{"-transport=vet", "-transport=load"} {
		_, stderr, code := run(t, "testdata/mod", bin, tr, "./broken")
		if code != 1 || stderr != "# example.com/e2e/broken\nbroken/broken.go:4:23: cannot use \"not an int\" (untyped string constant) as int value in return statement\n" {
			t.Errorf("%s ./broken: exit %d, stderr:\n%s", tr, code, stderr)
		}
		out, _, code := run(t, "testdata/mod", bin, tr, "-json", "./broken", "./timers")
		var tree map[string]map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &tree); code != 1 || err != nil {
			t.Fatalf("%s -json: exit %d, %v:\n%s", tr, code, err, out)
		}
		var e struct {
			Err string `json:"error"`
		}
		if json.Unmarshal(tree["example.com/e2e/broken"]["reslint"], &e); !strings.HasPrefix(e.Err, "broken/broken.go:4:23: cannot use") || tree["example.com/e2e/timers"]["timerstop"] == nil {
			t.Errorf("%s -json: the load error is not there as {\"error\": ...}, or the other package's findings are missing:\n%s", tr, out)
		}
		out, _, code = run(t, "testdata/mod", bin, tr, "-format=sarif", "./broken")
		var log struct {
			Runs []struct {
				Invocations []struct {
					ExecutionSuccessful        bool `json:"executionSuccessful"`
					ToolExecutionNotifications []struct {
						Level   string `json:"level"`
						Message struct {
							Text string `json:"text"`
						} `json:"message"`
						Locations []struct {
							PhysicalLocation struct {
								ArtifactLocation struct {
									URI string `json:"uri"`
								} `json:"artifactLocation"`
								Region struct {
									StartLine int `json:"startLine"`
								} `json:"region"`
							} `json:"physicalLocation"`
						} `json:"locations"`
					} `json:"toolExecutionNotifications"`
				} `json:"invocations"`
			} `json:"runs"`
		}
		if err := json.Unmarshal([]byte(out), &log); err != nil || code != 1 || len(log.Runs) != 1 || len(log.Runs[0].Invocations) != 1 {
			t.Fatalf("%s -format=sarif: exit %d, %v:\n%s", tr, code, err, out)
		}
		inv := log.Runs[0].Invocations[0]
		if inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) != 1 {
			t.Fatalf("%s -format=sarif: invocation %+v, want unsuccessful with one notification", tr, inv)
		}
		n := inv.ToolExecutionNotifications[0]
		if n.Level != "error" || !strings.Contains(n.Message.Text, "cannot use") || len(n.Locations) != 1 || n.Locations[0].PhysicalLocation.ArtifactLocation.URI != "broken/broken.go" || n.Locations[0].PhysicalLocation.Region.StartLine != 4 {
			t.Errorf("%s -format=sarif: notification %+v", tr, n)
		}
	}
}

func TestStandaloneJSON(t *testing.T) {
	stdout, stderr, code := run(t, "testdata/mod", bin, append([]string{"-json"}, strings.Fields(pkgs)...)...)
	if code != 3 {
		// Findings exit 3 in every format.
		t.Errorf("-json exit code %d, want 3; stderr:\n%s", code, stderr)
	}
	// {"pkgpath": {"analyzer": [{"posn": "file:line:col", "message": ...}]}}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &tree); err != nil {
		t.Fatalf("-json output is not a JSON object: %v\n%s", err, stdout)
	}
	var got []finding
	for _, byAnalyzer := range tree {
		for name, raw := range byAnalyzer {
			var diags []struct {
				Posn     string `json:"posn"`
				Message  string `json:"message"`
				Category string `json:"category"`
			}
			if json.Unmarshal(raw, &diags) != nil {
				continue // an {"error": ...} entry
			}
			for _, d := range diags {
				if d.Category == "" {
					t.Errorf("-json finding without a category (rule id): %+v", d)
				}
				m := regexp.MustCompile(`([^/]+\.go):(\d+):`).FindStringSubmatch(d.Posn)
				if m == nil {
					t.Fatalf("bad posn %q", d.Posn)
				}
				line, _ := strconv.Atoi(m[2])
				got = append(got, finding{m[1], line, name, d.Message})
			}
		}
	}
	for _, w := range want {
		i := slices.IndexFunc(got, func(g finding) bool {
			return g.file == w.file && g.line == w.line && g.analyzer == w.analyzer && strings.Contains(g.msg, w.msg)
		})
		if i < 0 {
			t.Errorf("-json lacks %+v; got %+v", w, got)
			continue
		}
		got = slices.Delete(got, i, i+1)
	}
	for _, g := range got {
		t.Errorf("unexpected -json finding %+v", g)
	}
}

// TestVetTool runs reslint through go vet; the findings must be the same
// as standalone.
func TestVetTool(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	_, stderr, code := run(t, "testdata/mod", "go", append([]string{"vet", "-vettool=" + bin}, strings.Fields(pkgs)...)...)
	if code == 0 {
		t.Errorf("go vet exit code 0 with findings; stderr:\n%s", stderr)
	}
	matchText(t, stderr)
}

// TestFix applies the suggested fixes on a copy of the module and compares
// the result with the .golden files.
func TestFix(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/mod")); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := run(t, dir, bin, "-fix", "./timers")
	if code != 0 {
		t.Fatalf("-fix exit code %d with every finding fixed, want 0; stderr:\n%s", code, stderr)
	}
	goldens, _ := filepath.Glob("testdata/mod/*/*.golden")
	if len(goldens) == 0 {
		t.Fatal("no .golden files")
	}
	for _, g := range goldens {
		want, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel("testdata/mod", strings.TrimSuffix(g, ".golden"))
		got, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s after -fix:\n%s\nwant:\n%s", rel, got, want)
		}
	}
	// Fixed code has nothing more to say.
	_, stderr, code = run(t, dir, bin, "./timers")
	if code != 0 {
		t.Errorf("after -fix: exit %d, stderr:\n%s", code, stderr)
	}
}

// TestFixExitCodes: -fix and -diff exit 3 while findings without a fix
// remain (and show them), 0 when every finding was fixed, 1 on errors;
// -diff prints a unified diff and writes nothing.
func TestFixExitCodes(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/mod")); err != nil {
		t.Fatal(err)
	}
	orig, _ := os.ReadFile(filepath.Join(dir, "timers", "legacy.go"))
	stdout, stderr, code := run(t, dir, bin, "-diff", "./timers")
	if code != 0 {
		t.Errorf("-diff with every finding fixable: exit %d, want 0; stderr:\n%s", code, stderr)
	}
	for _, want := range []string{"--- a/timers/legacy.go\n+++ b/timers/legacy.go\n@@ -9,6 +9,7 @@\n", "\n+\tdefer t.Stop()\n"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("-diff output lacks %q:\n%s", want, stdout)
		}
	}
	if now, _ := os.ReadFile(filepath.Join(dir, "timers", "legacy.go")); string(now) != string(orig) {
		t.Errorf("-diff changed the file")
	}
	// app has a fixable I1 and a directive finding no fix covers.
	stdout, stderr, code = run(t, dir, bin, "-diff", "./app")
	if code != 3 || !strings.Contains(stdout, "+\tidempotencyKey := rand.Text()") || !strings.Contains(stderr, "app/app.go:30:1: directive") {
		t.Errorf("-diff with an unfixable finding: exit %d, want 3, the diff and the finding on stderr; stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	_, stderr, code = run(t, dir, bin, "-fix", "./app")
	if code != 3 || !strings.Contains(stderr, "app/app.go:30:1: directive") || strings.Contains(stderr, "I1") {
		t.Errorf("-fix with an unfixable finding: exit %d, want 3 and only the unfixed finding; stderr:\n%s", code, stderr)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "app", "app.go")); !strings.Contains(string(b), "idempotencyKey := rand.Text()") {
		t.Errorf("-fix did not apply the I1 fix:\n%s", b)
	}
	if _, _, code = run(t, dir, bin, "-fix", "./broken"); code != 1 {
		t.Errorf("-fix on a package that does not type-check: exit %d, want 1", code)
	}
	// Generated files are not fixed unless -generated.
	if stdout, _, code = run(t, dir, bin, "-diff", "./gen"); code != 0 || stdout != "" {
		t.Errorf("-diff on a generated file: exit %d, output %q; want 0 and nothing", code, stdout)
	}
}

// TestBuildFlags: -C, -modfile and GOFLAGS reach package loading in both
// transports. The module's go.mod is unreadable; the real one is alt.mod.
func TestBuildFlags(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/mod")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, "go.mod"), filepath.Join(dir, "alt.mod")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("not a go.mod\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, transport := range []string{"vet", "load"} {
		tr := "-transport=" + transport
		if _, _, code := run(t, dir, bin, tr, "./timers"); code != 1 {
			t.Errorf("%s: broken go.mod without -modfile: exit %d, want 1", tr, code)
		}
		out, stderr, code := run(t, dir, bin, tr, "-modfile=alt.mod", "./timers")
		if code != 3 || !strings.HasPrefix(out, "timers/legacy.go:11:7: T1 timerstop:") {
			t.Errorf("%s -modfile=alt.mod: exit %d, output %q; stderr:\n%s", tr, code, out, stderr)
		}
		cmd := exec.Command(bin, tr, "./timers")
		cmd.Dir, cmd.Env = dir, append(os.Environ(), "GOFLAGS=-modfile=alt.mod")
		b, _ := cmd.Output()
		if string(b) != out {
			t.Errorf("%s with GOFLAGS=-modfile=alt.mod: output %q, want %q", tr, b, out)
		}
		// -C: paths relative to the -C directory, as the go command
		// shows them.
		cmd = exec.Command(bin, "-C", dir, tr, "-modfile=alt.mod", "./timers")
		b, _ = cmd.Output()
		if string(b) != out {
			t.Errorf("%s -C %s: output %q, want %q", tr, dir, b, out)
		}
	}
}

// TestTransports: both transports report the same, and analyzer flags
// reach the vet tool.
func TestTransports(t *testing.T) {
	vet, _, code1 := run(t, "testdata/mod", bin, strings.Fields(pkgs)...)
	load, _, code2 := run(t, "testdata/mod", bin, append([]string{"-transport=load"}, strings.Fields(pkgs)...)...)
	if vet != load || code1 != code2 {
		t.Errorf("transports differ: vet (exit %d):\n%s\nload (exit %d):\n%s", code1, vet, code2, load)
	}
	out, _, code := run(t, "testdata/mod", bin, "-timerstop=false", "-idemkeyperseries=false", "./app", "./timers")
	if code != 3 || strings.Contains(out, "timerstop") || strings.Contains(out, "idemkeyperseries") || !strings.Contains(out, "directive reslint") {
		t.Errorf("-timerstop=false -idemkeyperseries=false: exit %d, output:\n%s", code, out)
	}
	// Rules by id, in both transports and under go vet.
	for _, tr := range []string{"-transport=vet", "-transport=load"} {
		out, stderr, code := run(t, "testdata/mod", bin, tr, "-rules=all,-T1", "./app", "./timers")
		if code != 3 || strings.Contains(out, " T1 ") || !strings.Contains(out, " I1 ") || !strings.Contains(out, " directive ") {
			t.Errorf("%s -rules=all,-T1: exit %d, output:\n%s%s", tr, code, out, stderr)
		}
		out, stderr, code = run(t, "testdata/mod", bin, tr, "-rules=T1", "./app", "./timers")
		if code != 3 || !strings.HasPrefix(out, "timers/legacy.go:11:7: T1 ") || strings.Contains(out, "app.go") {
			t.Errorf("%s -rules=T1: exit %d, output:\n%s%s", tr, code, out, stderr)
		}
	}
	if _, stderr, code := run(t, "testdata/mod", bin, "-rules=all,-T99", "./app"); code != 2 || !strings.Contains(stderr, `unknown rule or analyzer "T99"`) {
		t.Errorf("-rules=all,-T99: exit %d, want 2 naming T99; stderr:\n%s", code, stderr)
	}
	if _, stderr, code := run(t, "testdata/mod", "go", "vet", "-vettool="+bin, "-reslint.rules=-T1,-directive", "./app", "./timers"); code == 0 || strings.Contains(stderr, "T1:") || strings.Contains(stderr, "directive:") || !strings.Contains(stderr, "I1: idempotency key") {
		t.Errorf("go vet -reslint.rules=-T1,-directive: exit %d, stderr:\n%s", code, stderr)
	}
	if _, _, code := run(t, "testdata/mod", bin, "-transport=carrier", "./app"); code != 2 {
		t.Errorf("unknown transport: exit %d, want 2", code)
	}
}

// TestHelp: the help is reslint's own, lists each analyzer once with its
// summary, and help NAME prints that analyzer's documentation.
func TestHelp(t *testing.T) {
	out, _, code := run(t, "testdata/mod", bin, "help")
	if code != 0 || !strings.HasPrefix(out, "reslint finds resilience bugs") {
		t.Errorf("help: exit %d, output:\n%s", code, out)
	}
	if !regexp.MustCompile(`(?m)^  timerstop +report timers and tickers`).MatchString(out) || strings.Contains(out, "timerstop: ") || strings.Contains(out, "timerstop timerstop") {
		t.Errorf("help does not list timerstop once with its summary:\n%s", out)
	}
	if !strings.Contains(out, "-fix") || !strings.Contains(out, "-timerstop.strict") {
		t.Errorf("help lacks the flags:\n%s", out)
	}
	_, stderr, code := run(t, "testdata/mod", bin, "-h")
	if code != 0 || !strings.HasPrefix(stderr, "reslint finds resilience bugs") {
		t.Errorf("-h: exit %d, stderr:\n%s", code, stderr)
	}
	out, _, code = run(t, "testdata/mod", bin, "help", "timerstop")
	if code != 0 || !strings.HasPrefix(out, "timerstop: report timers and tickers") || !strings.Contains(out, "Go 1.23 changed timers") || !strings.Contains(out, "-timerstop.strict") {
		t.Errorf("help timerstop: exit %d, output:\n%s", code, out)
	}
	if _, _, code := run(t, "testdata/mod", bin, "help", "nosuch"); code != 2 {
		t.Errorf("help nosuch: exit %d, want 2", code)
	}
	// A rule id: its text, the code reported and the code fixed; -explain
	// is the same, and ids are not case-sensitive.
	out, _, code = run(t, "testdata/mod", bin, "help", "N2")
	for _, want := range []string{"N2 (noretrycanceled): retry loop ignores its context\n", "after the\ncaller cancels", "\nReported:\n\n\tfunc fetch", "time.Sleep(", "\nFixed:\n\n\tfunc fetch", "case <-ctx.Done():", "docs/rules.md#n2"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("help N2: exit %d, output lacks %q:\n%s", code, want, out)
		}
	}
	if explain, _, code := run(t, "testdata/mod", bin, "-explain", "n2"); code != 0 || explain != out {
		t.Errorf("-explain n2: exit %d, output differs from help N2:\n%s", code, explain)
	}
	out, _, code = run(t, "testdata/mod", bin, "help", "T1")
	if code != 0 || !strings.Contains(out, "Reported (in code for Go 1.22):") || !strings.Contains(out, "defer t.Stop()") {
		t.Errorf("help T1: exit %d, output:\n%s", code, out)
	}
	// The vet protocol still answers go vet's questions.
	out, _, code = run(t, "testdata/mod", bin, "-V=full")
	if code != 0 || !strings.Contains(out, "buildID=") {
		t.Errorf("-V=full: exit %d, output %q", code, out)
	}
}

// TestGitHubPaths: -format=github paths are relative to the repository
// root (the directory with .git, else the module root) whatever the
// working directory or -C, with -path-prefix in front.
func TestGitHubPaths(t *testing.T) {
	repo := t.TempDir()
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o777); err != nil {
		t.Fatal(err)
	}
	svc := filepath.Join(repo, "svc")
	if err := os.CopyFS(svc, os.DirFS("testdata/mod")); err != nil {
		t.Fatal(err)
	}
	noVCS := t.TempDir()
	if err := os.CopyFS(noVCS, os.DirFS("testdata/mod")); err != nil {
		t.Fatal(err)
	}
	elsewhere := t.TempDir()
	for _, c := range []struct {
		dir  string
		args []string
		file string
	}{
		{svc, []string{"./timers"}, "svc/timers/legacy.go"},
		{filepath.Join(svc, "timers"), []string{"."}, "svc/timers/legacy.go"},
		{elsewhere, []string{"-C", svc, "./timers"}, "svc/timers/legacy.go"},
		{filepath.Join(svc, "timers"), []string{"-path-prefix=mono/", "."}, "mono/svc/timers/legacy.go"},
		{filepath.Join(noVCS, "timers"), []string{"."}, "timers/legacy.go"},
	} {
		out, stderr, code := run(t, c.dir, bin, append([]string{"-format=github"}, c.args...)...)
		if want := "::error file=" + c.file + ",line=11,col=7,title=reslint/T1::"; code != 3 || !strings.HasPrefix(out, want) {
			t.Errorf("in %s, reslint -format=github %v: exit %d, output %q, want it to start with %q; stderr:\n%s", c.dir, c.args, code, out, want, stderr)
		}
	}
}

// TestFixOutsideMainModule: -fix leaves a dependency's files alone (here
// a module replaced by a directory next to the main one), says so, and
// counts its findings as unfixed.
func TestFixOutsideMainModule(t *testing.T) {
	dir := t.TempDir()
	dep := filepath.Join(dir, "dep")
	if err := os.CopyFS(dep, os.DirFS("testdata/mod")); err != nil {
		t.Fatal(err)
	}
	main := filepath.Join(dir, "main")
	if err := os.MkdirAll(main, 0o777); err != nil {
		t.Fatal(err)
	}
	gomod := "module example.com/main\n\ngo 1.26\n\nrequire example.com/e2e v0.0.0\n\nreplace example.com/e2e => ../dep\n"
	if err := os.WriteFile(filepath.Join(main, "go.mod"), []byte(gomod), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(main, "main.go"), []byte("package main\n\nimport _ \"example.com/e2e/timers\"\n\nfunc main() {}\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	orig, _ := os.ReadFile(filepath.Join(dep, "timers", "legacy.go"))
	_, stderr, code := run(t, main, bin, "-fix", "example.com/e2e/timers")
	if code != 3 || !strings.Contains(stderr, "not fixing package example.com/e2e/timers: it is outside the main module") || !strings.Contains(stderr, "legacy.go:11:7: T1 timerstop:") {
		t.Errorf("-fix on a dependency: exit %d, want 3, the skip message and the unfixed finding; stderr:\n%s", code, stderr)
	}
	if now, _ := os.ReadFile(filepath.Join(dep, "timers", "legacy.go")); string(now) != string(orig) {
		t.Errorf("-fix changed a file outside the main module:\n%s", now)
	}
}

// TestConfigFile: .reslint.yaml, found from each package's directory up
// to the module root, applies in the reslint command (both transports)
// and under go vet; the command line overrides it; a bad key stops the
// run naming it; and an edited file is not answered from go vet's cache.
func TestConfigFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/mod")); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, ".reslint.yaml")
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(name, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write(cfg, "# no T1 here\nrules: all,-T1\n")
	for _, tr := range []string{"-transport=vet", "-transport=load"} {
		out, stderr, code := run(t, dir, bin, tr, "./app", "./timers")
		if code != 3 || strings.Contains(out, " T1 ") || !strings.Contains(out, " I1 ") {
			t.Errorf("%s with rules: all,-T1 in the file: exit %d, output:\n%s%s", tr, code, out, stderr)
		}
		out, _, _ = run(t, dir, bin, tr, "-rules=all", "./timers")
		if !strings.Contains(out, " T1 ") {
			t.Errorf("%s: -rules=all does not override the file:\n%s", tr, out)
		}
	}
	if _, stderr, code := run(t, dir, "go", "vet", "-vettool="+bin, "./app", "./timers"); code == 0 || strings.Contains(stderr, "T1:") || !strings.Contains(stderr, "I1:") {
		t.Errorf("go vet with the file: exit %d, stderr:\n%s", code, stderr)
	}

	// A file in a package's directory governs that package.
	write(cfg, "rules: all\n")
	write(filepath.Join(dir, "app", ".reslint.yaml"), "disable: [idemkeyperseries]\n")
	out, stderr, code := run(t, dir, bin, "./app", "./timers")
	if code != 3 || strings.Contains(out, " I1 ") || !strings.Contains(out, " T1 ") {
		t.Errorf("app/.reslint.yaml disabling idemkeyperseries: exit %d, output:\n%s%s", code, out, stderr)
	}
	// Edited: the cache does not answer with the old settings.
	write(filepath.Join(dir, "app", ".reslint.yaml"), "rules: all\n")
	if out, _, _ := run(t, dir, bin, "./app"); !strings.Contains(out, " I1 ") {
		t.Errorf("after app/.reslint.yaml was edited, I1 is still missing (an old cached result):\n%s", out)
	}

	// A bad key: named, with the valid ones listed, in every door.
	write(cfg, "timerstop:\n  strickt: true\n")
	_, stderr, code = run(t, dir, bin, "./timers")
	if code != 2 || !strings.Contains(stderr, ".reslint.yaml") || !strings.Contains(stderr, `"timerstop.strickt"`) || !strings.Contains(stderr, "timerstop.strict") {
		t.Errorf("bad key: exit %d, want 2 naming the key and listing the valid ones; stderr:\n%s", code, stderr)
	}
	// Plain go vet keys its cache without the file (see docs/cache.md):
	// a package it has not vetted yet shows the error.
	fresh := filepath.Join(dir, "fresh")
	if err := os.Mkdir(fresh, 0o777); err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(fresh, "fresh.go"), "// Package fresh is new to go vet's cache: "+strconv.FormatInt(time.Now().UnixNano(), 36)+"\npackage fresh\n")
	if _, stderr, code := run(t, dir, "go", "vet", "-vettool="+bin, "./fresh"); code == 0 || !strings.Contains(stderr, `"timerstop.strickt"`) {
		t.Errorf("go vet, bad key: exit %d, stderr:\n%s", code, stderr)
	}
}

// TestSiblingPackages: C2 across packages of one module that do not
// import each other is found by the command's module-wide step, in both
// transports; go vet -vettool sees one package and its imports only. In
// testdata/siblings, download, upload and quiet each keep their own
// transient statuses, and sync imports upload and decides again; dial
// decides on errnos only (another kind of failure: no copy), and a test
// file of download retries on a status (test files are not judged).
func TestSiblingPackages(t *testing.T) {
	c2 := func(out string) []string {
		var got []string
		for line := range strings.SplitSeq(out, "\n") {
			if m := textLine.FindStringSubmatch(line); m != nil && strings.HasPrefix(m[3], "C2") {
				got = append(got, m[1]+":"+m[2])
			}
		}
		return got
	}
	// sync's finding needs upload's fact; upload's needs the module-wide
	// step (download is the first place; quiet's is silenced by a
	// directive, and counted).
	want := []string{"sync/sync.go:23", "upload/upload.go:18"}
	for _, tr := range []string{"-transport=vet", "-transport=load"} {
		out, stderr, code := run(t, "testdata/siblings", bin, tr, "./...")
		if got := c2(out); code != 3 || !slices.Equal(got, want) {
			t.Errorf("%s: exit %d, C2 findings %v, want %v; output:\n%s%s", tr, code, got, want, out, stderr)
		}
		if !strings.Contains(out, "scattered over 4 functions (download/download.go:19, quiet/quiet.go:19, sync/sync.go:23)") ||
			strings.Contains(out, "dial/dial.go:21") || strings.Contains(out, "a_test.go") ||
			strings.Contains(out, "classifiercentral-place") || strings.Contains(out, "silences nothing") {
			t.Errorf("%s: the combined finding should name the other places, and no record or stale directive show; output:\n%s", tr, out)
		}
	}
	// Packages named one by one: the step combines what the run analyzed.
	out, _, _ := run(t, "testdata/siblings", bin, "./download", "./quiet")
	if got := c2(out); len(got) != 0 {
		t.Errorf("download and a silenced place: C2 findings %v, want none; output:\n%s", got, out)
	}
	if _, err := exec.LookPath("go"); err != nil {
		return
	}
	_, stderr, _ := run(t, "testdata/siblings", "go", "vet", "-vettool="+bin, "./...")
	if got := c2(stderr); !slices.Equal(got, want[:1]) || strings.Contains(stderr, "silences nothing") {
		t.Errorf("go vet -vettool: C2 findings %v, want %v (one package and its imports) and no stale directive; stderr:\n%s", got, want[:1], stderr)
	}
}
