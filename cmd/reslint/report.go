package main

// The output side of the driver: whatever produced the findings (the
// checker in this process, or go vet's JSON), report turns them into the
// chosen format, applies the baseline, and decides the exit code. It
// reads only the findings' positions and the files' contents, so it does
// not depend on how the packages were loaded.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/reslint/reslint/internal/analysisutil"
	"golang.org/x/tools/go/analysis"
)

// formats are the values -format accepts.
var formats = []string{"text", "json", "sarif", "github"}

// fix is one suggested fix of a finding, with its edits resolved to
// positions. An edit's positions may carry only a byte offset (Line 0), as
// go vet's JSON gives them; the writers then derive the line and column
// from the file.

// report writes fs in o's format, filtered through the baseline when one
// is named, and returns the exit code. analyzed lists the package paths
// the run covered (a baseline entry of another package is not stale);
// nil means all. errored is set when a package did not load or an
// analyzer failed.
//
// loadErrs are the packages that did not load, already printed to stderr:
// -json and SARIF carry them too, so that a job that keeps only stdout
// knows the run is incomplete.
func report(o options, analyzers []*analysis.Analyzer, fs []finding, analyzed []string, loadErrs []loadError, errored bool, wd string, stdout, stderr io.Writer) int {
	src := newSources()
	if o.baseline.mode != "" {
		var code int
		fs, code = applyBaseline(o, fs, analyzed, errored, src, wd, stderr)
		if o.baseline.mode == baselineWrite {
			return code
		}
		errored = errored || code == exitError
	}
	switch o.format {
	case "json":
		writeJSON(stdout, fs, loadErrs)
	case "sarif":
		if err := writeSARIF(stdout, fs, wd, analyzers, src, loadErrs); err != nil {
			fmt.Fprintf(stderr, "reslint: %v\n", err)
			return exitError
		}
	case "github":
		writeGitHub(stdout, fs, repoRoot(wd), o.pathPrefix)
	default:
		writeText(stdout, fs, wd)
	}
	switch {
	case errored:
		return exitError
	case len(fs) > 0 && !o.exitZero:
		return exitFindings
	}
	return exitClean
}

// sources reads each file the findings name once, and answers questions
// about its lines and declarations. A file that cannot be read (deleted
// since, or a cgo-generated name) gives empty answers, never an error:
// the finding is still reported.
type sources struct {
	files map[string]*source
}

type source struct {
	content []byte
	lines   []int // offset of the start of each line
	funcs   []funcRange
}

// funcRange is a function declaration's extent, doc comment included, so
// that a finding on a //reslint: directive in the doc belongs to it.
type funcRange struct {
	start, end int // byte offsets
	name       string
}

func newSources() *sources { return &sources{files: map[string]*source{}} }

func (s *sources) get(filename string) *source {
	if f, ok := s.files[filename]; ok {
		return f
	}
	f := &source{}
	if b, err := os.ReadFile(filename); err == nil {
		f.content = b
		f.lines = append(f.lines, 0)
		for i, c := range b {
			if c == '\n' {
				f.lines = append(f.lines, i+1)
			}
		}
	}
	s.files[filename] = f
	return f
}

// line returns the text of line n (1-based) without its newline.
func (f *source) line(n int) (string, bool) {
	if n < 1 || n > len(f.lines) {
		return "", false
	}
	start, end := f.lines[n-1], len(f.content)
	if n < len(f.lines) {
		end = f.lines[n] - 1
	}
	return strings.TrimSuffix(string(f.content[start:end]), "\r"), true
}

// offset returns the byte offset of a position, from its line and column
// when it has them (go vet's JSON gives only those), else its Offset.
func (f *source) offset(p token.Position) int {
	if p.Line > 0 && p.Line <= len(f.lines) {
		return f.lines[p.Line-1] + max(p.Column, 1) - 1
	}
	return p.Offset
}

// resolve fills in the line and column of a position that has only a
// byte offset.
func (f *source) resolve(p token.Position) token.Position {
	if p.Line > 0 || f.lines == nil {
		return p
	}
	i := 0
	for i+1 < len(f.lines) && f.lines[i+1] <= p.Offset {
		i++
	}
	p.Line, p.Column = i+1, p.Offset-f.lines[i]+1
	return p
}

// utf16Column converts a Go column (bytes from the start of the line,
// 1-based) to the UTF-16 code units that SARIF counts by default. Without
// the file, the byte column is the best guess (they agree on ASCII).
func (f *source) utf16Column(line, col int) int {
	text, ok := f.line(line)
	if !ok || col < 1 {
		return col
	}
	n := 1
	for i := 0; i < col-1 && i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		n += utf16.RuneLen(r)
		i += size
	}
	if col-1 > len(text) { // a position past the end of the line (its newline)
		n += col - 1 - len(text)
	}
	return n
}

// enclosingFunc returns the name of the function declaration around a
// byte offset, as Recv.Name for a method or Name, or "" at package level.
// Function literals have no name of their own; they belong to the
// declaration they are written in.
func (f *source) enclosingFunc(filename string, off int) string {
	if f.funcs == nil && f.content != nil {
		f.funcs = []funcRange{} // parsed, even when it declares no function
		// A file with syntax errors still yields the declarations before
		// the error, which is as much as a name can be found for.
		file, _ := parser.ParseFile(token.NewFileSet(), filename, f.content, parser.SkipObjectResolution|parser.ParseComments)
		if file != nil {
			base := file.FileStart
			for _, d := range file.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok {
					continue
				}
				start := fd.Pos()
				if fd.Doc != nil {
					start = fd.Doc.Pos()
				}
				f.funcs = append(f.funcs, funcRange{int(start - base), int(fd.End() - base), analysisutil.DeclName(fd)})
			}
		}
	}
	for _, r := range f.funcs {
		if r.start <= off && off <= r.end {
			return r.name
		}
	}
	return ""
}

// snippet returns the finding's source text with whitespace collapsed:
// the lines from its start to its end when they are at most three, else
// the first line alone (a finding that spans a whole loop should not stop
// matching when an unrelated line inside the loop changes).
func (f *source) snippet(start, end token.Position) string {
	last := start.Line
	if end.Line >= start.Line && end.Line-start.Line < 3 && end.Filename == start.Filename {
		last = end.Line
	}
	var b bytes.Buffer
	for n := start.Line; n <= last; n++ {
		text, ok := f.line(n)
		if !ok {
			break
		}
		b.WriteString(text)
		b.WriteByte(' ')
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
