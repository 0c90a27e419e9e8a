package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"
)

// defaultBench is the benchmark's module set when -only is not given: four
// small retry libraries and one large module. For each, "all" means every
// package of the module and "root" only its root package — grpc's root
// package alone already pulls in ~150 dependencies that go vet must analyze
// for facts, which keeps the default run within ~20 minutes on 2 cores.
var defaultBench = []struct{ path, pkgs string }{
	{"github.com/sethvargo/go-retry", "all"},
	{"github.com/cenkalti/backoff/v5", "all"},
	{"github.com/avast/retry-go/v4", "all"},
	{"github.com/hashicorp/go-retryablehttp", "all"},
	{"google.golang.org/grpc", "root"},
}

// largeBench is the -large preset: one module with more than 50 packages
// of its own (75 at this version) whose dependencies, besides the
// standard library, are few, so the module's own packages dominate; it
// has retry loops (retryable reads and writes) for the analyzers to find.
var largeBench = struct{ path, pkgs string }{"go.mongodb.org/mongo-driver/v2", "all"}

// benchConfig is one row of the benchmark: the arguments of go vet before
// the package list or, for a standalone row, of the reslint command.
type benchConfig struct {
	Name, Label string
	Args        []string
	// Standalone rows run the reslint binary itself (its own driver
	// loads the packages) instead of go vet.
	Standalone bool
}

// sample is one timed run.
type sample struct {
	Wall  float64 // seconds
	RSSKB int64   // peak RSS of the largest process in the tree, KiB
	Exit  int
}

// benchConfigs lists (a) stock go vet, (b) the FLOOR vet tool, (c) reslint
// with all analyzers and (d) reslint with each analyzer alone. These rows
// run as "go vet -vettool" so each pays the same per-package process,
// export data and caching costs; only the analysis differs. Rows (e) and
// (f) run the reslint command standalone, as a user types it, in text
// and in JSON: whatever transport its driver uses, the row measures the
// built binary.
func benchConfigs(floor, reslint string, analyzers []string) []benchConfig {
	cs := []benchConfig{
		{"a", "go vet (stock passes)", nil, false},
		{"b", "FLOOR (no-op analyzer)", []string{"-vettool=" + floor}, false},
		{"c", "reslint, all analyzers", []string{"-vettool=" + reslint}, false},
	}
	for _, a := range analyzers {
		// In multichecker/unitchecker flag semantics (analysisflags.Parse),
		// setting any -NAME to true runs only the analyzers set true.
		cs = append(cs, benchConfig{"d:" + a, "reslint -" + a + " only", []string{"-vettool=" + reslint, "-" + a}, false})
	}
	return append(cs,
		benchConfig{"e", "reslint PKGS (standalone)", nil, true},
		benchConfig{"f", "reslint -json PKGS (standalone)", []string{"-json"}, true})
}

// selectRows keeps the configs named in rows (comma-separated names; "d"
// stands for every d: row), or all if rows is empty. FLOOR (b) is always
// kept: every ratio is against it.
func selectRows(cs []benchConfig, rows string) []benchConfig {
	if rows == "" {
		return cs
	}
	want := map[string]bool{"b": true}
	for r := range strings.SplitSeq(rows, ",") {
		want[strings.TrimSpace(r)] = true
	}
	var out []benchConfig
	for _, c := range cs {
		if want[c.Name] || want["d"] && strings.HasPrefix(c.Name, "d:") {
			out = append(out, c)
		}
	}
	return out
}

// runBench measures the configs over rounds alternating rounds; see the
// README for the method.
func runBench(ctx context.Context, cfg config, floor, reslint string, analyzers []string, mods []Module, stdout, stderr io.Writer) error {
	dir := filepath.Join(cfg.work, "bench")
	fmt.Fprintf(stderr, "bench: setting up %d modules in %s\n", len(mods), dir)
	if _, err := initScratch(ctx, dir, mods); err != nil {
		return err
	}
	var pkgs, buildable, pkgDesc []string
	for _, m := range mods {
		ws := &Workspace{Mod: m, Dir: dir}
		if err := ws.listPackages(ctx, scratchEnv()); err != nil {
			return err
		}
		sel := ws.Pkgs
		if benchPkgMode(cfg.pkgs, m.Path) == "root" {
			sel = []string{m.Path}
		}
		pkgs = append(pkgs, sel...)
		for _, p := range sel {
			if !ws.TestOnly[p] {
				buildable = append(buildable, p)
			}
		}
		pkgDesc = append(pkgDesc, fmt.Sprintf("%s (%d packages)", m, len(sel)))
	}

	// One GOCACHE warmed once with the export data of the packages, their
	// test variants and all dependencies, but no vet results; every timed
	// run gets its own copy, so none can reuse another's vet results.
	warm := filepath.Join(cfg.work, "bench-gocache-warm")
	if err := os.RemoveAll(warm); err != nil {
		return err
	}
	warmEnv := scratchEnv("GOCACHE=" + warm)
	fmt.Fprintf(stderr, "bench: warming GOCACHE with go build of %d packages\n", len(pkgs))
	if _, err := goCmd(ctx, dir, warmEnv, append([]string{"build"}, buildable...)...); err != nil {
		return err
	}
	// go vet also vets the test variants, whose export data go build does
	// not produce; compile (and do not run) the tests without vet.
	if _, err := goCmd(ctx, dir, warmEnv, append([]string{"test", "-vet=off", "-count=1", "-run=^$", "-exec=/bin/true"}, pkgs...)...); err != nil {
		fmt.Fprintf(stderr, "bench: warning: warming test variants: %v\n", tail(err.Error(), 5))
	}

	configs := selectRows(benchConfigs(floor, reslint, analyzers), cfg.rows)
	loadStart := loadAvg()
	samples := make(map[string][]sample)
	for r := range cfg.rounds {
		// Rotate the order each round so no config always runs first
		// (or right after the heaviest one).
		for i := range configs {
			c := configs[(i+r)%len(configs)]
			s, err := timeRun(ctx, dir, warm, c, reslint, pkgs)
			if err != nil {
				return fmt.Errorf("%s: %v", c.Label, err)
			}
			samples[c.Name] = append(samples[c.Name], s)
			fmt.Fprintf(stderr, "bench: round %d/%d %-4s %6.1fs %5.0f MiB exit %d  %s\n",
				r+1, cfg.rounds, c.Name, s.Wall, float64(s.RSSKB)/1024, s.Exit, c.Label)
		}
	}
	report := benchReport(configs, samples, pkgDesc, len(pkgs), cfg.rounds)
	report += fmt.Sprintf("\nAnalyzers: %s. Load average (1, 5, 15 min) at start: %s; at end: %s — on a shared machine, compare rows within a round (paired ratios), not with other runs.\n",
		strings.Join(analyzers, ", "), loadStart, loadAvg())
	fmt.Fprint(stdout, report)
	return os.WriteFile(filepath.Join(cfg.out, cfg.benchFile), []byte(report), 0o644)
}

// benchPkgMode decides "all" or "root" for a module: -pkgs wins, then the
// default set's choice, then "all".
func benchPkgMode(flagVal, path string) string {
	if flagVal != "" {
		return flagVal
	}
	for _, d := range defaultBench {
		if d.path == path {
			return d.pkgs
		}
	}
	return "all"
}

// timeRun runs "go vet ARGS PKGS", or "reslint ARGS PKGS" for a standalone
// row, with a fresh copy of the warm GOCACHE and measures wall time and
// peak RSS.
//
// Peak RSS comes from the rusage that wait4 returns for the go command
// (os.ProcessState.SysUsage). On Linux that Maxrss is the maximum over the
// process and all descendants it waited for — the vet tool processes that
// go vet starts — i.e. the RSS of the largest single process in the tree,
// the same number GNU time's %M reports. It is not the sum of processes
// running at once. For the standalone command that is its own process
// (which type-checks everything in one address space) or a go command it
// started, whichever is larger.
func timeRun(ctx context.Context, dir, warm string, c benchConfig, reslint string, pkgs []string) (sample, error) {
	cache, err := os.MkdirTemp(filepath.Dir(warm), "bench-gocache-")
	if err != nil {
		return sample{}, err
	}
	defer os.RemoveAll(cache)
	if out, err := exec.CommandContext(ctx, "cp", "-a", warm+"/.", cache).CombinedOutput(); err != nil {
		return sample{}, fmt.Errorf("copying GOCACHE: %v: %s", err, out)
	}
	cmd := exec.CommandContext(ctx, "go", append(append([]string{"vet"}, c.Args...), pkgs...)...)
	if c.Standalone {
		cmd = exec.CommandContext(ctx, reslint, append(slices.Clone(c.Args), pkgs...)...)
	}
	cmd.Dir = dir
	// GOPROXY=off: everything was fetched during setup; a timed run that
	// touches the network would measure the network.
	cmd.Env = scratchEnv("GOCACHE="+cache, "GOPROXY=off")
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	start := time.Now()
	err = cmd.Run()
	s := sample{Wall: time.Since(start).Seconds()}
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		return s, err
	}
	s.Exit = cmd.ProcessState.ExitCode()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		s.RSSKB = ru.Maxrss // KiB on Linux
	}
	// reslint exits 3 for findings and 1 when some package has errors
	// (the others are still analyzed); 2 is a usage error.
	if c.Standalone {
		if s.Exit == 2 || s.Exit > 3 {
			return s, fmt.Errorf("reslint failed:\n%s", tail(stderr.String(), 15))
		}
		return s, nil
	}
	// go vet exits 1 both for diagnostics and for failures; a failure
	// that is not a diagnostic makes the timing meaningless.
	if s.Exit != 0 && vetFailed(stderr.String()) {
		return s, fmt.Errorf("go vet failed:\n%s", tail(stderr.String(), 15))
	}
	return s, nil
}

// vetFailed tells a broken run from one that merely reported diagnostics:
// diagnostics are "file.go:line:col: msg" lines and "# pkg" headers.
func vetFailed(stderr string) bool {
	for _, l := range strings.Split(stderr, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if _, _, _, ok := splitPosn(strings.SplitN(l, ": ", 2)[0]); ok && strings.Contains(l, ".go:") {
			continue
		}
		return true
	}
	return false
}

// loadAvg returns the system load averages, to show how noisy the machine was.
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}

// pairedRatio is the median over rounds of num's wall time divided by den's
// in the same round. Rounds are close in time, so this cancels the slow
// drift of a shared machine's load better than a ratio of medians.
func pairedRatio(num, den []sample) float64 {
	var rs []float64
	for i := range min(len(num), len(den)) {
		rs = append(rs, ratio(num[i].Wall, den[i].Wall))
	}
	return median(rs)
}

// benchReport renders the results as markdown.
func benchReport(configs []benchConfig, samples map[string][]sample, pkgDesc []string, npkgs, rounds int) string {
	wall := func(name string) float64 {
		var xs []float64
		for _, s := range samples[name] {
			xs = append(xs, s.Wall)
		}
		return median(xs)
	}
	rss := func(name string) float64 {
		var xs []float64
		for _, s := range samples[name] {
			xs = append(xs, float64(s.RSSKB)/1024)
		}
		return median(xs)
	}
	has := func(name string) bool { return len(samples[name]) > 0 }
	var b strings.Builder
	fmt.Fprintf(&b, "# reslint benchmark\n\n%s, %s %s/%s, %d CPUs. %d rounds, configs alternating (order rotated each round); medians.\n\n",
		time.Now().UTC().Format("2006-01-02"), runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), rounds)
	fmt.Fprintf(&b, "Packages (%d, plus their test variants): %s.\n\n", npkgs, strings.Join(pkgDesc, ", "))
	b.WriteString("Every row a-d is `go vet [-vettool=TOOL] [-NAME] PKGS`, rows e-f the reslint command itself (`reslint [-json] PKGS`), each with a fresh copy of one GOCACHE warmed by `go build` and `go test -vet=off -run=^$ -exec=/bin/true` of the packages (export data present, vet results absent). Peak RSS is the largest single process of the tree (wait4 rusage of the command, which includes its waited-for children).\n\n")
	b.WriteString("| row | run | median wall | peak RSS | wall / FLOOR | exit codes |\n|---|---|---|---|---|---|\n")
	fb := wall("b")
	for _, c := range configs {
		var exits []string
		for _, s := range samples[c.Name] {
			exits = append(exits, fmt.Sprint(s.Exit))
		}
		fmt.Fprintf(&b, "| %s | %s | %.1f s | %.0f MiB | %s | %s |\n", c.Name, c.Label, wall(c.Name), rss(c.Name), fmtRatio(ratio(wall(c.Name), fb)), strings.Join(exits, " "))
	}
	fmt.Fprintf(&b, "\nRatios of medians, and in brackets the median of the per-round ratios (targets: c/a ≤ 1.0, c/b ≤ 1.25, RSS c/a ≤ 1.2):\n\n")
	both := func(num, den string) string {
		return fmt.Sprintf("%s (paired %s)", fmtRatio(ratio(wall(num), wall(den))), fmtRatio(pairedRatio(samples[num], samples[den])))
	}
	if has("a") && has("c") {
		fmt.Fprintf(&b, "- c/a (reslint / go vet): %s\n", both("c", "a"))
	}
	if has("c") {
		fmt.Fprintf(&b, "- c/b (reslint / FLOOR): %s\n", both("c", "b"))
	}
	if has("a") && has("c") {
		fmt.Fprintf(&b, "- peak RSS c/a: %s, c/b: %s\n", fmtRatio(ratio(rss("c"), rss("a"))), fmtRatio(ratio(rss("c"), rss("b"))))
	}
	for _, c := range configs {
		switch {
		case strings.HasPrefix(c.Name, "d:"):
			fmt.Fprintf(&b, "- %s/b (%s): %s\n", c.Name, c.Label, both(c.Name, "b"))
		case c.Standalone:
			fmt.Fprintf(&b, "- %s/b (%s / FLOOR): %s; %s/c (/ reslint as vet tool): %s; peak RSS %s/c: %s\n", c.Name, c.Label, both(c.Name, "b"),
				c.Name, both(c.Name, "c"), c.Name, fmtRatio(ratio(rss(c.Name), rss("c"))))
		}
	}
	b.WriteString("\nPer-round wall times (s):\n\n| row |")
	for r := range rounds {
		fmt.Fprintf(&b, " %d |", r+1)
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", rounds) + "\n")
	for _, c := range configs {
		fmt.Fprintf(&b, "| %s |", c.Name)
		for _, s := range samples[c.Name] {
			fmt.Fprintf(&b, " %.1f |", s.Wall)
		}
		b.WriteString("\n")
	}
	return b.String()
}
