// Command reslint runs the reslint analyzers.
//
// Standalone:
//
//	reslint [-format=text|json|sarif|github] [-json] [-exit-zero] [-generated] [-baseline=FILE]
//	        [-C dir] [-tags=...] [-mod=...] [-modfile=...] [-transport=vet|load]
//	        [-<analyzer>=false] [-<analyzer>.<flag>=...] packages...
//	reslint -fix|-diff packages...
//	reslint help [analyzer|rule]     (or -explain RULE)
//	reslint -inventory [-format=text|json] packages...
//	reslint -version
//
// The go command drives the analysis: reslint runs
// go vet -vettool=<itself> -json and reports what the vet tool found, so
// packages are analyzed in parallel from export data and facts files and
// the results are cached (see drive; -complete keeps the cached results
// whole, see vetproto.go). -transport=load analyzes
// everything in this process instead.
//
// -fix applies, and -diff prints as unified diffs, the first suggested fix
// of every finding; both exit 3 when findings without a fix remain (they
// are printed to stderr), 0 when none do, 1 on an error.
//
// Text output goes to stdout, one line per finding, sorted, with paths
// relative to the working directory and the rule id and analyzer named:
//
//	app/pay.go:12:3: N2 noretrycanceled: time.Sleep in a retry loop cannot be interrupted: ...
//
// As a vet tool (the same binary speaks the go command's protocol):
//
//	go vet -vettool=$(command -v reslint) ./...
//
// Exit status, in every format: 0 no findings, 3 findings, 1 on a load,
// type or analyzer error, 2 on a usage error; -exit-zero exits 0 with
// findings. Generated files (// Code generated ... DO NOT EDIT.) are not
// reported unless -generated is set.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/reslint/reslint"
	"github.com/reslint/reslint/internal/analysisdoc"
)

func main() {
	analyzers := reslint.Analyzers()
	if standard(os.Args[1:]) {
		os.Args = append(os.Args[:1:1], vetProtocol(analyzers, os.Args[1:])...)
		multichecker.Main(analyzers...)
		return
	}
	if inventoryRequested(os.Args[1:]) {
		os.Exit(inventory(os.Args[1:], os.Stdout, os.Stderr)) // see inventory.go
	}
	os.Exit(drive(analyzers, os.Args[1:], os.Stdout, os.Stderr))
}

// standard reports whether the arguments speak the go command's vet
// protocol (a .cfg file, -V, -flags), which the standard multichecker
// answers. Everything else, help and -fix/-diff included, is the driver's.
func standard(args []string) bool {
	return slices.ContainsFunc(args, func(a string) bool {
		if strings.HasSuffix(a, ".cfg") {
			return true
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		return strings.HasPrefix(a, "-") && (name == "V" || name == "flags")
	})
}

// help prints the usage (reslint help), or the documentation of each
// analyzer or rule named (reslint help NAME...): an analyzer's doc and
// flags, a rule's text with an example of code it reports and the code
// fixed.
func help(analyzers []*analysis.Analyzer, names []string, stdout, stderr io.Writer) int {
	if len(names) == 0 {
		fs, _, _ := newFlagSet(analyzers, stdout)
		usage(fs, analyzers, stdout)
		return exitClean
	}
	code := exitClean
	for n, name := range names {
		i := slices.IndexFunc(analyzers, func(a *analysis.Analyzer) bool { return a.Name == name })
		rule, isRule := ruleNamed(name)
		if i < 0 && !isRule {
			fmt.Fprintf(stderr, "reslint: no analyzer or rule %q; reslint help lists the analyzers, docs/rules.md the rules\n", name)
			code = exitUsage
			continue
		}
		if n > 0 {
			fmt.Fprintln(stdout)
		}
		if i < 0 {
			explainRule(stdout, rule)
			continue
		}
		a := analyzers[i]
		fmt.Fprintf(stdout, "%s: %s\n", a.Name, strings.TrimSpace(strings.TrimPrefix(a.Doc, a.Name+":")))
		var flags []string
		a.Flags.VisitAll(func(f *flag.Flag) {
			flags = append(flags, fmt.Sprintf("  -%s.%s\n    \t%s (default %q)", a.Name, f.Name, f.Usage, f.DefValue))
		})
		if len(flags) > 0 {
			fmt.Fprintf(stdout, "\nFlags:\n%s\n", strings.Join(flags, "\n"))
		}
	}
	return code
}

// ruleNamed returns the rule with id name, ignoring case (n2 is N2).
func ruleNamed(name string) (analysisdoc.Rule, bool) {
	for _, r := range analysisdoc.Rules {
		if strings.EqualFold(r.ID, name) {
			return r, true
		}
	}
	return analysisdoc.Rule{}, false
}

// explainRule prints a rule's section of the rule catalogue as plain
// text, then its example: the code reported and the code fixed.
func explainRule(w io.Writer, r analysisdoc.Rule) {
	doc := reslint.RuleDoc(r.ID)
	title, body, _ := strings.Cut(doc, "\n")
	title = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(title, "## "), r.ID+":"))
	if title == "" {
		title = r.Short
	}
	fmt.Fprintf(w, "%s (%s): %s\n", r.ID, r.Analyzer, title)
	if body = plainText(body); body != "" {
		fmt.Fprintf(w, "\n%s\n", body)
	} else {
		fmt.Fprintf(w, "\n%s.\n", r.Short)
	}
	if e, ok := analysisdoc.ExampleOf(r.ID); ok {
		if e.Note != "" {
			fmt.Fprintf(w, "\n(%s)\n", e.Note)
		} else {
			label := "Reported"
			if len(e.Flags) > 0 {
				label += " with " + strings.Join(e.Flags, " ")
			}
			if v, ok := strings.CutPrefix(e.GoVersion, "go"); ok {
				label += " (in code for Go " + v + ")"
			}
			fmt.Fprintf(w, "\n%s:\n\n%s\n\nFixed:\n\n%s\n", label, indent(e.Bad), indent(e.Good))
		}
	}
	fmt.Fprintf(w, "\nMore: reslint help %s; %s\n", r.Analyzer, analysisdoc.RuleURL(r.ID))
}

// plainText turns a Markdown section into terminal text: fenced code is
// indented by a tab, the fences dropped.
func plainText(md string) string {
	var out []string
	code := false
	for line := range strings.SplitSeq(strings.TrimSpace(md), "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			code = !code
		case code:
			out = append(out, "\t"+line)
		default:
			out = append(out, line)
		}
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}

// indent indents every non-empty line of code by a tab.
func indent(code string) string {
	lines := strings.Split(code, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "\t" + l
		}
	}
	return strings.Join(lines, "\n")
}

// summary is the first line of an analyzer's Doc, without the analyzer's
// name that starts it.
func summary(a *analysis.Analyzer) string {
	first, _, _ := strings.Cut(a.Doc, "\n")
	return strings.TrimSpace(strings.TrimPrefix(first, a.Name+":"))
}
