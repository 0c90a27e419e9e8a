package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// Result is what the corpus run records for one module (summary.json).
type Result struct {
	Module         string         `json:"module"`
	Status         string         `json:"status"` // ok, load-errors, failed
	Packages       int            `json:"packages"`
	Skipped        []string       `json:"skipped,omitempty"`
	Analyzers      []string       `json:"analyzers"`
	Findings       map[string]int `json:"findings"` // per analyzer
	LoadErrors     []string       `json:"load_errors,omitempty"`
	AnalyzerErrors []string       `json:"analyzer_errors,omitempty"`
	Error          string         `json:"error,omitempty"` // setup failure or crash
	Seconds        float64        `json:"seconds"`         // reslint's run only
	PeakRSSMiB     int64          `json:"peak_rss_mib"`    // reslint's peak RSS
}

// maxLoadErrors bounds how many load-error lines a module keeps; the rest
// are counted, since one missing cgo header can repeat hundreds of times.
const maxLoadErrors = 20

// runModule sets up m's workspace and runs reslint -json on its packages.
// Every failure ends up in the Result: one module must not stop the run.
func runModule(ctx context.Context, base, reslint string, flags, analyzers []string, m Module, timeout time.Duration) (Result, []Finding) {
	res := Result{Module: m.String(), Analyzers: analyzers, Findings: map[string]int{}}
	ws, err := setupWorkspace(ctx, base, m)
	if err != nil {
		res.Status, res.Error = "failed", "setup: "+err.Error()
		return res, nil
	}
	res.Packages, res.Skipped = len(ws.Pkgs), ws.Skipped

	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, reslint, slices.Concat([]string{"-json"}, flags, ws.Pkgs)...)
	cmd.Dir, cmd.Env = ws.Dir, scratchEnv()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	runErr := cmd.Run()
	res.Seconds = time.Since(start).Seconds()
	if cmd.ProcessState == nil { // did not start
		res.Status, res.Error = "failed", fmt.Sprintf("reslint: %v", runErr)
		return res, nil
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		res.PeakRSSMiB = ru.Maxrss >> 10 // Maxrss is in KiB on Linux
	}

	// Exit status 1 with JSON on stdout means some packages had load
	// errors (printed on stderr) and the rest were analyzed. Without
	// JSON, reslint crashed or could not load anything.
	raw, aerrs, perr := parseCheckerJSON(stdout.Bytes())
	var exitErr *exec.ExitError
	if (runErr != nil && !errors.As(runErr, &exitErr)) || ctx.Err() != nil || perr != nil {
		res.Status = "failed"
		res.Error = fmt.Sprintf("reslint: %v; %v\n%s", runErr, perr, ws.norm.text(tail(stderr.String(), 30)))
		return res, nil
	}
	for _, e := range aerrs {
		res.AnalyzerErrors = append(res.AnalyzerErrors, ws.norm.text(e))
	}
	res.LoadErrors = loadErrors(stderr.String(), ws.norm)
	findings := toFindings(m.String(), raw, ws.norm)
	for _, f := range findings {
		res.Findings[f.Analyzer]++
	}
	res.Status = "ok"
	if len(res.LoadErrors) > 0 {
		res.Status = "load-errors"
	}
	if exitErr != nil && exitErr.ExitCode() == 3 {
		runErr = nil // 3 means findings, which the JSON holds
	}
	if runErr != nil && len(res.LoadErrors) == 0 {
		// A non-zero exit that printed nothing is still worth a look.
		res.LoadErrors = []string{fmt.Sprintf("reslint exited with %v", runErr)}
		res.Status = "load-errors"
	}
	return res, findings
}

// loadErrors normalizes and de-duplicates the checker's stderr lines.
func loadErrors(stderr string, n normalizer) []string {
	var out []string
	seen := map[string]bool{}
	for _, l := range strings.Split(stderr, "\n") {
		if l = strings.TrimSpace(l); l == "" {
			continue
		}
		l = n.text(l)
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	if len(out) > maxLoadErrors {
		out = append(out[:maxLoadErrors], fmt.Sprintf("... and %d more lines", len(out)-maxLoadErrors))
	}
	return out
}

// runCorpus runs every selected module and writes the outputs.
func runCorpus(ctx context.Context, cfg config, reslint string, analyzers []string, mods, all []Module, stderr io.Writer) (results []Result, findings []Finding) {
	for i, m := range mods {
		fmt.Fprintf(stderr, "[%d/%d] %s ...\n", i+1, len(mods), m)
		res, fs := runModule(ctx, cfg.work, reslint, cfg.reslintFlags, analyzers, m, cfg.timeout)
		fmt.Fprintf(stderr, "[%d/%d] %s: %s, %d packages, %d findings, %d load errors, %.1fs\n",
			i+1, len(mods), m, res.Status, res.Packages, len(fs), len(res.LoadErrors), res.Seconds)
		if res.Error != "" {
			fmt.Fprintf(stderr, "    %s\n", strings.ReplaceAll(tail(res.Error, 8), "\n", "\n    "))
		}
		results = append(results, res)
		findings = append(findings, fs...)
	}
	return results, findings
}

// mergeResults replaces the previous results of the modules that ran and
// keeps those of the others (a -only run updates just its modules), dropping
// modules no longer in modules.txt. The order follows modules.txt.
func mergeResults(prev, cur []Result, prevFindings, curFindings []Finding, all []Module) ([]Result, []Finding) {
	byMod := map[string]Result{}
	for _, r := range prev {
		byMod[r.Module] = r
	}
	ran := map[string]bool{}
	for _, r := range cur {
		byMod[r.Module] = r
		ran[r.Module] = true
	}
	var results []Result
	listed := map[string]bool{}
	for _, m := range all {
		listed[m.String()] = true
		if r, ok := byMod[m.String()]; ok {
			results = append(results, r)
		}
	}
	findings := slices.Clone(curFindings)
	for _, f := range prevFindings {
		if listed[f.Module] && !ran[f.Module] {
			findings = append(findings, f)
		}
	}
	sortFindings(findings)
	return results, findings
}

// readJSON loads a previous output file; a missing file is no error.
func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}

func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// writeSummary renders summary.md from the results.
func writeSummary(path string, results []Result, findings []Finding) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Corpus run summary\n\nGenerated by `go run ./cmd/corpus`; findings are in findings.json, verdicts in verdicts.md.\n\n")
	var nf, nerr int
	for _, r := range results {
		if r.Status == "failed" || len(r.AnalyzerErrors) > 0 {
			nerr++
		}
	}
	nf = len(findings)
	fmt.Fprintf(&b, "%d modules, %d findings, %d modules failed or had analyzer errors.\n\n", len(results), nf, nerr)
	b.WriteString("| module | status | packages | findings per analyzer | load errors | reslint time | peak RSS |\n|---|---|---|---|---|---|---|\n")
	for _, r := range results {
		var per []string
		for _, a := range sortedKeys(r.Findings) {
			per = append(per, fmt.Sprintf("%s %d", a, r.Findings[a]))
		}
		perStr := strings.Join(per, ", ")
		if perStr == "" {
			perStr = "none"
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %s | %d | %.1fs | %d MiB |\n", r.Module, r.Status, r.Packages, perStr, len(r.LoadErrors), r.Seconds, r.PeakRSSMiB)
	}
	b.WriteString("\n## Details\n")
	for _, r := range results {
		if r.Error == "" && len(r.LoadErrors) == 0 && len(r.AnalyzerErrors) == 0 && len(r.Skipped) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n### %s\n\nAnalyzers run: %s.\n", r.Module, strings.Join(r.Analyzers, ", "))
		section := func(title string, lines []string) {
			if len(lines) > 0 {
				fmt.Fprintf(&b, "\n%s:\n\n```\n%s\n```\n", title, strings.Join(lines, "\n"))
			}
		}
		if r.Error != "" {
			section("Failure", []string{r.Error})
		}
		section("Analyzer errors", r.AnalyzerErrors)
		section("Load errors (stderr of reslint)", r.LoadErrors)
		section("Packages skipped by go list", r.Skipped)
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// judgeFindings checks findings against verdicts.md (creating it with just
// the header if absent) and prints what is missing or stale. It returns
// false if a finding lacks a verdict.
func judgeFindings(path string, findings []Finding, ran []string, w io.Writer) (bool, error) {
	if _, err := os.Stat(path); os.IsNotExist(err) {
		if err := os.WriteFile(path, []byte(verdictsHeader), 0o644); err != nil {
			return false, err
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	verdicts, problems, err := parseVerdicts(f)
	if err != nil {
		return false, err
	}
	for _, p := range problems {
		fmt.Fprintf(w, "warning: %s\n", p)
	}
	missing, stale := checkVerdicts(findings, verdicts, ran)
	for _, v := range stale {
		fmt.Fprintf(w, "warning: %s:%d: stale verdict, no finding has this key any more: %s\n", filepath.Base(path), v.Line, v.Key)
	}
	if len(missing) == 0 {
		fmt.Fprintf(w, "verdicts: all %d findings judged\n", len(findings))
		return true, nil
	}
	fmt.Fprintf(w, "\n%d findings have no verdict; add these rows to %s with TP or FP:\n\n", len(missing), path)
	for _, k := range missing {
		v := verdicts[k]
		fmt.Fprintln(w, verdictRow(k, "?", v.Why))
	}
	return false, nil
}
