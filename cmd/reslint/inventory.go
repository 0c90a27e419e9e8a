package main

// reslint -inventory: every retry scope of the packages, with its kind,
// attempt bound, wait, whether it honours the caller's context, the
// classifier it asks and the retry scopes its attempt reaches. It is what
// a reviewer or an incident review reads to see where and how a code base
// retries. It reports nothing: the exit status is 0, or 1 when packages
// do not load, 2 on a usage error.

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/reslint/reslint/analyzers/backoffjitter"
	"github.com/reslint/reslint/analyzers/retrystorm"
	"github.com/reslint/reslint/internal/retryscope"
)

// inventoryRequested reports whether the arguments ask for the inventory.
func inventoryRequested(args []string) bool {
	return slices.ContainsFunc(args, func(a string) bool {
		name, val, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		return strings.HasPrefix(a, "-") && name == "inventory" && val != "false"
	})
}

// invRow is one retry scope, as printed.
type invRow struct {
	File       string   `json:"file"`
	Line       int      `json:"line"`
	Column     int      `json:"column"`
	Package    string   `json:"package"`
	Func       string   `json:"func,omitempty"`
	Kind       string   `json:"kind"`
	Helper     string   `json:"helper"`
	Attempts   string   `json:"attempts"`
	Ends       []string `json:"ends,omitempty"`
	Wait       string   `json:"wait"`
	Context    string   `json:"honours_context"`
	Classifier string   `json:"classifier"`
	Reaches    []string `json:"reaches,omitempty"`
}

// inventory runs retrystorm on the packages named by args and prints its
// inventory as a text table or JSON.
func inventory(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("reslint -inventory", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("inventory", true, "list every retry scope (reports nothing)")
	format := fs.String("format", "text", "text or json")
	jsonOut := fs.Bool("json", false, "JSON output, as -format=json")
	dir := fs.String("C", "", "change to this directory before loading packages")
	tags := fs.String("tags", "", "comma-separated build tags")
	tests := fs.Bool("test", true, "also list the retry scopes of test files")
	retryscope.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		fs.Var(f.Value, retryscope.Analyzer.Name+"."+f.Name, f.Usage)
	})
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return exitClean
		}
		return exitUsage
	}
	if *jsonOut {
		*format = "json"
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(stderr, "reslint: -inventory prints text or json, not %q\n", *format)
		return exitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "reslint: no packages named; try reslint -inventory ./...")
		return exitUsage
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Tests: *tests, Dir: *dir}
	if *tags != "" {
		cfg.BuildFlags = []string{"-tags=" + *tags}
	}
	pkgs, err := packages.Load(cfg, fs.Args()...)
	if err != nil {
		fmt.Fprintf(stderr, "reslint: %v\n", err)
		return exitError
	}
	wd, _ := os.Getwd()
	if *dir != "" {
		wd = cmp.Or(absJoin(wd, *dir), wd)
	}
	errs := packageErrors(pkgs, wd)
	printLoadErrors(errs, stderr)
	failed := len(errs) > 0
	// backoffjitter judges the waits between attempts: its result fills
	// the wait column, joined on the retry scopes both analyzers share.
	g, err := checker.Analyze([]*analysis.Analyzer{retrystorm.Analyzer, backoffjitter.Analyzer}, pkgs, &checker.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "reslint: %v\n", err)
		return exitError
	}
	waits := map[*retryscope.Scope]string{}
	for _, act := range g.Roots {
		if w, ok := act.Result.(*backoffjitter.Waits); ok && act.Err == nil {
			maps.Copy(waits, w.Of)
		}
	}
	var rows []invRow
	seen := map[string]bool{}
	for _, act := range g.Roots {
		if act.Err != nil {
			fmt.Fprintf(stderr, "reslint: %s on %s: %v\n", act.Analyzer.Name, act.Package.PkgPath, act.Err)
			failed = true
			continue
		}
		inv, ok := act.Result.(*retrystorm.Inventory)
		if !ok {
			continue
		}
		for _, e := range inv.Entries {
			if w, ok := waits[e.Scope]; ok {
				e.Wait = w
			}
			p := act.Package.Fset.Position(e.Pos)
			key := fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Column)
			if seen[key] { // a package and its test variant
				continue
			}
			seen[key] = true
			rows = append(rows, invRow{
				File: filepath.ToSlash(rel(wd, p)), Line: p.Line, Column: p.Column,
				Package: strings.TrimSuffix(act.Package.PkgPath, ".test"), Func: e.Func,
				Kind: e.Kind, Helper: e.Helper, Attempts: e.Attempts, Ends: e.Ends,
				Wait: e.Wait, Context: e.Context, Classifier: e.Classifier, Reaches: e.Reaches,
			})
		}
	}
	slices.SortFunc(rows, func(a, b invRow) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
	})
	if *format == "json" {
		if rows == nil {
			rows = []invRow{}
		}
		b, _ := json.MarshalIndent(rows, "", "  ")
		fmt.Fprintf(stdout, "%s\n", b)
	} else {
		writeInventory(stdout, rows)
	}
	if failed {
		return exitError
	}
	return exitClean
}

func absJoin(wd, dir string) string {
	if filepath.IsAbs(dir) {
		return dir
	}
	return filepath.Join(wd, dir)
}

// writeInventory prints the rows as an aligned table.
func writeInventory(w io.Writer, rows []invRow) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "POSITION\tFUNC\tKIND\tHELPER\tATTEMPTS\tENDS ON\tWAIT\tCONTEXT\tCLASSIFIER\tREACHES")
	dash := func(s []string) string {
		if len(s) == 0 {
			return "-"
		}
		return strings.Join(s, ", ")
	}
	for _, r := range rows {
		fmt.Fprintf(tw, "%s:%d:%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.File, r.Line, r.Column, cmp.Or(r.Func, "-"),
			r.Kind, r.Helper, r.Attempts, dash(r.Ends), r.Wait, r.Context, r.Classifier, dash(r.Reaches))
	}
	tw.Flush()
	fmt.Fprintf(w, "%d retry scopes\n", len(rows))
}
