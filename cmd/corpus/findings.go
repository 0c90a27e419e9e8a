package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Finding is one reslint diagnostic on a corpus module, with its position
// made independent of the machine (no module cache directory in it).
type Finding struct {
	Module   string `json:"module"` // module@version
	File     string `json:"file"`   // module@version/dir/file.go
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Analyzer string `json:"analyzer"`
	Rule     string `json:"rule"` // the diagnostic's category: N1, T2, ...
	Message  string `json:"message"`
	Key      string `json:"key"` // see findingKey
}

// findingKey is the stable identifier of a finding in verdicts.md:
//
//	module@version/dir/file.go:LINE RULE
//
// Line numbers are stable because corpus versions are pinned; the rule id
// names what is reported, so rewording a message keeps its verdicts. The
// column is left out so that a fix which only shifts the reported column
// keeps its verdict. A rule reports at most one finding per position, and
// two findings of one rule on one line share a verdict.
func findingKey(file string, line int, rule string) string {
	return fmt.Sprintf("%s:%d %s", file, line, rule)
}

// rawDiag is one diagnostic as the -json output gives it.
type rawDiag struct {
	Pkg, Analyzer, Category, Posn, Message string
}

// parseCheckerJSON decodes the -json output of a go/analysis checker: an
// object keyed by package ID, then by analyzer name, whose values are either
// a list of diagnostics or {"error": "..."} when the analyzer failed.
// Trailing output after the object is ignored.
func parseCheckerJSON(data []byte) (diags []rawDiag, analyzerErrs []string, err error) {
	var tree map[string]map[string]json.RawMessage
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&tree); err != nil {
		return nil, nil, fmt.Errorf("decoding -json output: %v", err)
	}
	for pkg, byAnalyzer := range tree {
		for name, v := range byAnalyzer {
			v = bytes.TrimSpace(v)
			if len(v) > 0 && v[0] == '{' {
				var e struct {
					Error string `json:"error"`
				}
				if err := json.Unmarshal(v, &e); err != nil {
					return nil, nil, fmt.Errorf("%s: %s: %v", pkg, name, err)
				}
				analyzerErrs = append(analyzerErrs, fmt.Sprintf("%s: %s: %s", pkg, name, e.Error))
				continue
			}
			var list []struct {
				Posn     string `json:"posn"`
				Message  string `json:"message"`
				Category string `json:"category"`
			}
			if err := json.Unmarshal(v, &list); err != nil {
				return nil, nil, fmt.Errorf("%s: %s: %v", pkg, name, err)
			}
			for _, d := range list {
				diags = append(diags, rawDiag{pkg, name, d.Category, d.Posn, d.Message})
			}
		}
	}
	slices.Sort(analyzerErrs)
	return diags, analyzerErrs, nil
}

// splitPosn splits "file:line:col" (or "file:line") as printed by
// token.Position.String. It splits from the right, so a file name that
// contains ':' survives.
func splitPosn(posn string) (file string, line, col int, ok bool) {
	file, last, found := cutLast(posn, ":")
	if !found {
		return posn, 0, 0, false
	}
	n, err := strconv.Atoi(last)
	if err != nil {
		return posn, 0, 0, false
	}
	if f, mid, found := cutLast(file, ":"); found {
		if l, err := strconv.Atoi(mid); err == nil {
			return f, l, n, true
		}
	}
	return file, n, 0, true
}

func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}

// normalizer rewrites machine-specific paths into stable ones.
type normalizer struct {
	mod      string // module@version
	modDir   string // that module's directory in the module cache
	modCache string // GOMODCACHE
	goroot   string // GOROOT
	work     string // the scratch workspace
}

// file makes a file name module-relative: a file of the corpus module becomes
// module@version/dir/file.go; a file of another module in the cache becomes
// its own module@version/... (with the cache's !-escaping undone); a
// standard library file becomes $GOROOT/...; anything else is left alone.
func (n normalizer) file(name string) string {
	name = filepath.ToSlash(name)
	if rel, ok := under(name, n.modDir); ok {
		return n.mod + "/" + rel
	}
	if rel, ok := under(name, n.modCache); ok {
		return unescapeModCache(rel)
	}
	if rel, ok := under(name, n.goroot); ok {
		return "$GOROOT/" + rel
	}
	return name
}

// text rewrites the same directories inside free text such as load errors.
func (n normalizer) text(s string) string {
	for _, r := range []struct{ dir, repl string }{
		{n.modDir, n.mod},
		{n.modCache, "$GOMODCACHE"},
		{n.goroot, "$GOROOT"},
		{n.work, "$WORK"},
	} {
		if r.dir != "" {
			s = strings.ReplaceAll(s, filepath.ToSlash(r.dir), r.repl)
		}
	}
	return s
}

func under(name, dir string) (string, bool) {
	if dir == "" {
		return "", false
	}
	dir = strings.TrimSuffix(filepath.ToSlash(dir), "/") + "/"
	if strings.HasPrefix(name, dir) {
		return name[len(dir):], true
	}
	return "", false
}

// unescapeModCache undoes the module cache's case encoding: the cache stores
// github.com/IBM/sarama as github.com/!i!b!m/sarama.
func unescapeModCache(p string) string {
	if !strings.Contains(p, "!") {
		return p
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if p[i] == '!' && i+1 < len(p) && 'a' <= p[i+1] && p[i+1] <= 'z' {
			b.WriteByte(p[i+1] - 'a' + 'A')
			i++
			continue
		}
		b.WriteByte(p[i])
	}
	return b.String()
}

// toFindings turns raw diagnostics into normalized findings. Positions that
// the test variant of a package reports again ("p" and "p [p.test]" share
// their non-test files) are counted once.
func toFindings(mod string, raw []rawDiag, n normalizer) []Finding {
	seen := make(map[Finding]bool)
	var out []Finding
	for _, d := range raw {
		file, line, col, _ := splitPosn(d.Posn)
		f := Finding{
			Module:   mod,
			File:     n.file(file),
			Line:     line,
			Col:      col,
			Analyzer: d.Analyzer,
			Rule:     cmp.Or(d.Category, d.Analyzer),
			Message:  d.Message,
		}
		f.Key = findingKey(f.File, f.Line, f.Rule)
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	sortFindings(out)
	return out
}

// sortFindings orders findings by module, file, line, analyzer, message
// (then column), so findings.json diffs only where the results changed.
func sortFindings(fs []Finding) {
	slices.SortFunc(fs, func(a, b Finding) int {
		return cmp.Or(
			cmp.Compare(a.Module, b.Module),
			cmp.Compare(a.File, b.File),
			cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Analyzer, b.Analyzer),
			cmp.Compare(a.Message, b.Message),
			cmp.Compare(a.Col, b.Col),
		)
	})
}
