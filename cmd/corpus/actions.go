package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/reslint/reslint"
	"github.com/reslint/reslint/internal/knowledge"
)

// runActions measures, in this process, how long each analyzer's own Run
// takes (-bench -actions): the selected modules' packages are loaded once
// with go/packages, then the analyzers named by -rows (d:NAME, or every
// analyzer) and those they require are run with checker.Analyze,
// sequentially, cfg.rounds times. Loading and type checking, which make
// up most of a go vet run (see bench.md), are outside the timed steps, so
// the numbers hold on a loaded machine where the wall times of whole go
// vet runs do not: they show what an analyzer adds, and whether it
// returns at once where it has nothing to look for. Packages are split by
// whether they import a database library (knowledge.DBLibraries), the
// condition of ambiguouswrite's early return.
func runActions(ctx context.Context, cfg config, mods []Module, stdout, stderr io.Writer) error {
	dir := filepath.Join(cfg.work, "actions")
	fmt.Fprintf(stderr, "actions: setting up %d modules in %s\n", len(mods), dir)
	if _, err := initScratch(ctx, dir, mods); err != nil {
		return err
	}
	var pkgs, pkgDesc []string
	for _, m := range mods {
		ws := &Workspace{Mod: m, Dir: dir}
		if err := ws.listPackages(ctx, scratchEnv()); err != nil {
			return err
		}
		pkgs = append(pkgs, ws.Pkgs...)
		pkgDesc = append(pkgDesc, fmt.Sprintf("%s (%d packages)", m, len(ws.Pkgs)))
	}
	var run []*analysis.Analyzer
	for _, a := range reslint.Analyzers() {
		if cfg.rows == "" || slices.Contains(strings.Split(cfg.rows, ","), "d:"+a.Name) {
			run = append(run, a)
		}
	}
	if len(run) == 0 {
		return fmt.Errorf("-rows %q names no analyzer (d:NAME)", cfg.rows)
	}
	lcfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Env: scratchEnv(), Tests: false}
	t0 := time.Now()
	loaded, err := packages.Load(lcfg, pkgs...)
	if err != nil {
		return err
	}
	load := time.Since(t0)
	own := map[*packages.Package]bool{}
	for _, p := range loaded {
		own[p] = true
	}
	var rounds [][]actionTime
	for r := range cfg.rounds {
		g, err := checker.Analyze(run, loaded, &checker.Options{Sequential: true})
		if err != nil {
			return err
		}
		var round []actionTime
		for act := range g.All() {
			class := classDependency
			if own[act.Package] {
				class = classOwnNoDB
				if importsDB(act.Package) {
					class = classOwnDB
				}
			}
			round = append(round, actionTime{act.Analyzer.Name, class, act.Duration})
		}
		rounds = append(rounds, round)
		fmt.Fprintf(stderr, "actions: round %d/%d done\n", r+1, cfg.rounds)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %s %s/%s, %d CPUs. %d rounds of checker.Analyze (sequential) on packages loaded once (load and type check: %.1f s, not counted); medians of the per-round sums of each analyzer's actions.\n\n",
		time.Now().UTC().Format("2006-01-02"), runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), cfg.rounds, load.Seconds())
	fmt.Fprintf(&b, "Packages: %s.\n\n", strings.Join(pkgDesc, ", "))
	b.WriteString(actionsTable(rounds))
	fmt.Fprintf(&b, "\nAnalyzers asked for: %s (the others ran because they are required). Load average (1, 5, 15 min) at end: %s.\n", analyzerNames(run), loadAvg())
	fmt.Fprint(stdout, b.String())
	return os.WriteFile(filepath.Join(cfg.out, cfg.benchFile), []byte(b.String()), 0o644)
}

// The classes of packages the table splits the run times by.
const (
	classOwnDB      = "own, database import"
	classOwnNoDB    = "own, no database import"
	classDependency = "dependency"
)

// actionTime is one analyzer's run on one package.
type actionTime struct {
	Analyzer, Class string
	Duration        time.Duration
}

// actionsTable sums each round's run times per analyzer and class of
// package and prints the medians over rounds, with the number of
// packages (the first round's).
func actionsTable(rounds [][]actionTime) string {
	type key struct{ analyzer, class string }
	sums := map[key][]float64{}
	counts := map[key]int{}
	var names []string
	for r, round := range rounds {
		per := map[key]float64{}
		for _, a := range round {
			k := key{a.Analyzer, a.Class}
			per[k] += float64(a.Duration) / float64(time.Millisecond)
			if r == 0 {
				counts[k]++
				if !slices.Contains(names, a.Analyzer) {
					names = append(names, a.Analyzer)
				}
			}
		}
		for k, v := range per {
			sums[k] = append(sums[k], v)
		}
	}
	sort.Strings(names)
	classes := []string{classOwnDB, classOwnNoDB, classDependency}
	var b strings.Builder
	b.WriteString("| analyzer |")
	for _, c := range classes {
		fmt.Fprintf(&b, " %s: packages | ms |", c)
	}
	b.WriteString("\n|---|")
	for range classes {
		b.WriteString("---|---|")
	}
	b.WriteString("\n")
	for _, n := range names {
		fmt.Fprintf(&b, "| %s |", n)
		for _, c := range classes {
			k := key{n, c}
			if counts[k] == 0 {
				b.WriteString(" 0 | – |")
				continue
			}
			fmt.Fprintf(&b, " %d | %.1f |", counts[k], median(sums[k]))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// importsDB reports whether p imports a database library directly.
func importsDB(p *packages.Package) bool {
	for path := range p.Imports {
		if slices.Contains(knowledge.DBLibraries, path) {
			return true
		}
	}
	return false
}

func analyzerNames(as []*analysis.Analyzer) string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return strings.Join(out, ", ")
}
