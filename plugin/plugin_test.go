package plugin

import (
	"flag"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/reslint/reslint"
	"github.com/reslint/reslint/internal/retryscope"
)

// fakeFlags is a small suite with the shapes that matter for name
// resolution: flags only one analyzer has (retryfuncs, budget), one that
// two analyzers share (strict), and an analyzer without flags (gamma).
type fakeFlags struct {
	retryfuncs         string
	strictA, strictB   bool
	budget             time.Duration
	attempts           int
	alpha, beta, gamma *analysis.Analyzer
	all                []*analysis.Analyzer
}

func fakes() *fakeFlags {
	f := new(fakeFlags)
	f.alpha = &analysis.Analyzer{Name: "alpha"}
	f.alpha.Flags.StringVar(&f.retryfuncs, "retryfuncs", "", "")
	f.alpha.Flags.BoolVar(&f.strictA, "strict", false, "")
	f.beta = &analysis.Analyzer{Name: "beta"}
	f.beta.Flags.BoolVar(&f.strictB, "strict", false, "")
	f.beta.Flags.DurationVar(&f.budget, "budget", time.Second, "")
	f.beta.Flags.IntVar(&f.attempts, "attempts", 3, "")
	f.gamma = &analysis.Analyzer{Name: "gamma"}
	f.all = []*analysis.Analyzer{f.alpha, f.beta, f.gamma}
	return f
}

func names(as []*analysis.Analyzer) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}

func TestConfigureValid(t *testing.T) {
	f := fakes()
	got, err := configure(f.all, map[string]any{
		"retryfuncs":   []any{"example.com/r.Do", "example.com/r.(*C).Run"},
		"alpha.strict": true,
		// The nested form golangci-lint's loader turns dotted keys into.
		"beta":     map[string]any{"strict": true, "budget": "2s"},
		"Attempts": float64(5), // keys are matched without case
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"alpha", "beta", "gamma"}; !slices.Equal(names(got), want) {
		t.Errorf("analyzers = %v, want %v", names(got), want)
	}
	if f.retryfuncs != "example.com/r.Do,example.com/r.(*C).Run" {
		t.Errorf("retryfuncs = %q", f.retryfuncs)
	}
	if !f.strictA || !f.strictB {
		t.Errorf("strict = %v, %v; want both true", f.strictA, f.strictB)
	}
	if f.budget != 2*time.Second || f.attempts != 5 {
		t.Errorf("budget, attempts = %v, %d; want 2s, 5", f.budget, f.attempts)
	}
}

func TestConfigureEmpty(t *testing.T) {
	f := fakes()
	for _, s := range []map[string]any{nil, {}, {"disable": nil}} {
		got, err := configure(f.all, s)
		if err != nil {
			t.Fatalf("%v: %v", s, err)
		}
		if len(got) != len(f.all) {
			t.Errorf("%v: got %v, want all analyzers", s, names(got))
		}
	}
}

func TestConfigureDisable(t *testing.T) {
	for _, disable := range []any{[]any{"beta", "Gamma"}, "beta, gamma"} {
		f := fakes()
		got, err := configure(f.all, map[string]any{"disable": disable, "beta.strict": true})
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"alpha"}; !slices.Equal(names(got), want) {
			t.Errorf("disable %v: analyzers = %v, want %v", disable, names(got), want)
		}
		// A disabled analyzer's flags can still be set: the command line
		// accepts -beta=false -beta.strict=true too.
		if !f.strictB {
			t.Errorf("beta.strict not set")
		}
	}
}

func TestConfigureErrors(t *testing.T) {
	for _, tc := range []struct {
		settings map[string]any
		want     string // substring of the error
	}{
		{map[string]any{"nosuch": "x"}, `"nosuch": unknown setting; known settings are alpha.retryfuncs, alpha.strict, attempts, beta.attempts`},
		{map[string]any{"delta.strict": true}, `unknown analyzer "delta"`},
		{map[string]any{"gamma.strict": true}, `analyzer gamma has no flag "strict"`},
		{map[string]any{"strict": true}, "ambiguous: several analyzers have this flag; write one of alpha.strict, beta.strict"},
		{map[string]any{"beta": false}, `beta is an analyzer, not a setting; to turn it off, list it under "disable"`},
		{map[string]any{"disable": []any{"beta", "delta"}}, `unknown analyzer "delta"; known analyzers are alpha, beta, gamma`},
		{map[string]any{"disable": 3.0}, "want a list of strings"},
		{map[string]any{"disable": []any{map[string]any{}}}, "is not a string"},
		{map[string]any{"beta.budget": "soon"}, `"beta.budget": invalid value "soon" for beta.budget`},
		{map[string]any{"attempts": 2.5}, `invalid value "2.5" for beta.attempts`},
		{map[string]any{"alpha.strict": "maybe"}, `invalid value "maybe" for alpha.strict`},
		{map[string]any{"retryfuncs": []any{1.0, map[string]any{}}}, "is not a string"},
		{map[string]any{"retryfuncs": nil}, "no value"},
		{map[string]any{"alpha.retryfuncs": "a", "retryfuncs": "b"}, "both set alpha.retryfuncs"},
		{map[string]any{"alpha.strict": true, "alpha": map[string]any{"strict": false}}, "given twice"},
	} {
		f := fakes()
		_, err := configure(f.all, tc.settings)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want it to contain %q", tc.settings, err, tc.want)
		}
	}
}

// A rejected value must not leave earlier settings half applied.
func TestConfigureRollback(t *testing.T) {
	f := fakes()
	_, err := configure(f.all, map[string]any{
		"alpha.retryfuncs": "example.com/r.Do", // sorted first: set, then undone
		"beta.budget":      "never",
	})
	if err == nil {
		t.Fatal("no error")
	}
	if f.retryfuncs != "" || f.budget != time.Second {
		t.Errorf("after a failed configure: retryfuncs=%q budget=%v, want defaults", f.retryfuncs, f.budget)
	}
}

// saveFlags records every flag of the real suite and restores it when the
// test ends: the flags are global, and other tests in this binary (and the
// order they run in) must not see this test's settings.
func saveFlags(t *testing.T) {
	type saved struct {
		f *flag.Flag
		v string
	}
	var all []saved
	for _, a := range reslint.Analyzers() {
		a.Flags.VisitAll(func(f *flag.Flag) { all = append(all, saved{f, f.Value.String()}) })
	}
	t.Cleanup(func() {
		for _, s := range all {
			if err := s.f.Value.Set(s.v); err != nil {
				t.Errorf("restoring %s: %v", s.f.Name, err)
			}
		}
	})
}

// TestRegistered goes through golangci-lint's door: the plugin is found by
// name, and its settings arrive as the untyped value the YAML loader makes.
func TestRegistered(t *testing.T) {
	saveFlags(t)
	newPlugin, err := register.GetPlugin("reslint")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(map[string]any{"retryfuncs": "example.com/r.Do"})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("load mode %q", got)
	}
	got, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if want := names(reslint.Analyzers()); !slices.Equal(names(got), want) {
		t.Errorf("analyzers %v, want the suite %v", names(got), want)
	}
	if f := retryscope.Analyzer.Flags.Lookup("retryfuncs"); f == nil || f.Value.String() != "example.com/r.Do" {
		t.Errorf("retryfuncs not set through the plugin: %v", f)
	}

	if _, err := newPlugin(map[string]any{"nosuch": 1}); err == nil {
		t.Error("unknown setting accepted")
	}
	// DecodeSettings wants a map: anything else is an error, not a panic.
	if _, err := newPlugin([]any{"x"}); err == nil {
		t.Error("list settings accepted")
	}
	if _, err := newPlugin(nil); err != nil {
		t.Errorf("no settings: %v", err)
	}
}

// TestSuiteSettings checks every flag of the real suite, whatever analyzers
// it holds by now: each is reachable by its qualified name (set to its
// current value, which must round-trip), and each bare name resolves to
// its flag or is reported as ambiguous. Each analyzer can be disabled.
func TestSuiteSettings(t *testing.T) {
	saveFlags(t)
	all := reslint.Analyzers()
	count := make(map[string]int)
	for _, a := range all {
		a.Flags.VisitAll(func(f *flag.Flag) { count[f.Name]++ })
	}
	for _, a := range all {
		a.Flags.VisitAll(func(f *flag.Flag) {
			v := f.Value.String()
			if _, err := configure(all, map[string]any{a.Name + "." + f.Name: v}); err != nil {
				t.Errorf("%s.%s=%q: %v", a.Name, f.Name, v, err)
			}
			_, err := configure(all, map[string]any{f.Name: v})
			if count[f.Name] == 1 && err != nil {
				t.Errorf("bare %s=%q: %v", f.Name, v, err)
			}
			if count[f.Name] > 1 && (err == nil || !strings.Contains(err.Error(), "ambiguous")) {
				t.Errorf("bare %s shared by %d analyzers: error %v, want ambiguous", f.Name, count[f.Name], err)
			}
			t.Logf("setting %s.%s (default %q): %s", a.Name, f.Name, f.DefValue, f.Usage)
		})
		got, err := configure(all, map[string]any{"disable": []any{a.Name}})
		if err != nil {
			t.Fatal(err)
		}
		if slices.Contains(got, a) || len(got) != len(all)-1 {
			t.Errorf("disable %s: got %v", a.Name, names(got))
		}
	}
	// The suite-wide setting the README names by its bare form.
	if _, err := configure(all, map[string]any{"retryfuncs": "example.com/r.Do"}); err != nil {
		t.Errorf("retryfuncs: %v", err)
	}
}

// The reslint command is also go vet's -vettool; it must not link
// golangci-lint's register package, which only this package imports.
func TestCommandDoesNotLinkRegister(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command("go", "list", "-deps", "../cmd/reslint").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	if strings.Contains(string(out), "github.com/golangci/plugin-module-register") {
		t.Error("cmd/reslint links github.com/golangci/plugin-module-register; only package plugin may import it")
	}
}

// TestFoldRelated: a finding and its related notes reach golangci-lint as
// one diagnostic, so that one //nolint covers them all.
func TestFoldRelated(t *testing.T) {
	fset := token.NewFileSet()
	f := fset.AddFile("/src/app/x.go", -1, 100)
	f.SetLines([]int{0, 10, 20, 30})
	a := &analysis.Analyzer{Name: "fake", Doc: "fake", Run: func(pass *analysis.Pass) (any, error) {
		pass.Report(analysis.Diagnostic{Pos: f.Pos(12), Message: "ticker t is not stopped", Related: []analysis.RelatedInformation{
			{Pos: f.Pos(22), Message: "this return leaves t running"},
			{Pos: f.Pos(31), Message: "and this one"},
		}})
		pass.Reportf(f.Pos(1), "no notes")
		pass.Report(analysis.Diagnostic{Pos: f.Pos(2), Category: "T1", Message: "a rule of its own"})
		pass.Report(analysis.Diagnostic{Pos: f.Pos(3), Category: "fake", Message: "the rule named like the analyzer"})
		return nil, nil
	}}
	foldRelated(a)
	foldRelated(a) // once however often
	var got []analysis.Diagnostic
	if _, err := a.Run(&analysis.Pass{Fset: fset, Report: func(d analysis.Diagnostic) { got = append(got, d) }}); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"ticker t is not stopped (x.go:3:3: this return leaves t running; x.go:4:2: and this one)",
		"no notes",
		"T1: a rule of its own",
		"the rule named like the analyzer",
	}
	if len(got) != len(want) {
		t.Fatalf("got %d diagnostics, want %d: %+v", len(got), len(want), got)
	}
	for i, d := range got {
		if d.Message != want[i] || len(d.Related) != 0 {
			t.Errorf("diagnostic %d: %q with %d related, want %q and none", i, d.Message, len(d.Related), want[i])
		}
	}
}

// TestNewFoldsSuite runs the suite the plugin hands golangci-lint on
// timerstop's fixtures: its findings with a related note come as one
// diagnostic each, the note in the message.
func TestNewFoldsSuite(t *testing.T) {
	saveFlags(t)
	p, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	gopath, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	var env []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k != "GOPATH" && k != "GO111MODULE" && k != "GOFLAGS" {
			env = append(env, kv)
		}
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: gopath, Env: append(env, "GOPATH="+gopath, "GO111MODULE=off")}
	pkgs, err := packages.Load(cfg, "timerstop/t1")
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("load: %v %v", err, pkgs)
	}
	g, err := checker.Analyze(as, pkgs, &checker.Options{})
	if err != nil {
		t.Fatal(err)
	}
	folded := 0
	for _, act := range g.Roots {
		for _, d := range act.Diagnostics {
			if len(d.Related) > 0 {
				t.Errorf("%s: %q still has related notes", act.Analyzer.Name, d.Message)
			}
			if regexp.MustCompile(`\(\w+\.go:\d+:\d+: `).MatchString(d.Message) {
				folded++
			}
		}
	}
	if folded == 0 {
		t.Error("no timerstop finding with a folded note on timerstop/t1")
	}
}

// TestConfigFile: the plugin applies the .reslint.yaml of the directory
// golangci-lint runs in, and the settings from .golangci.yml override it.
func TestConfigFile(t *testing.T) {
	saveFlags(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/cfg\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	file := "retryscope:\n  retryfuncs: [example.com/r.Do, example.com/r.Again]\ndisable: [timerstop]\ntimerstop.strict: true\n"
	if err := os.WriteFile(filepath.Join(dir, ".reslint.yaml"), []byte(file), 0o666); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	p, err := New(map[string]any{"timerstop.strict": false})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := p.BuildAnalyzers()
	if slices.Contains(names(got), "timerstop") {
		t.Errorf("the file's disable: [timerstop] was not applied: %v", names(got))
	}
	if f := retryscope.Analyzer.Flags.Lookup("retryfuncs"); f.Value.String() != "example.com/r.Do,example.com/r.Again" {
		t.Errorf("retryfuncs = %q, want the file's", f.Value.String())
	}
	for _, a := range reslint.Analyzers() {
		if a.Name == "timerstop" {
			if v := a.Flags.Lookup("strict").Value.String(); v != "false" {
				t.Errorf("timerstop.strict = %s: .golangci.yml's false does not override the file", v)
			}
		}
	}
	if err := os.WriteFile(filepath.Join(dir, ".reslint.yaml"), []byte("retryscope.nosuch: 1\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if _, err := New(nil); err == nil || !strings.Contains(err.Error(), ".reslint.yaml") || !strings.Contains(err.Error(), `"retryscope.nosuch"`) {
		t.Errorf("bad key in the file: err = %v", err)
	}
}
