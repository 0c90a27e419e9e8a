package main

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/reslint/reslint/internal/settings"
)

// Exit codes, the same in every output format.
const (
	exitClean    = 0
	exitError    = 1 // a package did not load, or an analyzer failed
	exitUsage    = 2
	exitFindings = 3
)

// options are the driver's own flags.
type options struct {
	format    string // text, json, sarif, github
	jsonOut   bool   // -json: the go vet JSON shape
	exitZero  bool
	tags      string
	generated bool
	tests     bool
	version   bool
	explain   string // -explain RULE: print the rule's documentation

	pathPrefix string // -format=github: in front of repository-relative paths

	dir       string // -C: run as if in this directory
	mod       string // -mod, as for the go command
	modfile   string // -modfile, as for the go command
	transport string // vet (the go command drives analysis) or load
	fix       bool   // apply the suggested fixes
	diff      bool   // print the suggested fixes as unified diffs
	baseline  baselineOptions
}

// finding is one diagnostic, resolved to positions.
type finding struct {
	pkg      string
	analyzer string
	rule     string
	posn     token.Position
	end      token.Position
	message  string
	related  []related
	fixes    []suggestedFix // as the analyzer suggested them; only the first is applied
}

type related struct {
	posn    token.Position
	message string
}

// drive runs the analyzers on the packages named by args with the
// driver's own output, and returns the exit code. It is used for every
// run except the go command's vet protocol (a .cfg file, -V, -flags),
// which the standard multichecker handles.
//
// By default the go command drives the analysis: drive runs
// go vet -vettool=<this binary> -json, so each package is analyzed in its
// own process from its dependencies' export data and facts files, in
// parallel, and the results are kept in the build cache (a re-run on
// unchanged packages costs almost nothing). -transport=load instead loads
// every package from source in this process with go/packages and the
// go/analysis checker; it needs no go command at analysis time beyond
// go list, and is kept because it costs nothing to keep (the checker is
// linked in for the vet protocol anyway), but it uses several times the
// memory of go vet on a large module and caches nothing.
func drive(analyzers []*analysis.Analyzer, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "help" {
		return help(analyzers, args[1:], stdout, stderr)
	}
	fs, o, enabled := newFlagSet(analyzers, stderr)
	// The configuration file first, so that the command line overrides it.
	cfgDisabled, code := applyConfigFile(analyzers, args, stderr)
	if code != exitClean {
		return code
	}
	// A mistyped flag gets the flag package's one line and a hint, not
	// the whole help; -h and -help get the help.
	fs.Usage = func() {}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			usage(fs, analyzers, stderr)
			return exitClean
		}
		fmt.Fprintln(stderr, "reslint: reslint help lists the flags and analyzers")
		return exitUsage
	}
	for _, a := range cfgDisabled {
		explicit := false
		fs.Visit(func(f *flag.Flag) { explicit = explicit || f.Name == a.Name })
		if !explicit {
			*enabled[a] = false
		}
	}
	if o.version {
		fmt.Fprintln(stdout, versionString())
		return exitClean
	}
	if o.explain != "" {
		return help(analyzers, append([]string{o.explain}, fs.Args()...), stdout, stderr)
	}
	if o.jsonOut {
		o.format = "json"
	}
	if !slices.Contains(formats, o.format) {
		fmt.Fprintf(stderr, "reslint: unknown -format %q: want text, json, sarif or github\n", o.format)
		return exitUsage
	}
	if o.transport != "vet" && o.transport != "load" {
		fmt.Fprintf(stderr, "reslint: unknown -transport %q: want vet or load\n", o.transport)
		return exitUsage
	}
	var run []*analysis.Analyzer
	for _, a := range analyzers {
		if *enabled[a] {
			run = append(run, a)
		}
	}
	patterns, ok := o.baseline.setup(fs.Args(), stderr)
	if !ok {
		return exitUsage
	}
	if len(patterns) == 0 {
		fmt.Fprintln(stderr, "reslint: no packages named; try reslint ./...")
		return exitUsage
	}
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(stderr, "reslint: %v\n", err)
		return exitError
	}
	if o.dir != "" {
		// Paths are shown relative to the -C directory, as the go
		// command shows them.
		if filepath.IsAbs(o.dir) {
			wd = o.dir
		} else {
			wd = filepath.Join(wd, o.dir)
		}
	}

	var findings []finding
	var failed bool
	var loadErrs []loadError // packages that did not load, also printed to stderr
	var analyzed []string    // nil: every package (baseline staleness, vet targets)
	if o.transport == "vet" {
		// The targets are listed while go vet runs: the tool reports
		// the findings of dependencies too (see vetproto.go), and only
		// the targets' are kept.
		listed := make(chan []string, 1)
		go func() { listed <- listPackages(*o, patterns) }()
		findings, analyzed, failed = runVet(*o, fs, analyzers, enabled, patterns, listed, &loadErrs, stderr)
	} else {
		findings, failed = runLoad(*o, run, patterns, wd, &loadErrs, stderr)
	}
	if !o.tests {
		findings = slices.DeleteFunc(findings, func(f finding) bool {
			return strings.HasSuffix(f.posn.Filename, "_test.go")
		})
	}
	findings = combinePlaces(findings) // C2 across sibling packages (places.go)
	sortFindings(findings)

	if o.fix || o.diff {
		return fixOrDiff(*o, findings, failed, wd, stdout, stderr)
	}
	if o.baseline.mode != "" && o.transport != "vet" {
		analyzed = listPackages(*o, patterns)
	}
	return report(*o, analyzers, findings, analyzed, loadErrs, failed, wd, stdout, stderr)
}

// newFlagSet declares the driver's flags and every analyzer's.
func newFlagSet(analyzers []*analysis.Analyzer, stderr io.Writer) (*flag.FlagSet, *options, map[*analysis.Analyzer]*bool) {
	fs := flag.NewFlagSet("reslint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := &options{}
	fs.StringVar(&o.format, "format", "text", "output format: text, json, sarif (code scanning) or github (workflow annotations)")
	fs.BoolVar(&o.jsonOut, "json", false, "JSON output (the go vet shape), as -format=json")
	fs.BoolVar(&o.exitZero, "exit-zero", false, "exit 0 even when there are findings (for upload-only jobs)")
	fs.StringVar(&o.tags, "tags", "", "comma-separated build tags, as for the go command")
	fs.StringVar(&o.dir, "C", "", "change to this directory before loading packages, as for the go command")
	fs.StringVar(&o.mod, "mod", "", "module download mode (readonly, vendor or mod), as for the go command")
	fs.StringVar(&o.modfile, "modfile", "", "read (and possibly write) this go.mod instead of the module root's, as for the go command")
	fs.BoolVar(&o.generated, "generated", false, "also report findings in generated files (// Code generated ... DO NOT EDIT.)")
	fs.BoolVar(&o.tests, "test", true, "load the packages' test files, as go vet does (what they show about helpers can make findings elsewhere more precise); -test=false also drops every finding in them. Findings in _test.go files are reported only with -reslint.tests")
	fs.BoolVar(&o.fix, "fix", false, "apply the first suggested fix of every finding; exit 3 if findings without a fix remain")
	fs.BoolVar(&o.diff, "diff", false, "print the suggested fixes as unified diffs instead of applying them; exit 3 if findings without a fix remain")
	fs.StringVar(&o.transport, "transport", "vet", "how packages are analyzed: vet (go vet drives this binary, with its cache) or load (all in this process)")
	fs.StringVar(&o.pathPrefix, "path-prefix", "", "with -format=github, put this `dir` in front of the paths, which are relative to the repository root (the directory with .git above the working directory, else the module's root)")
	fs.BoolVar(&o.version, "version", false, "print the version and exit")
	fs.StringVar(&o.explain, "explain", "", "print the documentation of a `rule` (N2, T1, ...) or analyzer, with an example, and exit (as reslint help RULE)")
	baselineFlags(fs, &o.baseline)
	enabled := analyzerFlags(fs, analyzers)
	// -rules is -reslint.rules (the root analyzer's setting, so that go
	// vet and golangci-lint select rules the same way), under a short name.
	if f := fs.Lookup("reslint.rules"); f != nil {
		fs.Var(f.Value, "rules", "the rules to report: all, rule ids (T2) and analyzer names (timerstop), each with - to turn it off, applied in order (all,-T2); as -reslint.rules")
	}
	fs.Usage = func() { usage(fs, analyzers, stderr) }
	return fs, o, enabled
}

// runLoad loads the packages with go/packages and analyzes them in this
// process.
func runLoad(o options, run []*analysis.Analyzer, patterns []string, wd string, loadErrs *[]loadError, stderr io.Writer) ([]finding, bool) {
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax | packages.NeedModule, // Pass.Module: the module-wide rules (C2, B2) need it
		Tests: o.tests,
		Dir:   o.dir,
	}
	cfg.BuildFlags = buildFlags(o)
	// go/packages asks the go command for its version with
	// GO111MODULE=off, where a -modfile in GOFLAGS is an error: module
	// flags move from GOFLAGS to the build flags.
	if goflags := os.Getenv("GOFLAGS"); strings.Contains(goflags, "-mod") {
		var keep []string
		for _, f := range strings.Fields(goflags) {
			if strings.HasPrefix(f, "-modfile=") || strings.HasPrefix(f, "-mod=") || strings.HasPrefix(f, "--modfile=") || strings.HasPrefix(f, "--mod=") {
				cfg.BuildFlags = append([]string{f}, cfg.BuildFlags...)
			} else {
				keep = append(keep, f)
			}
		}
		cfg.Env = append(os.Environ(), "GOFLAGS="+strings.Join(keep, " "))
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		fmt.Fprintf(stderr, "reslint: %v\n", err)
		return nil, true
	}
	// Packages that do not load are reported (once, as the go command
	// words it) and the others are still analyzed.
	*loadErrs = packageErrors(pkgs, wd)
	printLoadErrors(*loadErrs, stderr)
	loadFailed := len(*loadErrs) > 0
	setPlaces(run)
	g, err := checker.Analyze(run, pkgs, &checker.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "reslint: %v\n", err)
		return nil, true
	}
	findings, failed := collect(g, o.generated, stderr)
	return findings, failed || loadFailed
}

// listPackages returns the import paths the patterns name, for a baseline
// to tell an entry of a package left out of this run from a stale one;
// nil (every package) when the go command cannot list them.
func listPackages(o options, patterns []string) []string {
	args := []string{"list"}
	if o.dir != "" {
		args = append(args, "-C", o.dir)
	}
	args = append(args, "-e", "-f", "{{.ImportPath}}")
	args = append(args, buildFlags(o)...)
	args = append(args, "--")
	out, err := exec.Command("go", append(args, patterns...)...).Output()
	if err != nil {
		return nil
	}
	return strings.Fields(string(out))
}

// buildFlags are the go command flags that select and load packages.
func buildFlags(o options) []string {
	var flags []string
	if o.tags != "" {
		flags = append(flags, "-tags="+o.tags)
	}
	if o.mod != "" {
		flags = append(flags, "-mod="+o.mod)
	}
	if o.modfile != "" {
		flags = append(flags, "-modfile="+o.modfile)
	}
	return flags
}

// analyzerFlags registers -NAME (enable) and -NAME.FLAG for every
// analyzer, the same names as under go vet and in the golangci-lint
// plugin's settings.
func analyzerFlags(fs *flag.FlagSet, analyzers []*analysis.Analyzer) map[*analysis.Analyzer]*bool {
	enabled := map[*analysis.Analyzer]*bool{}
	for _, a := range analyzers {
		enabled[a] = fs.Bool(a.Name, true, "enable "+a.Name+" analysis")
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	return enabled
}

func usage(fs *flag.FlagSet, analyzers []*analysis.Analyzer, w io.Writer) {
	fmt.Fprint(w, `reslint finds resilience bugs: retries of cancelled requests, idempotency
keys generated per attempt, timers never stopped, child timeouts that cannot
fire, scattered retry decisions, breakers that count cancellations.

Usage:
  reslint [flags] packages...       analyze (exit 0 clean, 3 findings, 1 error, 2 usage)
  reslint -fix|-diff packages...    apply or show suggested fixes (exit 3 if findings without one remain)
  reslint -baseline=write FILE packages...   record the current findings in FILE
  reslint -baseline=FILE packages...         report only findings not in FILE
  reslint help [analyzer|rule]      the analyzers, or one analyzer's or rule's documentation (-explain RULE too)
  go vet -vettool=$(command -v reslint) packages...

Analyzers (-NAME=false turns one off; reslint help NAME for its documentation):
`)
	for _, a := range analyzers {
		fmt.Fprintf(w, "  %-18s %s\n", a.Name, summary(a))
	}
	fmt.Fprint(w, "\nSettings can also live in a .reslint.yaml at the module root (or in a package's\ndirectory), with the flags' names as keys; flags override it.\n")
	fmt.Fprint(w, "\nFlags:\n")
	fs.PrintDefaults()
}

// A loadError is a package that did not load or type-check: the go
// command's message (file:line:col: text, the path relative to the
// working directory), and the package it belongs to when known.
type loadError struct {
	pkg, msg string
}

// packageErrors returns each package error once, in order of package and
// message, with file names relative to wd as the go command shows them.
func packageErrors(pkgs []*packages.Package, wd string) []loadError {
	seen := map[string]bool{}
	var errs []loadError
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			m := e.Error()
			if file, rest, ok := strings.Cut(e.Pos, ":"); ok && filepath.IsAbs(file) {
				m = strings.Replace(m, e.Pos, rel(wd, token.Position{Filename: file})+":"+rest, 1)
			}
			if !seen[m] {
				seen[m] = true
				errs = append(errs, loadError{p.PkgPath, m})
			}
		}
	})
	slices.SortFunc(errs, func(a, b loadError) int { return cmp.Or(cmp.Compare(a.pkg, b.pkg), cmp.Compare(a.msg, b.msg)) })
	return errs
}

// printLoadErrors prints the errors as the go command does: a "# pkg"
// line, then its messages.
func printLoadErrors(errs []loadError, w io.Writer) {
	for i, e := range errs {
		if e.pkg != "" && (i == 0 || errs[i-1].pkg != e.pkg) {
			fmt.Fprintf(w, "# %s\n", e.pkg)
		}
		fmt.Fprintln(w, e.msg)
	}
}

// vetErrors picks the load errors out of what go vet printed besides the
// tool's JSON: "# pkg" starts a package's messages (the test variant
// "pkg [pkg.test]" is pkg), every other line is one, except the go
// command's progress lines (go: downloading ..., go: finding module ...,
// go: found ... in ...), which it prints while it resolves a module that
// then loads.
func vetErrors(text []byte) []loadError {
	var errs []loadError
	pkg := ""
	for line := range strings.SplitSeq(string(text), "\n") {
		line = strings.TrimRight(line, "\r")
		switch {
		case strings.TrimSpace(line) == "":
		case goProgress(line):
		case strings.HasPrefix(line, "# "):
			pkg, _, _ = strings.Cut(strings.TrimPrefix(line, "# "), " ")
		default:
			errs = append(errs, loadError{pkg, strings.TrimSpace(line)})
		}
	}
	return errs
}

// goProgress reports whether line is one of the go command's progress
// messages, not an error.
func goProgress(line string) bool {
	for _, p := range []string{"go: downloading ", "go: finding module for package ", "go: found ", "go: extracting "} {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	return false
}

// collect gathers the diagnostics of the root actions, skipping generated
// files unless asked, and merging the copies a package and its test
// variant both report. An analyzer error is printed and makes failed true.
func collect(g *checker.Graph, generated bool, stderr io.Writer) (out []finding, failed bool) {
	var m merger
	genFiles := map[string]bool{}
	for _, act := range g.Roots {
		if act.Err != nil {
			failed = true
			// A package that did not load has been reported with its
			// errors: not again per analyzer ("analysis skipped", "failed
			// prerequisites").
			if len(act.Package.Errors) == 0 && !act.Package.IllTyped {
				fmt.Fprintf(stderr, "reslint: %s on %s: %v\n", act.Analyzer.Name, act.Package.PkgPath, act.Err)
			}
			continue
		}
		for _, f := range act.Package.Syntax {
			if ast.IsGenerated(f) {
				genFiles[act.Package.Fset.File(f.FileStart).Name()] = true
			}
		}
		for _, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos)
			if !generated && genFiles[posn.Filename] {
				continue
			}
			f := finding{
				pkg:      act.Package.PkgPath,
				analyzer: act.Analyzer.Name,
				rule:     cmp.Or(d.Category, act.Analyzer.Name),
				posn:     posn,
				message:  d.Message,
			}
			if d.End.IsValid() {
				f.end = act.Package.Fset.Position(d.End)
			}
			for _, r := range d.Related {
				f.related = append(f.related, related{act.Package.Fset.Position(r.Pos), r.Message})
			}
			f.fixes = fixesOf(act.Package.Fset, d.SuggestedFixes)
			m.add(f, strings.Contains(act.Package.ID, " ["))
		}
	}
	out = m.out
	slices.SortFunc(out, func(a, b finding) int {
		return cmp.Or(
			cmp.Compare(a.posn.Filename, b.posn.Filename),
			cmp.Compare(a.posn.Line, b.posn.Line),
			cmp.Compare(a.posn.Column, b.posn.Column),
			cmp.Compare(a.rule, b.rule),
			cmp.Compare(a.message, b.message),
		)
	})
	return out, failed
}

// rel returns the file name relative to the working directory when it is
// below it.
func rel(wd string, p token.Position) string {
	if r, err := filepath.Rel(wd, p.Filename); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return p.Filename
}

func writeText(w io.Writer, fs []finding, wd string) {
	for _, f := range fs {
		fmt.Fprintf(w, "%s:%d:%d: %s: %s\n", rel(wd, f.posn), f.posn.Line, f.posn.Column, ruleAndAnalyzer(f), f.message)
		for _, r := range f.related {
			fmt.Fprintf(w, "\t%s:%d:%d: %s\n", rel(wd, r.posn), r.posn.Line, r.posn.Column, r.message)
		}
	}
}

// ruleAndAnalyzer names a finding's rule and analyzer for text output,
// "T1 timerstop", or the name once when the rule is named like its
// analyzer ("backoffjitter").
func ruleAndAnalyzer(f finding) string {
	if f.rule == f.analyzer {
		return f.rule
	}
	return f.rule + " " + f.analyzer
}

// repoRoot returns the directory that GitHub annotation paths are
// relative to: the nearest directory at or above dir that holds .git (a
// directory, or a file in a worktree or submodule), else the nearest that
// holds go.mod, else dir. GitHub resolves an annotation's file against
// the repository's root, whatever directory the job ran reslint in.
func repoRoot(dir string) string {
	for _, marker := range []string{".git", "go.mod"} {
		for d := dir; ; {
			if _, err := os.Stat(filepath.Join(d, marker)); err == nil {
				return d
			}
			parent := filepath.Dir(d)
			if parent == d {
				break
			}
			d = parent
		}
	}
	return dir
}

// writeGitHub prints GitHub Actions workflow commands: one annotation per
// finding, its related notes folded into the message. Paths are relative
// to root (see repoRoot), with prefix in front (-path-prefix: the
// directory of this repository inside the one the workflow checks out).
func writeGitHub(w io.Writer, fs []finding, root, prefix string) {
	wd := root
	rel := func(wd string, p token.Position) string {
		r := rel(wd, p)
		if prefix != "" && !filepath.IsAbs(r) {
			r = path.Join(filepath.ToSlash(prefix), filepath.ToSlash(r))
		}
		return filepath.ToSlash(r)
	}
	esc := strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	escProp := strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
	for _, f := range fs {
		msg := f.message
		for _, r := range f.related {
			msg += fmt.Sprintf("\n%s:%d:%d: %s", rel(wd, r.posn), r.posn.Line, r.posn.Column, r.message)
		}
		fmt.Fprintf(w, "::error file=%s,line=%d,col=%d,title=%s::%s\n",
			escProp.Replace(rel(wd, f.posn)), f.posn.Line, f.posn.Column, escProp.Replace("reslint/"+f.rule), esc.Replace(msg))
	}
}

// writeJSON prints the go vet JSON shape: package, then analyzer, then the
// list of diagnostics, each with its rule id as category and its
// suggested fixes.
//
// A package that did not load has, as go vet writes an analyzer's error,
// {"reslint": {"error": "..."}}: its messages, one a line (under the key
// "reslint" when the go command named no package).
func writeJSON(w io.Writer, fs []finding, loadErrs []loadError) {
	type jsonRelated struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	}
	type jsonEdit struct {
		Filename string `json:"filename"`
		Start    int    `json:"start"`
		End      int    `json:"end"`
		New      string `json:"new"`
	}
	type jsonFix struct {
		Message string     `json:"message"`
		Edits   []jsonEdit `json:"edits"`
	}
	type jsonDiag struct {
		Category       string        `json:"category,omitempty"`
		Posn           string        `json:"posn"`
		End            string        `json:"end,omitempty"`
		Message        string        `json:"message"`
		SuggestedFixes []jsonFix     `json:"suggested_fixes,omitempty"`
		Related        []jsonRelated `json:"related,omitempty"`
	}
	type jsonError struct {
		Err string `json:"error"`
	}
	tree := map[string]map[string]any{}
	for _, e := range loadErrs {
		pkg := cmp.Or(e.pkg, "reslint")
		if tree[pkg] == nil {
			tree[pkg] = map[string]any{}
		}
		je, _ := tree[pkg]["reslint"].(jsonError)
		if je.Err != "" {
			je.Err += "\n"
		}
		je.Err += e.msg
		tree[pkg]["reslint"] = je
	}
	for _, f := range fs {
		if tree[f.pkg] == nil {
			tree[f.pkg] = map[string]any{}
		}
		d := jsonDiag{Category: f.rule, Posn: f.posn.String(), Message: f.message}
		if f.end.IsValid() {
			d.End = f.end.String()
		}
		for _, r := range f.related {
			d.Related = append(d.Related, jsonRelated{r.posn.String(), r.message})
		}
		// As go vet -json gives them: byte offsets into the files.
		for _, fix := range f.fixes {
			jf := jsonFix{Message: fix.message, Edits: []jsonEdit{}}
			for _, e := range fix.edits {
				jf.Edits = append(jf.Edits, jsonEdit{e.filename, e.start, e.end, e.new})
			}
			d.SuggestedFixes = append(d.SuggestedFixes, jf)
		}
		diags, _ := tree[f.pkg][f.analyzer].([]jsonDiag)
		tree[f.pkg][f.analyzer] = append(diags, d)
	}
	b, _ := json.MarshalIndent(tree, "", "\t")
	fmt.Fprintln(w, string(b))
}

// version is the release this binary was built as, set when building a
// release: go build -ldflags "-X main.version=v0.1.0" ./cmd/reslint. A
// binary built from a clone without it says "devel".
var version = "devel"

// versionString is the release version (version, else the module version
// go install records for a tagged module), then the VCS revision and the
// Go version when the build recorded them.
func versionString() string {
	v := version
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "reslint " + v
	}
	if v == "devel" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		v = bi.Main.Version
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = " (modified)"
			}
		}
	}
	out := "reslint " + v
	if rev != "" {
		out += " " + rev + modified
	}
	return out + " " + bi.GoVersion
}

// applyConfigFile applies the settings of the configuration file that
// governs the directory reslint runs in (-C, else the working directory;
// see settings.Find) to the analyzers' flags, and returns the analyzers it
// disables. A file that does not parse or names an unknown setting is a
// usage error.
func applyConfigFile(analyzers []*analysis.Analyzer, args []string, stderr io.Writer) ([]*analysis.Analyzer, int) {
	dir, err := os.Getwd()
	if err != nil {
		return nil, exitClean // drive reports it
	}
	if c := flagValueIn(args, "C"); c != "" {
		if filepath.IsAbs(c) {
			dir = c
		} else {
			dir = filepath.Join(dir, c)
		}
	}
	file := settings.Find(dir)
	if file == "" {
		return nil, exitClean
	}
	raw, err := settings.Load(file)
	var on []*analysis.Analyzer
	if err == nil {
		on, err = settings.Configure(analyzers, raw)
	}
	if err != nil {
		fmt.Fprintf(stderr, "reslint: %s: %v\n", file, err)
		return nil, exitUsage
	}
	var off []*analysis.Analyzer
	for _, a := range analyzers {
		if !slices.Contains(on, a) {
			off = append(off, a)
		}
	}
	return off, exitClean
}

// flagValueIn returns the value of the string flag name among the flags
// that precede the packages ("-C dir" or "-C=dir"), or "".
func flagValueIn(args []string, name string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "--" {
			break
		}
		n, v, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if n != name {
			continue
		}
		if hasValue {
			return v
		}
		if i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}
