package main

// The recall audit (corpus/audit.md): which loops of the corpus modules wait
// between iterations, and which of them reslint takes for retry loops.
//
//	go run ./cmd/corpus -only M -reslint-flags=-retryscope.show -show-out /tmp/show.json
//	go run ./cmd/corpus -only M -audit -audit-show /tmp/show.json
//
// The first run records every diagnostic, including the "retry scope: ..."
// lines of -retryscope.show, in a file of its own (findings.json, the
// summary and the verdicts are left alone). The second lists the candidate
// loops of each module's non-test, non-generated files, marks the ones the
// show run reported as retry loops, and prints the findings (the diagnostics
// that are not show lines) for triage.

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/reslint/reslint/internal/analysisutil"
)

// showFile is the content of a -show-out file.
type showFile struct {
	Results  []Result  `json:"results"`
	Findings []Finding `json:"findings"`
}

// writeShowOut merges a run's results and diagnostics into path, replacing
// the entries of the modules that ran and keeping the others.
func writeShowOut(path string, results []Result, findings []Finding, all []Module, stderr io.Writer) (int, error) {
	var prev showFile
	if err := readJSON(path, &prev); err != nil {
		return 0, fmt.Errorf("%s: %v", path, err)
	}
	merged := showFile{}
	merged.Results, merged.Findings = mergeResults(prev.Results, results, prev.Findings, findings, all)
	if err := writeJSON(path, merged); err != nil {
		return 0, err
	}
	fmt.Fprintf(stderr, "wrote %s (%d diagnostics of %d modules)\n", path, len(merged.Findings), len(merged.Results))
	for _, r := range results {
		if r.Status == "failed" || len(r.AnalyzerErrors) > 0 {
			return 2, nil
		}
	}
	return 0, nil
}

// A waitLoop is a for or range statement that waits between iterations.
type waitLoop struct {
	File  string   // relative to the module root, slash-separated
	Line  int      // of the for keyword
	Func  string   // enclosing function: F, T.M, F.func (inside a literal)
	Waits []string // what it waits with, as spelled: time.Sleep, <-t.C, backoff(...)
	Goto  bool     // a label and a backward goto, Line the label's
}

// findWaitLoops lists the wait loops of the module rooted at dir: every
// non-test, non-generated .go file of the module itself (nested modules,
// testdata, vendor and directories the go command ignores are skipped).
func findWaitLoops(dir string) ([]waitLoop, error) {
	var out []waitLoop
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != dir {
				if name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir // a nested module
				}
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		loops, err := waitLoopsOf(filepath.ToSlash(rel), src)
		if err != nil {
			return nil // a file that does not parse is not Go the module builds
		}
		out = append(out, loops...)
		return nil
	})
	return out, err
}

// waitLoopsOf lists the wait loops of one file (none if it is generated).
func waitLoopsOf(name string, src []byte) ([]waitLoop, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	if ast.IsGenerated(f) {
		return nil, nil
	}
	timePkg := ""
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "time" {
			timePkg = "time"
			if imp.Name != nil {
				timePkg = imp.Name.Name
			}
		}
	}
	w := &waitWalker{fset: fset, file: name, time: timePkg, waits: map[ast.Node][]string{}}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		w.fn = analysisutil.DeclName(fd)
		w.chans = waitChans(fd.Body, timePkg)
		w.walk(fd.Body, nil, w.fn)
		w.gotoLoopsAll(fd.Body, w.fn)
	}
	var out []waitLoop
	for _, l := range w.loops {
		if ws := w.waits[l.node]; len(ws) > 0 {
			l.loop.Waits = uniq(ws)
			out = append(out, l.loop)
		}
	}
	return out, nil
}

// gotoLoopsAll runs gotoLoops on body and on the body of every function
// literal in it: a goto cannot leave a literal, so each body has its own
// labels (the connect goroutine of an MQTT client retries with goto).
func (w *waitWalker) gotoLoopsAll(body *ast.BlockStmt, fn string) {
	w.gotoLoops(body, fn)
	ast.Inspect(body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok {
			w.gotoLoopsAll(lit.Body, fn+".func")
			return false
		}
		return true
	})
}

// waitChans lists the variables of body that hold a channel which only a
// timer sends on: t := time.After(d), tick := time.Tick(d), c := timer.C.
// A receive from one of them waits as much as <-time.After(d) does.
func waitChans(body *ast.BlockStmt, timePkg string) map[string]bool {
	chans := map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, rhs := range as.Rhs {
			id, ok := as.Lhs[i].(*ast.Ident)
			if !ok || id.Name == "_" {
				continue
			}
			switch r := ast.Unparen(rhs).(type) {
			case *ast.CallExpr:
				if sel, ok := r.Fun.(*ast.SelectorExpr); ok && timePkg != "" {
					if x, ok := sel.X.(*ast.Ident); ok && x.Name == timePkg && (sel.Sel.Name == "After" || sel.Sel.Name == "Tick") {
						chans[id.Name] = true
					}
				}
			case *ast.SelectorExpr:
				if r.Sel.Name == "C" {
					chans[id.Name] = true
				}
			}
		}
		return true
	})
	return chans
}

// recvWait says how a receive expression waits on a timer, or "": <-t.C, or
// <-v where v is one of waitChans.
func (w *waitWalker) recvWait(u *ast.UnaryExpr) string {
	if u.Op != token.ARROW {
		return ""
	}
	switch x := ast.Unparen(u.X).(type) {
	case *ast.SelectorExpr:
		if x.Sel.Name == "C" {
			return "<-" + exprString(x)
		}
	case *ast.Ident:
		if w.chans[x.Name] {
			return "<-" + x.Name
		}
	}
	return ""
}

// gotoLoops records the loops written with a label and a backward goto
// (L: ...; goto L) in body, outside function literals: the statements from
// the label to the goto are the loop's body, and its waits are the wait
// calls among them that no for/range loop of their own encloses.
func (w *waitWalker) gotoLoops(body *ast.BlockStmt, fn string) {
	labels := map[string]*ast.LabeledStmt{}
	var gotos []*ast.BranchStmt
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.LabeledStmt:
			labels[n.Label.Name] = n
		case *ast.BranchStmt:
			if n.Tok == token.GOTO && n.Label != nil {
				gotos = append(gotos, n)
			}
		}
		return true
	})
	for _, g := range gotos {
		l := labels[g.Label.Name]
		if l == nil || l.Pos() > g.Pos() {
			continue
		}
		var waits []string
		ast.Inspect(body, func(n ast.Node) bool {
			if n == nil || n.End() <= l.Pos() || n.Pos() >= g.End() {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt, *ast.RangeStmt:
				if n.Pos() >= l.Stmt.Pos() && n != l.Stmt {
					return false // a loop of its own
				}
			case *ast.CallExpr:
				if s := w.waitCall(n); s != "" && n.Pos() >= l.Pos() {
					waits = append(waits, s)
				}
			case *ast.UnaryExpr:
				if s := w.recvWait(n); s != "" && n.Pos() >= l.Pos() {
					waits = append(waits, s)
				}
			}
			return true
		})
		if len(waits) > 0 {
			// One loop per label: several gotos back to it make one loop.
			if _, seen := w.waits[l]; !seen {
				w.loops = append(w.loops, struct {
					node ast.Node
					loop waitLoop
				}{l, waitLoop{File: w.file, Line: w.fset.Position(l.Pos()).Line, Func: fn, Goto: true}})
			}
			w.waits[l] = append(w.waits[l], waits...)
		}
	}
}

func uniq(xs []string) []string {
	slices.Sort(xs)
	return slices.Compact(xs)
}

type waitWalker struct {
	fset  *token.FileSet
	file  string
	time  string // local name of package time, "" if not imported
	fn    string
	chans map[string]bool // timer channels of the function (waitChans)
	loops []struct {
		node ast.Node
		loop waitLoop
	}
	waits map[ast.Node][]string // loop -> its waits
}

// walk visits n; loop is the innermost enclosing for/range statement of the
// same function body (nil outside loops and at a function literal's top).
// A wait belongs to its innermost loop only.
func (w *waitWalker) walk(n ast.Node, loop ast.Node, fn string) {
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case nil:
			return false
		case *ast.FuncLit:
			w.walk(m.Body, nil, fn+".func")
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			if m == n {
				return true
			}
			w.loops = append(w.loops, struct {
				node ast.Node
				loop waitLoop
			}{m, waitLoop{File: w.file, Line: w.fset.Position(m.Pos()).Line, Func: fn}})
			w.walk(m, m, fn)
			return false
		case *ast.CallExpr:
			if s := w.waitCall(m); s != "" && loop != nil {
				w.waits[loop] = append(w.waits[loop], s)
			}
		case *ast.UnaryExpr:
			if s := w.recvWait(m); s != "" && loop != nil {
				w.waits[loop] = append(w.waits[loop], s)
			}
		}
		return true
	})
}

// waitCall says how call waits, or "" if it does not look like a wait:
// time.Sleep/After/NewTimer/Tick, a one-argument Reset (of a timer), or a
// function whose name contains sleep, backoff, wait, pause or delay (a
// Wait with no argument — WaitGroup, Cond — excepted).
func (w *waitWalker) waitCall(call *ast.CallExpr) string {
	var name string
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		name = f.Name
	case *ast.SelectorExpr:
		name = f.Sel.Name
		if x, ok := f.X.(*ast.Ident); ok && w.time != "" && x.Name == w.time {
			switch name {
			case "Sleep", "After", "NewTimer", "Tick":
				return "time." + name
			}
			return ""
		}
		if name == "Reset" && len(call.Args) == 1 {
			return exprString(f) + "(d)"
		}
	case *ast.IndexExpr:
		if id, ok := f.X.(*ast.Ident); ok {
			name = id.Name
		}
	}
	lower := strings.ToLower(name)
	if name == "Wait" && len(call.Args) == 0 {
		return ""
	}
	for _, k := range []string{"sleep", "backoff", "wait", "pause", "delay"} {
		if strings.Contains(lower, k) {
			return exprString(call.Fun) + "()"
		}
	}
	return ""
}

func exprString(e ast.Expr) string {
	var b bytes.Buffer
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		b.WriteString(exprString(e.X))
		b.WriteString(".")
		b.WriteString(e.Sel.Name)
		return b.String()
	case *ast.CallExpr:
		return exprString(e.Fun) + "(...)"
	case *ast.IndexExpr:
		return exprString(e.X) + "[...]"
	case *ast.StarExpr:
		return "*" + exprString(e.X)
	case *ast.ParenExpr:
		return exprString(e.X)
	}
	return "?"
}

// showPrefix starts the diagnostics of -retryscope.show.
const showPrefix = "retry scope: "

// runAudit prints, per selected module, its wait loops with what reslint
// recognised there, and the module's findings.
func runAudit(ctx context.Context, cfg config, mods []Module, w io.Writer) error {
	var show showFile
	if cfg.auditShow != "" {
		if err := readJSON(cfg.auditShow, &show); err != nil {
			return fmt.Errorf("%s: %v", cfg.auditShow, err)
		}
	}
	for _, m := range mods {
		out, err := goCmd(ctx, ".", scratchEnv(), "mod", "download", "-json", m.String())
		if err != nil {
			return err
		}
		var dl struct{ Dir string }
		if err := json.Unmarshal(out, &dl); err != nil || dl.Dir == "" {
			return fmt.Errorf("%s: no module directory: %v", m, err)
		}
		loops, err := findWaitLoops(dl.Dir)
		if err != nil {
			return err
		}
		ran := false
		for _, r := range show.Results {
			ran = ran || r.Module == m.String()
		}
		scopes := map[string]string{} // file:line -> show message
		var findings []Finding
		for _, f := range show.Findings {
			if f.Module != m.String() {
				continue
			}
			rel := strings.TrimPrefix(f.File, m.String()+"/")
			if msg, ok := strings.CutPrefix(f.Message, showPrefix); ok {
				scopes[fmt.Sprintf("%s:%d", rel, f.Line)] = msg
				continue
			}
			findings = append(findings, f)
		}
		fmt.Fprint(w, auditTable(m, loops, scopes, ran))
		for _, f := range findings {
			fmt.Fprintf(w, "finding: %s:%d: %s: %s\n", strings.TrimPrefix(f.File, m.String()+"/"), f.Line, f.Analyzer, f.Message)
		}
		fmt.Fprintln(w)
	}
	return nil
}

// auditTable renders a module's wait loops as a markdown table whose class
// and note columns are left for the reader who reads each loop.
func auditTable(m Module, loops []waitLoop, scopes map[string]string, ran bool) string {
	slices.SortFunc(loops, func(a, b waitLoop) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line))
	})
	var b strings.Builder
	fmt.Fprintf(&b, "### %s\n\n%d wait loops.\n\n| loop | function | waits | recognised | class | note |\n|---|---|---|---|---|---|\n", m, len(loops))
	for _, l := range loops {
		rec := "?"
		if ran {
			rec = "no"
			if msg, ok := scopes[fmt.Sprintf("%s:%d", l.File, l.Line)]; ok && strings.HasPrefix(msg, "retry loop") {
				rec = "yes"
			}
		}
		fn := l.Func
		if l.Goto {
			fn += " (goto loop)"
		}
		fmt.Fprintf(&b, "| %s:%d | %s | %s | %s |  |  |\n", l.File, l.Line, fn, strings.Join(l.Waits, ", "), rec)
	}
	return b.String()
}
