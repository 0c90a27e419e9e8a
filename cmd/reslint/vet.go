package main

import (
	"github.com/reslint/reslint/analyzers/classifiercentral"

	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// runVet has the go command drive the analysis: it runs
// go vet -vettool=<this binary> -json on the patterns, lets the go
// command's own errors (packages that do not load or type-check) through
// to stderr as it prints them, and turns the JSON diagnostics into
// findings. failed reports a go vet error or an analyzer error.
//
// The tool runs with -complete (see vetproto.go), so it reports the
// findings of dependencies as well, and those of the packages the patterns
// name are kept: listed delivers their import paths (from go list, run
// meanwhile; nil keeps everything), which runVet returns as targets.
func runVet(o options, fs *flag.FlagSet, analyzers []*analysis.Analyzer, enabled map[*analysis.Analyzer]*bool, patterns []string, listed <-chan []string, loadErrs *[]loadError, stderr io.Writer) (findings []finding, targets []string, failed bool) {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "reslint: cannot find this binary for go vet -vettool: %v\n", err)
		return nil, <-listed, true
	}
	args := []string{"vet"}
	if o.dir != "" {
		args = append(args, "-C", o.dir) // the go command wants -C first
	}
	args = append(args, "-vettool="+exe, "-json", "-"+completeFlag)
	args = append(args, buildFlags(o)...)
	args = append(args, toolFlags(fs, analyzers, enabled)...)
	// The tool reads .reslint.yaml itself, which the go command's cache
	// key does not cover: its digest, as a flag, does.
	dir, _ := os.Getwd()
	if o.dir != "" {
		dir = o.dir
		if !filepath.IsAbs(dir) {
			wd, _ := os.Getwd()
			dir = filepath.Join(wd, dir)
		}
	}
	if digest := configDigest(dir); digest != "" {
		args = append(args, "-"+configHashFlag+"="+digest)
	}
	args = append(args, "--")
	args = append(args, patterns...)

	cmd := exec.Command("go", args...)
	var out bytes.Buffer
	cmd.Stdout = &out
	// Before Go 1.26 the tool's JSON came on stderr, mixed with the go
	// command's errors; since then it comes on stdout. Both are parsed.
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	runErr := cmd.Run()
	targets = <-listed
	var exitErr *exec.ExitError
	if runErr != nil && !errors.As(runErr, &exitErr) {
		fmt.Fprintf(stderr, "reslint: go vet: %v\n", runErr)
		return nil, targets, true
	}
	trees, rest := splitJSON(errOut.Bytes())
	stdoutTrees, junk := splitJSON(out.Bytes())
	trees = append(stdoutTrees, trees...)
	stderr.Write(junk)
	stderr.Write(rest)
	*loadErrs = vetErrors(append(junk, rest...))
	failed = runErr != nil

	gen := generatedFiles{}
	var m merger
	for _, tree := range trees {
		var byPkg map[string]map[string]json.RawMessage
		if err := json.Unmarshal(tree, &byPkg); err != nil {
			fmt.Fprintf(stderr, "reslint: cannot parse go vet output: %v\n", err)
			failed = true
			continue
		}
		for id, byAnalyzer := range byPkg {
			if !isTarget(id, targets) {
				continue
			}
			// "p [p.test]" is the test variant of p; the findings
			// belong to p, as under -transport=load.
			pkg, _, _ := strings.Cut(id, " ")
			for name, raw := range byAnalyzer {
				var res vetResult
				if err := json.Unmarshal(raw, &res.diags); err != nil {
					if json.Unmarshal(raw, &res.err) != nil || res.err.Err == "" {
						fmt.Fprintf(stderr, "reslint: cannot parse go vet output for %s: %s\n", id, raw)
						failed = true
						continue
					}
					fmt.Fprintf(stderr, "reslint: %s on %s: %s\n", name, pkg, res.err.Err)
					failed = true
					continue
				}
				for _, d := range res.diags {
					f := d.finding(pkg, name)
					if !o.generated && gen.is(f.posn.Filename) {
						continue
					}
					m.add(f, strings.Contains(id, " ["))
				}
			}
		}
	}
	findings = m.out
	sortFindings(findings)
	return findings, targets, failed
}

// merger keeps one finding per position and rule. A package and its test
// variant ("p [p.test]", compiled with the _test.go files) both report
// the findings of p's own files, and the messages may differ where they
// count or name what the test files add: the plain package's finding is
// kept, as a run without tests reports it.
type merger struct {
	at  map[string]int // position and rule -> index in out
	out []finding
	// variant[i] is set when out[i] came from a test variant.
	variant []bool
}

func (m *merger) add(f finding, fromVariant bool) {
	if m.at == nil {
		m.at = map[string]int{}
	}
	key := fmt.Sprintf("%s\x00%s", f.posn, f.rule)
	i, ok := m.at[key]
	switch {
	case !ok:
		m.at[key] = len(m.out)
		m.out = append(m.out, f)
		m.variant = append(m.variant, fromVariant)
	case m.variant[i] && !fromVariant:
		m.out[i], m.variant[i] = f, false
	}
}

// isTarget reports whether the go vet package id ("p", "p [p.test]" or
// "p_test [p.test]") belongs to one of the target import paths; every id
// does when targets is nil.
func isTarget(id string, targets []string) bool {
	if targets == nil {
		return true
	}
	pkg, variant, _ := strings.Cut(id, " ")
	if slices.Contains(targets, pkg) {
		return true
	}
	// The external test package of a target p is p_test, vetted as part
	// of p.test.
	base, ok := strings.CutSuffix(pkg, "_test")
	return ok && variant == "["+base+".test]" && slices.Contains(targets, base)
}

// toolFlags are the analyzer flags to pass to the vet tool: -NAME=false
// for each disabled analyzer (so the others still run, as in this
// driver) and every -NAME.FLAG set on the command line.
func toolFlags(fs *flag.FlagSet, analyzers []*analysis.Analyzer, enabled map[*analysis.Analyzer]*bool) []string {
	var out []string
	for _, a := range analyzers {
		if !*enabled[a] {
			out = append(out, "-"+a.Name+"=false")
		} else if a == classifiercentral.Analyzer {
			out = append(out, "-"+placesFlag+"=true") // for combinePlaces
		}
	}
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "rules" { // the short name of -reslint.rules
			out = append(out, "-reslint.rules="+f.Value.String())
			return
		}
		name, _, ok := strings.Cut(f.Name, ".")
		if ok && slices.ContainsFunc(analyzers, func(a *analysis.Analyzer) bool { return a.Name == name }) {
			out = append(out, "-"+f.Name+"="+f.Value.String())
		}
	})
	return out
}

// splitJSON separates the JSON objects the vet tool printed, each
// starting with a line "{" (or "{}") at the start of a line, from the rest
// of the text.
func splitJSON(b []byte) (trees [][]byte, rest []byte) {
	lines := bytes.SplitAfter(b, []byte("\n"))
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch strings.TrimRight(string(l), "\r\n") {
		case "{}":
			continue
		case "{":
			start := i
			for i < len(lines) && strings.TrimRight(string(lines[i]), "\r\n") != "}" {
				i++
			}
			if i == len(lines) {
				// Unterminated: not ours; pass it through.
				rest = append(rest, bytes.Join(lines[start:], nil)...)
				return trees, rest
			}
			trees = append(trees, bytes.Join(lines[start:i+1], nil))
		default:
			rest = append(rest, l...)
		}
	}
	return trees, rest
}

// vetResult is what the vet tool reports for one analyzer on one
// package: diagnostics, or an error.
type vetResult struct {
	diags []vetDiag
	err   struct {
		Err string `json:"error"`
	}
}

type vetDiag struct {
	Category       string    `json:"category"`
	Posn           string    `json:"posn"`
	End            string    `json:"end"`
	Message        string    `json:"message"`
	SuggestedFixes []vetFix  `json:"suggested_fixes"`
	Related        []vetNote `json:"related"`
}

type vetNote struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
}

type vetFix struct {
	Message string `json:"message"`
	Edits   []struct {
		Filename string `json:"filename"`
		Start    int    `json:"start"`
		End      int    `json:"end"`
		New      string `json:"new"`
	} `json:"edits"`
}

func (d vetDiag) finding(pkg, analyzer string) finding {
	f := finding{
		pkg:      pkg,
		analyzer: analyzer,
		rule:     cmp.Or(d.Category, analyzer),
		posn:     parsePosn(d.Posn),
		message:  d.Message,
	}
	if d.End != "" && d.End != d.Posn {
		// go vet writes an end equal to the start for a diagnostic
		// without one; the in-process transport leaves it unset.
		f.end = parsePosn(d.End)
	}
	for _, r := range d.Related {
		f.related = append(f.related, related{parsePosn(r.Posn), r.Message})
	}
	for _, sf := range d.SuggestedFixes {
		fix := suggestedFix{message: sf.Message}
		for _, e := range sf.Edits {
			fix.edits = append(fix.edits, textEdit{e.Filename, e.Start, e.End, e.New})
		}
		f.fixes = append(f.fixes, fix)
	}
	return f
}

// parsePosn parses "file:line:col" (or "file:line", or "file"); the file
// name may itself hold colons.
func parsePosn(s string) token.Position {
	var p token.Position
	rest := s
	var nums []int
	for range 2 {
		i := strings.LastIndexByte(rest, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(rest[i+1:])
		if err != nil {
			break
		}
		nums = append(nums, n)
		rest = rest[:i]
	}
	p.Filename = rest
	switch len(nums) {
	case 2:
		p.Line, p.Column = nums[1], nums[0]
	case 1:
		p.Line = nums[0]
	}
	return p
}

// generatedFiles remembers which files start with a
// "// Code generated ... DO NOT EDIT." comment before their package
// clause.
type generatedFiles map[string]bool

func (g generatedFiles) is(name string) bool {
	gen, ok := g[name]
	if !ok {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.PackageClauseOnly|parser.ParseComments)
		gen = err == nil && ast.IsGenerated(f)
		g[name] = gen
	}
	return gen
}

// sortFindings orders findings by position, then rule and message.
func sortFindings(out []finding) {
	slices.SortFunc(out, func(a, b finding) int {
		return cmp.Or(
			cmp.Compare(a.posn.Filename, b.posn.Filename),
			cmp.Compare(a.posn.Line, b.posn.Line),
			cmp.Compare(a.posn.Column, b.posn.Column),
			cmp.Compare(a.rule, b.rule),
			cmp.Compare(a.message, b.message),
		)
	})
}
