package main

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"io"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
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
	fixes    []fix
}

type related struct {
	posn    token.Position
	message string
}

// drive runs the analyzers on the packages named by args with the
// driver's own output, and returns the exit code. It is used for every
// run except the go command's vet protocol and -fix/-diff, which the
// standard multichecker handles.
func drive(analyzers []*analysis.Analyzer, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("reslint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.StringVar(&o.format, "format", "text", "output format: text, json, sarif (code scanning) or github (workflow annotations)")
	fs.BoolVar(&o.jsonOut, "json", false, "JSON output (the go vet shape), as -format=json")
	fs.BoolVar(&o.exitZero, "exit-zero", false, "exit 0 even when there are findings (for upload-only jobs)")
	fs.StringVar(&o.tags, "tags", "", "comma-separated build tags, as for the go command")
	fs.BoolVar(&o.generated, "generated", false, "also report findings in generated files (// Code generated ... DO NOT EDIT.)")
	fs.BoolVar(&o.tests, "test", true, "also analyze the packages' test files")
	fs.BoolVar(&o.version, "version", false, "print the version and exit")
	baselineFlags(fs, &o.baseline)
	enabled := analyzerFlags(fs, analyzers)
	fs.Usage = func() { usage(fs, stderr) }
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return exitClean
		}
		return exitUsage
	}
	if o.version {
		fmt.Fprintln(stdout, versionString())
		return exitClean
	}
	if o.jsonOut {
		o.format = "json"
	}
	if !slices.Contains(formats, o.format) {
		fmt.Fprintf(stderr, "reslint: unknown -format %q: want text, json, sarif or github\n", o.format)
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

	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax,
		Tests: o.tests,
	}
	if o.tags != "" {
		cfg.BuildFlags = append(cfg.BuildFlags, "-tags="+o.tags)
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		fmt.Fprintf(stderr, "reslint: %v\n", err)
		return exitError
	}
	// Packages that do not load are reported (once, as the go command
	// words it) and the others are still analyzed.
	loadFailed := printLoadErrors(pkgs, stderr) > 0
	g, err := checker.Analyze(run, pkgs, &checker.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "reslint: %v\n", err)
		return exitError
	}
	findings, failed := collect(g, o.generated, stderr)
	var analyzed []string
	for _, p := range pkgs {
		analyzed = append(analyzed, p.PkgPath)
	}
	return report(o, analyzers, findings, analyzed, failed || loadFailed, stdout, stderr)
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

func usage(fs *flag.FlagSet, w io.Writer) {
	fmt.Fprint(w, `reslint finds resilience bugs: retries of cancelled requests, idempotency
keys generated per attempt, timers never stopped, child timeouts that cannot
fire, scattered retry decisions, breakers that count cancellations.

Usage:
  reslint [flags] packages...       analyze (exit 0 clean, 3 findings, 1 error, 2 usage)
  reslint -fix|-diff packages...    apply or show suggested fixes
  reslint -baseline=write FILE packages...   record the current findings in FILE
  reslint -baseline=FILE packages...         report only findings not in FILE
  reslint help [analyzer]           the analyzers and their documentation
  go vet -vettool=$(command -v reslint) packages...

Flags:
`)
	fs.PrintDefaults()
}

// printLoadErrors prints each package error once, as the go command
// would, and returns how many there were.
func printLoadErrors(pkgs []*packages.Package, w io.Writer) int {
	seen := map[string]bool{}
	var msgs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			if m := e.Error(); !seen[m] {
				seen[m] = true
				msgs = append(msgs, m)
			}
		}
	})
	slices.Sort(msgs)
	for _, m := range msgs {
		fmt.Fprintln(w, m)
	}
	return len(msgs)
}

// collect gathers the diagnostics of the root actions, skipping generated
// files unless asked, and merging the copies a package and its test
// variant both report. An analyzer error is printed and makes failed true.
func collect(g *checker.Graph, generated bool, stderr io.Writer) (out []finding, failed bool) {
	seen := map[string]bool{}
	genFiles := map[string]bool{}
	for _, act := range g.Roots {
		if act.Err != nil {
			fmt.Fprintf(stderr, "reslint: %s on %s: %v\n", act.Analyzer.Name, act.Package.PkgPath, act.Err)
			failed = true
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
			for _, sf := range d.SuggestedFixes {
				fx := fix{message: sf.Message}
				for _, e := range sf.TextEdits {
					fx.edits = append(fx.edits, edit{act.Package.Fset.Position(e.Pos), act.Package.Fset.Position(cmp.Or(e.End, e.Pos)), string(e.NewText)})
				}
				f.fixes = append(f.fixes, fx)
			}
			key := fmt.Sprintf("%s\x00%s\x00%s", posn, f.rule, f.message)
			if !seen[key] {
				seen[key] = true
				out = append(out, f)
			}
		}
	}
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
		fmt.Fprintf(w, "%s:%d:%d: %s %s: %s\n", rel(wd, f.posn), f.posn.Line, f.posn.Column, f.rule, f.analyzer, f.message)
		for _, r := range f.related {
			fmt.Fprintf(w, "\t%s:%d:%d: %s\n", rel(wd, r.posn), r.posn.Line, r.posn.Column, r.message)
		}
	}
}

// writeGitHub prints GitHub Actions workflow commands: one annotation per
// finding, its related notes folded into the message.
func writeGitHub(w io.Writer, fs []finding, wd string) {
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
// list of diagnostics, each with its rule id as category.
func writeJSON(w io.Writer, fs []finding, wd string) {
	type jsonRelated struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	}
	type jsonDiag struct {
		Category string        `json:"category,omitempty"`
		Posn     string        `json:"posn"`
		End      string        `json:"end,omitempty"`
		Message  string        `json:"message"`
		Related  []jsonRelated `json:"related,omitempty"`
	}
	tree := map[string]map[string][]jsonDiag{}
	for _, f := range fs {
		if tree[f.pkg] == nil {
			tree[f.pkg] = map[string][]jsonDiag{}
		}
		d := jsonDiag{Category: f.rule, Posn: f.posn.String(), Message: f.message}
		if f.end.IsValid() {
			d.End = f.end.String()
		}
		for _, r := range f.related {
			d.Related = append(d.Related, jsonRelated{r.posn.String(), r.message})
		}
		tree[f.pkg][f.analyzer] = append(tree[f.pkg][f.analyzer], d)
	}
	b, _ := json.MarshalIndent(tree, "", "\t")
	fmt.Fprintln(w, string(b))
}

// versionString is the module version and VCS revision from build info.
func versionString() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "reslint (unknown version)"
	}
	v := bi.Main.Version
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
	out := "reslint " + cmp.Or(v, "(devel)")
	if rev != "" {
		out += " " + rev + modified
	}
	return out + " " + bi.GoVersion
}
