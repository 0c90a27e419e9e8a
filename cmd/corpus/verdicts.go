package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Verdict is one row of corpus/verdicts.md.
type Verdict struct {
	Key     string
	Verdict string // "TP", "FP", or anything else meaning "not judged yet"
	Why     string
	Line    int // line in verdicts.md, for messages
}

// judged reports whether the row carries a real verdict.
func (v Verdict) judged() bool { return v.Verdict == "TP" || v.Verdict == "FP" }

// verdictsHeader starts a new verdicts.md; the harness writes it when the
// file does not exist yet.
const verdictsHeader = `# Corpus verdicts

Every finding reslint reports on the corpus (corpus/findings.json) has a row
here. ` + "`go run ./cmd/corpus`" + ` fails while a finding has no row or
its verdict is not TP or FP, and prints the missing rows ready to paste.

- finding key: ` + "`module@version/dir/file.go:LINE RULE`" + ` (RULE is the
  finding's rule id: N1, T2, ...; see docs/rules.md). Versions are pinned,
  so line numbers are stable, and rewording a message keeps its verdict.
- verdict: TP (a real bug: say why in one line) or FP (a false positive:
  name the issue or commit that fixed it; the row goes stale once fixed).

| finding key | verdict | why / fixed by |
|---|---|---|
`

// parseVerdicts reads the markdown table rows of verdicts.md. Rows are
// recognised by their leading '|'; the header and separator rows are
// skipped. A key that appears twice is reported as a problem (the first
// row wins), as is a row with too few cells.
func parseVerdicts(r io.Reader) (map[string]Verdict, []string, error) {
	verdicts := make(map[string]Verdict)
	var problems []string
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "|") {
			continue
		}
		cells := splitRow(line)
		if len(cells) == 0 || cells[0] == "finding key" || isSeparator(cells) {
			continue
		}
		if len(cells) < 2 {
			problems = append(problems, fmt.Sprintf("verdicts.md:%d: row needs | key | verdict | why |", n))
			continue
		}
		v := Verdict{Key: strings.Trim(cells[0], "`"), Verdict: strings.ToUpper(cells[1]), Line: n}
		if len(cells) > 2 {
			v.Why = cells[2]
		}
		if old, dup := verdicts[v.Key]; dup {
			problems = append(problems, fmt.Sprintf("verdicts.md:%d: duplicate key (first at line %d): %s", n, old.Line, v.Key))
			continue
		}
		verdicts[v.Key] = v
	}
	return verdicts, problems, sc.Err()
}

// splitRow splits "| a | b \| c |" into trimmed, unescaped cells.
func splitRow(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(line, "|")
	var cells []string
	var cur strings.Builder
	for i := 0; i < len(line); i++ {
		switch {
		case line[i] == '\\' && i+1 < len(line) && line[i+1] == '|':
			cur.WriteByte('|')
			i++
		case line[i] == '|':
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(line[i])
		}
	}
	// Text after the last '|' belongs to a row without a closing pipe.
	if rest := strings.TrimSpace(cur.String()); rest != "" {
		cells = append(cells, rest)
	}
	return cells
}

func isSeparator(cells []string) bool {
	for _, c := range cells {
		if strings.Trim(c, "-: ") != "" {
			return false
		}
	}
	return true
}

// escapeCell makes s safe inside a markdown table cell.
func escapeCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// verdictRow formats a ready-to-paste row.
func verdictRow(key, verdict, why string) string {
	return fmt.Sprintf("| %s | %s | %s |", escapeCell(key), verdict, escapeCell(why))
}

// checkVerdicts compares findings with the verdict table. missing holds the
// keys (sorted, unique) of findings with no row or an undecided one; stale
// holds rows of the modules in ran whose key matches no finding any more.
// Rows of modules that did not run are neither checked nor reported.
func checkVerdicts(findings []Finding, verdicts map[string]Verdict, ran []string) (missing []string, stale []Verdict) {
	current := make(map[string]bool)
	for _, f := range findings {
		current[f.Key] = true
		if v, ok := verdicts[f.Key]; !ok || !v.judged() {
			missing = append(missing, f.Key)
		}
	}
	slices.Sort(missing)
	missing = slices.Compact(missing)
	for _, v := range verdicts {
		if current[v.Key] {
			continue
		}
		for _, m := range ran {
			if strings.HasPrefix(v.Key, m+"/") {
				stale = append(stale, v)
				break
			}
		}
	}
	slices.SortFunc(stale, func(a, b Verdict) int { return a.Line - b.Line })
	return missing, stale
}
