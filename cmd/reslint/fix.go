package main

import (
	"bytes"
	"cmp"
	"fmt"
	"go/format"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// The driver applies fixes itself, from the findings, rather than through
// go vet -fix: the findings are needed anyway to know which ones no fix
// covers (exit 3), generated files must stay untouched unless
// -generated, and one go vet run serves both.

// suggestedFix is one fix an analyzer suggested for a finding.
type suggestedFix struct {
	message string
	edits   []textEdit
}

// textEdit replaces the bytes [start, end) of filename with new.
type textEdit struct {
	filename   string
	start, end int
	new        string
}

// fixesOf turns the analysis fixes into byte-offset edits.
func fixesOf(fset *token.FileSet, fixes []analysis.SuggestedFix) []suggestedFix {
	var out []suggestedFix
	for _, sf := range fixes {
		fix := suggestedFix{message: sf.Message}
		for _, e := range sf.TextEdits {
			file := fset.File(e.Pos)
			if file == nil {
				fix.edits = nil
				break
			}
			end := e.End
			if !end.IsValid() {
				end = e.Pos
			}
			fix.edits = append(fix.edits, textEdit{file.Name(), file.Offset(e.Pos), file.Offset(end), string(e.NewText)})
		}
		if len(fix.edits) > 0 {
			out = append(out, fix)
		}
	}
	return out
}

// fixOrDiff applies (-fix) or prints as unified diffs (-diff) the first
// fix of every finding, all the fixes of a file together. A fix whose
// edits overlap those of a fix already taken in the same file is dropped
// with a warning, and so are the fixes of a file that no longer parses
// once fixed. The findings left without a fix are printed to stderr; they
// make the exit code 3.
func fixOrDiff(o options, findings []finding, failed bool, wd string, stdout, stderr io.Writer) int {
	// As go vet -fix does, only the main module's files are changed: a
	// dependency's (in the module cache, or replaced by a directory) is
	// not this repository's to edit. Its findings stay unfixed.
	var outside []finding
	if dirs := mainModuleDirs(o); dirs != nil {
		skipped := map[string]bool{}
		findings = slices.DeleteFunc(findings, func(f finding) bool {
			if len(f.fixes) == 0 || !slices.ContainsFunc(f.fixes[0].edits, func(e textEdit) bool { return !inDirs(e.filename, dirs) }) {
				return false // nothing to fix, or only the main module's files
			}
			if !skipped[f.pkg] {
				skipped[f.pkg] = true
				fmt.Fprintf(stderr, "reslint: not fixing package %s: it is outside the main module\n", f.pkg)
			}
			f.fixes = nil
			outside = append(outside, f)
			return true
		})
	}
	files, unfixed, err := applyFixes(findings, os.ReadFile, stderr)
	unfixed = append(unfixed, outside...)
	sortFindings(unfixed)
	if err != nil {
		fmt.Fprintf(stderr, "reslint: %v\n", err)
		failed = true
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		f := files[name]
		if o.diff {
			r := rel(wd, token.Position{Filename: name})
			io.WriteString(stdout, unifiedDiff(r, f.old, f.new))
			continue
		}
		if err := os.WriteFile(name, f.new, 0o666); err != nil {
			fmt.Fprintf(stderr, "reslint: %v\n", err)
			failed = true
		}
	}
	writeText(stderr, unfixed, wd)
	switch {
	case failed:
		return exitError
	case len(unfixed) > 0 && !o.exitZero:
		return exitFindings
	}
	return exitClean
}

// fixedFile is a file's content before and after its fixes.
type fixedFile struct {
	old, new []byte
}

// applyFixes computes the fixed content of every file the findings' first
// fixes touch, and returns the findings that are left unfixed. A finding
// whose fix conflicts with another is unfixed; identical edits from two
// findings (the same fix suggested twice) are applied once.
func applyFixes(findings []finding, readFile func(string) ([]byte, error), warn io.Writer) (map[string]fixedFile, []finding, error) {
	type taken struct {
		edits []textEdit
		by    []int // indexes of the findings whose fix is in edits
	}
	perFile := map[string]*taken{}
	fixedBy := map[int][]string{} // finding index -> files its fix edits
	var unfixed []finding
	for i, f := range findings {
		if len(f.fixes) == 0 {
			unfixed = append(unfixed, f)
			continue
		}
		fix := f.fixes[0]
		if conflict := conflicting(fix, func(name string) []textEdit {
			if t := perFile[name]; t != nil {
				return t.edits
			}
			return nil
		}); conflict != "" {
			fmt.Fprintf(warn, "reslint: %s:%d:%d: fix %q dropped: its edits overlap another fix in %s\n",
				f.posn.Filename, f.posn.Line, f.posn.Column, fix.message, conflict)
			unfixed = append(unfixed, f)
			continue
		}
		for _, e := range fix.edits {
			t := perFile[e.filename]
			if t == nil {
				t = &taken{}
				perFile[e.filename] = t
			}
			if !slices.Contains(t.edits, e) {
				t.edits = append(t.edits, e)
			}
			if !slices.Contains(t.by, i) {
				t.by = append(t.by, i)
			}
			if !slices.Contains(fixedBy[i], e.filename) {
				fixedBy[i] = append(fixedBy[i], e.filename)
			}
		}
	}
	out := map[string]fixedFile{}
	dropped := map[int]bool{}
	var firstErr error
	for name, t := range perFile {
		old, err := readFile(name)
		if err != nil {
			firstErr = cmp.Or(firstErr, err)
			for _, i := range t.by {
				dropped[i] = true
			}
			continue
		}
		fixed, err := applyEdits(old, t.edits)
		if err == nil {
			fixed, err = format.Source(fixed)
		}
		if err != nil {
			fmt.Fprintf(warn, "reslint: %s: fixes dropped: %v\n", name, err)
			for _, i := range t.by {
				dropped[i] = true
			}
			continue
		}
		out[name] = fixedFile{old, fixed}
	}
	// A fix is all or nothing: if one of its files could not be
	// fixed, none is.
	for i := range dropped {
		for _, name := range fixedBy[i] {
			delete(out, name)
		}
	}
	for i := range findings {
		if dropped[i] {
			unfixed = append(unfixed, findings[i])
		}
	}
	sortFindings(unfixed)
	return out, unfixed, firstErr
}

// conflicting returns the name of a file in which fix's edits overlap
// each other or the edits already taken (an identical edit is no
// conflict), or "".
func conflicting(fix suggestedFix, taken func(string) []textEdit) string {
	for i, e := range fix.edits {
		others := append(slices.Clone(taken(e.filename)), fix.edits[:i]...)
		for _, o := range others {
			if o.filename == e.filename && o != e && overlap(o, e) {
				return e.filename
			}
		}
	}
	return ""
}

// overlap reports whether two edits of one file touch the same bytes, or
// insert at the same offset (whose order would be arbitrary).
func overlap(a, b textEdit) bool {
	if a.start == a.end && b.start == b.end {
		return a.start == b.start
	}
	return a.start < b.end && b.start < a.end ||
		a.start == a.end && b.start < a.start && a.start < b.end ||
		b.start == b.end && a.start < b.start && b.start < a.end
}

// applyEdits applies non-overlapping edits to src.
func applyEdits(src []byte, edits []textEdit) ([]byte, error) {
	edits = slices.Clone(edits)
	slices.SortStableFunc(edits, func(a, b textEdit) int {
		return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end))
	})
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		if e.start < last || e.end < e.start || e.end > len(src) {
			return nil, fmt.Errorf("edit [%d,%d) out of order or outside the file", e.start, e.end)
		}
		out.Write(src[last:e.start])
		out.WriteString(e.new)
		last = e.end
	}
	out.Write(src[last:])
	return out.Bytes(), nil
}

// unifiedDiff returns the unified diff (3 lines of context) that turns
// old into new, for the file name.
func unifiedDiff(name string, old, new []byte) string {
	a, b := splitLines(old), splitLines(new)
	ops := diffLines(a, b)
	if len(ops) == 0 {
		return ""
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- a/%s\n+++ b/%s\n", name, name)
	const ctx = 3
	// Group the changes into hunks whose context does not touch.
	for i := 0; i < len(ops); {
		j := i
		for j+1 < len(ops) && ops[j+1].a0-ops[j].a1 <= 2*ctx {
			j++
		}
		a0, b0 := max(ops[i].a0-ctx, 0), max(ops[i].b0-ctx, 0)
		a1 := min(ops[j].a1+ctx, len(a))
		b1 := min(ops[j].b1+ctx, len(b))
		fmt.Fprintf(&sb, "@@ -%s +%s @@\n", hunkRange(a0, a1-a0), hunkRange(b0, b1-b0))
		pos := a0
		for _, op := range ops[i : j+1] {
			for ; pos < op.a0; pos++ {
				writeLine(&sb, ' ', a[pos])
			}
			for _, l := range a[op.a0:op.a1] {
				writeLine(&sb, '-', l)
			}
			for _, l := range b[op.b0:op.b1] {
				writeLine(&sb, '+', l)
			}
			pos = op.a1
		}
		for ; pos < a1; pos++ {
			writeLine(&sb, ' ', a[pos])
		}
		i = j + 1
	}
	return sb.String()
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprint(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

func writeLine(sb *strings.Builder, mark byte, l string) {
	sb.WriteByte(mark)
	sb.WriteString(l)
	if !strings.HasSuffix(l, "\n") {
		sb.WriteString("\n\\ No newline at end of file\n")
	}
}

func splitLines(b []byte) []string {
	if len(b) == 0 {
		return nil
	}
	lines := strings.SplitAfter(string(b), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// lineOp replaces the lines a[a0:a1] by b[b0:b1].
type lineOp struct{ a0, a1, b0, b1 int }

// diffLines returns the changes that turn a into b. Past the common
// prefix and suffix it takes a longest common subsequence of lines; fixes
// change few lines, and a middle too large for that is shown as one
// replacement, which is still a correct diff.
func diffLines(a, b []string) []lineOp {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	if len(ma) == 0 && len(mb) == 0 {
		return nil
	}
	n, m := len(ma), len(mb)
	if n*m > 1<<22 {
		return []lineOp{{pre, pre + n, pre, pre + m}}
	}
	// lcs[i][j] is the length of the LCS of ma[i:] and mb[j:].
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if ma[i] == mb[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var ops []lineOp
	i, j := 0, 0
	open := false
	for i < n || j < m {
		switch {
		case i < n && j < m && ma[i] == mb[j]:
			open = false
			i++
			j++
			continue
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			if !open {
				ops = append(ops, lineOp{pre + i, pre + i, pre + j, pre + j})
				open = true
			}
			j++
		default:
			if !open {
				ops = append(ops, lineOp{pre + i, pre + i, pre + j, pre + j})
				open = true
			}
			i++
		}
		ops[len(ops)-1].a1, ops[len(ops)-1].b1 = pre+i, pre+j
	}
	return ops
}

// mainModuleDirs returns the directories of the main modules (one, or a
// workspace's), as the go command lists them; nil when it cannot.
func mainModuleDirs(o options) []string {
	args := []string{"list"}
	if o.dir != "" {
		args = append(args, "-C", o.dir)
	}
	args = append(args, "-m", "-f", "{{.Dir}}")
	args = append(args, buildFlags(o)...)
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		return nil
	}
	var dirs []string
	for d := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		if d = strings.TrimSpace(d); d != "" {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// inDirs reports whether file lies in one of dirs.
func inDirs(file string, dirs []string) bool {
	for _, d := range dirs {
		if r, err := filepath.Rel(d, file); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
}
