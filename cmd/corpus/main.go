// Command corpus runs reslint over the pinned real-world modules of
// corpus/modules.txt and records every finding, and in -bench mode measures
// reslint's speed and memory against go vet and a load-only floor (issue 6).
//
// Usage, from the repository root:
//
//	go run ./cmd/corpus [-modules corpus/modules.txt] [-only substr,...] [-out corpus]
//	go run ./cmd/corpus -check   # findings.json against verdicts.md, no run
//	go run ./cmd/corpus -bench [-rounds 5] [-only substr,...] [-pkgs root|all] [-rows a,b,c] [-bench-file bench.md]
//	go run ./cmd/corpus -bench -large [-rounds 2]   # 75 packages of mongo-driver v2
//	go run ./cmd/corpus -bench -actions [-rows d:NAME,...] [-only ...]   # each analyzer's own run time, in process
//
// The corpus run writes findings.json, summary.json and summary.md to -out
// and checks every finding against -out/verdicts.md: it exits 1 if a finding
// has no TP/FP verdict (printing ready-to-paste rows), and 2 if reslint
// crashed or an analyzer returned an error on some module. A module that
// fails to load is reported and does not change the exit status.
// See corpus/README.md.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

type config struct {
	modules, only, out, work, tool string
	timeout                        time.Duration
	bench, check                   bool
	rounds                         int
	pkgs                           string
	// rows selects benchmark rows (-rows), benchFile names the report in
	// -out (-bench-file), large selects the large-module preset (-large).
	rows, benchFile string
	large           bool
	// actions times each analyzer's own run in process (-actions).
	actions bool
	// reslintFlags are extra flags for reslint (-reslint-flags), and
	// showOut the file that then receives every diagnostic instead of
	// findings.json (-show-out), for audits such as -retryscope.show.
	reslintFlags []string
	showOut      string
	// audit lists the wait loops of the selected modules (-audit).
	audit     bool
	auditShow string
}

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var cfg config
	fs := flag.NewFlagSet("corpus", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.modules, "modules", "corpus/modules.txt", "pinned module@version list")
	fs.StringVar(&cfg.only, "only", "", "run only modules whose module@version contains one of these comma-separated substrings")
	fs.StringVar(&cfg.out, "out", "corpus", "directory for findings.json, summary.{json,md}, verdicts.md, bench.md")
	fs.StringVar(&cfg.work, "work", "", "scratch directory for the throwaway modules and caches (default: a fresh temporary directory, removed at exit)")
	fs.StringVar(&cfg.tool, "tool", "./cmd/reslint", "package of the reslint command, relative to the repository root")
	fs.DurationVar(&cfg.timeout, "timeout", 30*time.Minute, "reslint time limit per module")
	fs.BoolVar(&cfg.bench, "bench", false, "benchmark against go vet and FLOOR instead of recording findings")
	fs.BoolVar(&cfg.check, "check", false, "only check the committed findings.json against verdicts.md (no reslint run)")
	fs.IntVar(&cfg.rounds, "rounds", 5, "benchmark rounds")
	fs.StringVar(&cfg.pkgs, "pkgs", "", `benchmark packages per module: "root" or "all" (default: per module, see defaultBench)`)
	fs.StringVar(&cfg.rows, "rows", "", `benchmark rows to run, comma-separated: a, b, c, d (every analyzer alone) or d:NAME, e, f (default: all; b is always run)`)
	fs.StringVar(&cfg.benchFile, "bench-file", "bench.md", "benchmark report file name in -out")
	fs.BoolVar(&cfg.actions, "actions", false, "with -bench: time each analyzer's own run in this process (checker.Analyze, sequential) instead of whole go vet runs; -rows d:NAME,... selects analyzers")
	fs.BoolVar(&cfg.large, "large", false, "with -bench: benchmark every package of one large module ("+largeBench.path+") instead of the default set")
	var reslintFlags string
	fs.StringVar(&reslintFlags, "reslint-flags", "", "extra space-separated flags for reslint, e.g. -retryscope.show (needs -show-out)")
	fs.StringVar(&cfg.showOut, "show-out", "", "write every diagnostic of the run to this JSON file (merged per module with its previous content) instead of findings.json, summary and verdict check")
	fs.BoolVar(&cfg.audit, "audit", false, "list the loops that wait between iterations in the selected modules' non-test files, marked with what -show-out file -audit-show recognised (see audit.go)")
	fs.StringVar(&cfg.auditShow, "audit-show", "", "with -audit: the -show-out file of a -reslint-flags=-retryscope.show run")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg.reslintFlags = strings.Fields(reslintFlags)
	if len(cfg.reslintFlags) > 0 && cfg.showOut == "" {
		fmt.Fprintln(stderr, "corpus: -reslint-flags changes the findings: write them to -show-out, not findings.json")
		return 2
	}
	if fs.NArg() > 0 || cfg.rounds < 1 || (cfg.pkgs != "" && cfg.pkgs != "root" && cfg.pkgs != "all") {
		fs.Usage()
		return 2
	}
	code, err := runMain(ctx, cfg, stdout, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "corpus: %v\n", err)
		return 2
	}
	return code
}

func runMain(ctx context.Context, cfg config, stdout, stderr io.Writer) (int, error) {
	f, err := os.Open(cfg.modules)
	if err != nil {
		return 0, err
	}
	all, err := parseModules(f)
	f.Close()
	if err != nil {
		return 0, fmt.Errorf("%s: %v", cfg.modules, err)
	}
	only := cfg.only
	if cfg.bench && cfg.large {
		if only == "" {
			only = largeBench.path + "@"
		}
		if cfg.pkgs == "" {
			cfg.pkgs = largeBench.pkgs
		}
	}
	if cfg.bench && only == "" {
		var paths []string
		for _, d := range defaultBench {
			paths = append(paths, d.path+"@")
		}
		only = strings.Join(paths, ",")
	}
	if cfg.check {
		return checkOnly(cfg, stderr)
	}
	mods := selectModules(all, only)
	if len(mods) == 0 {
		return 0, fmt.Errorf("no module in %s matches -only %q", cfg.modules, only)
	}
	if cfg.audit {
		return 0, runAudit(ctx, cfg, mods, stdout)
	}
	if err := os.MkdirAll(cfg.out, 0o755); err != nil {
		return 0, err
	}
	if cfg.work == "" {
		// A directory of its own per run: runs started at the same time
		// (several developers' sessions on one machine) must not recreate
		// each other's workspaces underneath a running reslint.
		if cfg.work, err = os.MkdirTemp("", "reslint-corpus-"); err != nil {
			return 0, err
		}
		defer os.RemoveAll(cfg.work)
	} else if err := os.MkdirAll(cfg.work, 0o755); err != nil {
		return 0, err
	}

	bin, err := os.MkdirTemp("", "reslint-corpus-bin-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(bin)
	reslint := filepath.Join(bin, "reslint")
	if err := buildTool(ctx, cfg.tool, reslint); err != nil {
		return 0, err
	}
	analyzers, err := toolAnalyzers(reslint)
	if err != nil {
		return 0, err
	}
	fmt.Fprintf(stderr, "reslint analyzers: %s\n", strings.Join(analyzers, ", "))

	if cfg.bench && cfg.actions {
		return 0, runActions(ctx, cfg, mods, stdout, stderr)
	}
	if cfg.bench {
		floor := filepath.Join(bin, "floor")
		if err := buildTool(ctx, "./cmd/floor", floor); err != nil {
			return 0, err
		}
		return 0, runBench(ctx, cfg, floor, reslint, analyzers, mods, stdout, stderr)
	}

	results, findings := runCorpus(ctx, cfg, reslint, analyzers, mods, all, stderr)
	if cfg.showOut != "" {
		return writeShowOut(cfg.showOut, results, findings, all, stderr)
	}

	// Merge with the previous outputs so that a -only run updates just
	// its modules.
	var prevResults []Result
	var prevFindings []Finding
	findingsPath := filepath.Join(cfg.out, "findings.json")
	summaryPath := filepath.Join(cfg.out, "summary.json")
	if err := readJSON(summaryPath, &prevResults); err != nil {
		return 0, fmt.Errorf("%s: %v", summaryPath, err)
	}
	if err := readJSON(findingsPath, &prevFindings); err != nil {
		return 0, fmt.Errorf("%s: %v", findingsPath, err)
	}
	var ran []string
	crashed := false
	for _, r := range results {
		if r.Status != "failed" {
			ran = append(ran, r.Module)
		} else if strings.HasPrefix(r.Error, "reslint:") {
			crashed = true
		}
		if len(r.AnalyzerErrors) > 0 {
			crashed = true
		}
	}
	allResults, allFindings := mergeResults(prevResults, results, prevFindings, findings, all)
	if allFindings == nil {
		allFindings = []Finding{} // "[]", not "null"
	}
	if err := writeJSON(findingsPath, allFindings); err != nil {
		return 0, err
	}
	if err := writeJSON(summaryPath, allResults); err != nil {
		return 0, err
	}
	if err := writeSummary(filepath.Join(cfg.out, "summary.md"), allResults, allFindings); err != nil {
		return 0, err
	}
	fmt.Fprintf(stderr, "wrote %s (%d findings) and %s\n", findingsPath, len(allFindings), filepath.Join(cfg.out, "summary.md"))

	ok, err := judgeFindings(filepath.Join(cfg.out, "verdicts.md"), allFindings, ran, stderr)
	if err != nil {
		return 0, err
	}
	switch {
	case !ok:
		return 1, nil
	case crashed:
		fmt.Fprintln(stderr, "reslint crashed or an analyzer failed on some module: see summary.md")
		return 2, nil
	}
	return 0, nil
}

// checkOnly judges the findings of the last run again, e.g. after adding
// verdicts, without running reslint.
func checkOnly(cfg config, stderr io.Writer) (int, error) {
	var results []Result
	var findings []Finding
	if err := readJSON(filepath.Join(cfg.out, "summary.json"), &results); err != nil {
		return 0, err
	}
	if err := readJSON(filepath.Join(cfg.out, "findings.json"), &findings); err != nil {
		return 0, err
	}
	var ran []string
	for _, r := range results {
		if r.Status != "failed" {
			ran = append(ran, r.Module)
		}
	}
	ok, err := judgeFindings(filepath.Join(cfg.out, "verdicts.md"), findings, ran, stderr)
	if err != nil || !ok {
		return 1, err
	}
	return 0, nil
}

// buildTool builds the main package pkg (relative to the repository root,
// found from the current directory) into out.
func buildTool(ctx context.Context, pkg, out string) error {
	gomod, err := exec.CommandContext(ctx, "go", "env", "GOMOD").Output()
	if err != nil {
		return fmt.Errorf("go env GOMOD: %v", err)
	}
	root := filepath.Dir(strings.TrimSpace(string(gomod)))
	cmd := exec.CommandContext(ctx, "go", "build", "-o", out, pkg)
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build %s: %v\n%s", pkg, err, b)
	}
	return nil
}

// enableFlag matches the usage string that analysisflags gives the -NAME
// flag of each analyzer of a multichecker.
var enableFlag = regexp.MustCompile(`^enable "([^"]+)" analysis$`)

// toolAnalyzers asks a multichecker for its analyzers through -flags, the
// same query go vet makes, so the harness follows whatever analyzers the
// tool has today.
func toolAnalyzers(tool string) ([]string, error) {
	out, err := exec.Command(tool, "-flags").Output()
	if err != nil {
		return nil, fmt.Errorf("%s -flags: %v", tool, err)
	}
	return parseToolFlags(out)
}

func parseToolFlags(data []byte) ([]string, error) {
	var flags []struct {
		Name  string
		Bool  bool
		Usage string
	}
	if err := json.Unmarshal(data, &flags); err != nil {
		return nil, fmt.Errorf("parsing -flags output: %v", err)
	}
	var names []string
	for _, f := range flags {
		if m := enableFlag.FindStringSubmatch(f.Usage); f.Bool && m != nil && m[1] == f.Name {
			names = append(names, f.Name)
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no analyzers found in -flags output")
	}
	return names, nil
}
