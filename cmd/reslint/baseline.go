package main

// A baseline lets a legacy repository adopt reslint without fixing every
// old finding first: -baseline=write FILE records today's findings, and
// -baseline=FILE reports only the ones that are not recorded. An entry
// is keyed by what survives unrelated edits — package, rule, message
// (line numbers in it masked), enclosing function and the finding's
// source text — never by line number, so code moving up or down a file
// does not turn old findings into new ones.

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// baselineWrite is the -baseline value that records instead of filtering.
const baselineWrite = "write"

// baselineFormat is the version of the file format; a file of another
// version is rejected rather than misread.
const baselineFormat = 1

// baselineOptions are the baseline flags and what they name.
type baselineOptions struct {
	mode  string // "", baselineWrite, or the file to filter by
	prune bool
	file  string        // the baseline file
	base  *baselineFile // read mode: its contents
}

func baselineFlags(fs *flag.FlagSet, b *baselineOptions) {
	fs.StringVar(&b.mode, "baseline", "", "report only findings not in this baseline `file`; -baseline=write FILE records the current findings in FILE instead")
	fs.BoolVar(&b.prune, "baseline-prune", false, "with -baseline=FILE, rewrite FILE without the entries no longer found")
}

// setup checks the baseline flags, takes FILE off the front of the
// arguments in write mode and reads the file in filter mode. It returns
// the remaining arguments (the packages), or false after printing a usage
// error.
func (b *baselineOptions) setup(args []string, stderr io.Writer) ([]string, bool) {
	switch b.mode {
	case "":
		if b.prune {
			fmt.Fprintln(stderr, "reslint: -baseline-prune needs -baseline=FILE")
			return nil, false
		}
		return args, true
	case baselineWrite:
		if b.prune {
			fmt.Fprintln(stderr, "reslint: -baseline-prune has nothing to prune with -baseline=write")
			return nil, false
		}
		if len(args) == 0 || strings.HasSuffix(args[0], "...") || strings.HasPrefix(args[0], "-") {
			fmt.Fprintln(stderr, "reslint: -baseline=write needs the file to write before the packages: reslint -baseline=write FILE ./...")
			return nil, false
		}
		b.file = args[0]
		return args[1:], true
	}
	b.file = b.mode
	base, err := readBaseline(b.file)
	if err != nil {
		fmt.Fprintf(stderr, "reslint: -baseline: %v\n", err)
		return nil, false
	}
	b.base = base
	return args, true
}

// baselineFile is the file's JSON form. Entries are sorted; two findings
// with the same key are two entries.
type baselineFile struct {
	Version  int             `json:"version"`
	Tool     string          `json:"tool"`
	Findings []baselineEntry `json:"findings"`
}

// baselineEntry is one recorded finding. File is there for the reader
// (and sorting) and is not part of the key: a function moved to another
// file of its package keeps its findings baselined.
type baselineEntry struct {
	Package  string `json:"package"`
	File     string `json:"file,omitempty"`
	Function string `json:"function,omitempty"`
	Rule     string `json:"rule"`
	Message  string `json:"message"`
	Snippet  string `json:"snippet"`
}

func (e baselineEntry) key() string {
	return strings.Join([]string{e.Package, e.Rule, e.Function, e.Message, e.Snippet}, "\x00")
}

func compareEntries(a, b baselineEntry) int {
	return cmp.Or(
		cmp.Compare(a.Package, b.Package),
		cmp.Compare(a.File, b.File),
		cmp.Compare(a.Function, b.Function),
		cmp.Compare(a.Rule, b.Rule),
		cmp.Compare(a.Message, b.Message),
		cmp.Compare(a.Snippet, b.Snippet),
	)
}

// lineRef matches what a message says about lines ("the return at line
// 15", "retry.go:40"), which moves with every edit above it.
var lineRef = regexp.MustCompile(`\blines? \d+|\.go:\d+(:\d+)?`)

// normalMessage masks the line numbers in a message.
func normalMessage(m string) string {
	return lineRef.ReplaceAllStringFunc(m, func(ref string) string {
		if word, _, ok := strings.Cut(ref, " "); ok {
			return word + " N"
		}
		return ".go:N"
	})
}

// entryOf is a finding's baseline entry, computed from its position and
// the file's contents alone.
func entryOf(f finding, src *sources, wd string) baselineEntry {
	s := src.get(f.posn.Filename)
	posn := s.resolve(f.posn)
	end := f.end
	if end.Filename != "" {
		end = s.resolve(end)
	}
	return baselineEntry{
		Package:  f.pkg,
		File:     filepath.ToSlash(rel(wd, posn)),
		Function: s.enclosingFunc(posn.Filename, s.offset(posn)),
		Rule:     f.rule,
		Message:  normalMessage(f.message),
		Snippet:  s.snippet(posn, end),
	}
}

func readBaseline(name string) (*baselineFile, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var b baselineFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("%s is not a reslint baseline: %v", name, err)
	}
	if b.Version != baselineFormat {
		return nil, fmt.Errorf("%s: baseline version %d, this reslint reads version %d (write it again with -baseline=write)", name, b.Version, baselineFormat)
	}
	return &b, nil
}

// writeBaseline writes entries, sorted, to name, replacing it whole so
// that an interrupted run never leaves half a file.
func writeBaseline(name string, entries []baselineEntry) error {
	slices.SortFunc(entries, compareEntries)
	b := baselineFile{Version: baselineFormat, Tool: "reslint", Findings: entries}
	if b.Findings == nil {
		b.Findings = []baselineEntry{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(b); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), ".reslint-baseline-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(buf.Bytes())
	err = errors.Join(err, tmp.Close())
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// applyBaseline records the findings (write mode, which returns the exit
// code to end with) or returns those the baseline does not hold, after
// listing its stale entries and pruning them when asked. An entry is
// stale when its package was analyzed and nothing matched it; entries of
// packages outside this run are kept as they are.
func applyBaseline(o options, fs []finding, analyzed []string, errored bool, src *sources, wd string, stderr io.Writer) ([]finding, int) {
	b := o.baseline
	if b.mode == baselineWrite {
		entries := make([]baselineEntry, 0, len(fs))
		for _, f := range fs {
			entries = append(entries, entryOf(f, src, wd))
		}
		if err := writeBaseline(b.file, entries); err != nil {
			fmt.Fprintf(stderr, "reslint: -baseline=write: %v\n", err)
			return nil, exitError
		}
		fmt.Fprintf(stderr, "reslint: recorded %d findings in %s\n", len(entries), b.file)
		if errored {
			// The baseline lacks whatever the failed packages would
			// have reported.
			return nil, exitError
		}
		return nil, exitClean
	}

	left := map[string]int{}
	for _, e := range b.base.Findings {
		left[e.key()]++
	}
	var fresh []finding
	for _, f := range fs {
		if k := entryOf(f, src, wd).key(); left[k] > 0 {
			left[k]--
		} else {
			fresh = append(fresh, f)
		}
	}

	inRun := map[string]bool{}
	for _, p := range analyzed {
		inRun[p] = true
	}
	var kept, stale []baselineEntry
	// The file is sorted; the last copies of a key are the stale ones.
	for i := len(b.base.Findings) - 1; i >= 0; i-- {
		e := b.base.Findings[i]
		if k := e.key(); left[k] > 0 && (analyzed == nil || inRun[e.Package]) {
			left[k]--
			stale = append(stale, e)
		} else {
			kept = append(kept, e)
		}
	}
	slices.SortFunc(stale, compareEntries)
	if len(stale) > 0 {
		fmt.Fprintf(stderr, "reslint: %s: %s no longer found (-baseline-prune drops them):\n", b.file, countEntries(len(stale)))
		for _, e := range stale {
			fmt.Fprintf(stderr, "\t%s %s %s: %s\n", e.File, cmp.Or(e.Function, "-"), e.Rule, e.Message)
		}
	}
	if b.prune && len(stale) > 0 {
		if errored {
			fmt.Fprintf(stderr, "reslint: not pruning %s: some packages did not load or an analyzer failed, so their entries cannot be judged\n", b.file)
		} else if err := writeBaseline(b.file, kept); err != nil {
			fmt.Fprintf(stderr, "reslint: -baseline-prune: %v\n", err)
			return fresh, exitError
		} else {
			fmt.Fprintf(stderr, "reslint: pruned %s from %s\n", countEntries(len(stale)), b.file)
		}
	}
	return fresh, exitClean
}

func countEntries(n int) string {
	if n == 1 {
		return "1 baseline entry"
	}
	return fmt.Sprintf("%d baseline entries", n)
}

// fingerprints returns, for each finding, a stable hash of its baseline
// key with the occurrence number among equal keys: SARIF's
// partialFingerprints, which let code scanning follow an alert across
// line shifts the same way the baseline does.
func fingerprints(fs []finding, src *sources, wd string) []string {
	seen := map[string]int{}
	out := make([]string, len(fs))
	for i, f := range fs {
		e := entryOf(f, src, wd)
		e.File = ""
		sum := sha256.Sum256([]byte(e.key()))
		k := hex.EncodeToString(sum[:8])
		seen[k]++
		out[i] = fmt.Sprintf("%s:%d", k, seen[k])
	}
	return out
}
