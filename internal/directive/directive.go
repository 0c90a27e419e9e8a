// Package directive implements reslint's comment directives, once, for all
// analyzers:
//
//	//reslint:ignore <analyzer|rule>[,<analyzer|rule>] <reason>
//	//reslint:retry [param...]      (in a function's doc comment)
//	//reslint:classifier            (in a function's doc comment)
//	//reslint:breaker               (in a function's doc comment)
//
// An ignore directive on a line, or on the line above, silences there
// the named analyzers (all their rules) and rules (by id: T1, N2, ...).
// Each analyzer reports its own ignore directives, name by name, that
// silenced nothing, so a stale directive does not hide a future finding
// unnoticed. Malformed directives (no reason, unknown analyzer or rule,
// unknown verb) are reported once, by the suite's root analyzer (see
// Check).
package directive

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/goroot"
)

// Names lists every analyzer name a directive may mention: the analyzers of
// the suite, including those planned but not yet built, so that a
// directive written for a newer reslint is not called unknown. Every
// analyzer and rule id of analysisdoc.Rules is known too (see known).
var Names = []string{
	"noretrycanceled", "idemkeyperseries", "timerstop", "childbudget",
	"classifiercentral", "backoffjitter", "breakerverdict", "ambiguouswrite", "retrystorm", "retryscope", "reslint",
}

const prefix = "//reslint:"

// An Ignore is one parsed //reslint:ignore directive.
type Ignore struct {
	Pos       token.Pos
	File      string
	Line      int      // line of the comment; it covers Line and Line+1
	Analyzers []string // the names written: analyzers and rule ids
	Reason    string
	used      map[string]bool // the names that silenced a finding
}

// known reports whether a directive may name n: an analyzer of the suite
// or a rule id.
func known(n string) bool {
	if slices.Contains(Names, n) {
		return true
	}
	return slices.ContainsFunc(analysisdoc.Rules, func(r analysisdoc.Rule) bool { return r.ID == n || r.Analyzer == n })
}

// knownList is the list of names a directive may mention, for messages.
func knownList() string {
	analyzers := slices.Clone(Names)
	var rules []string
	for _, r := range analysisdoc.Rules {
		if !slices.Contains(analyzers, r.Analyzer) {
			analyzers = append(analyzers, r.Analyzer)
		}
		if r.ID != r.Analyzer {
			rules = append(rules, r.ID)
		}
	}
	return "analyzers " + strings.Join(analyzers, ", ") + "; rules " + strings.Join(rules, ", ")
}

// concerns reports whether the directive name n is about analyzer: its
// name, or the id of one of its rules.
func concerns(n, analyzer string) bool {
	if n == analyzer {
		return true
	}
	r, ok := analysisdoc.RuleByID(n)
	return ok && r.Analyzer == analyzer
}

// parseIgnore parses the text after "//reslint:ignore".
func parseIgnore(rest string) (names []string, reason string) {
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return nil, ""
	}
	for n := range strings.SplitSeq(fields[0], ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	reason = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), fields[0]))
	// "//reslint:ignore x // why" is accepted too, as with //nolint.
	reason = strings.TrimSpace(strings.TrimPrefix(reason, "//"))
	return names, reason
}

// verb splits a comment into its reslint verb and the rest, or ok=false
// when it is not a reslint directive. A directive is a //-comment with no
// space after the slashes, like //go: and //nolint: directives.
func verb(text string) (v, rest string, ok bool) {
	if !strings.HasPrefix(text, prefix) {
		return "", "", false
	}
	body := text[len(prefix):]
	v, rest, _ = strings.Cut(body, " ")
	if i := strings.IndexByte(v, '\t'); i >= 0 {
		v, rest = v[:i], v[i+1:]+" "+rest
	}
	return v, rest, true
}

// Tests is the suite-wide test-file policy: when false (the default), no
// analyzer reports in _test.go files. Tests use short bounded loops, stand-in
// predicates and deliberately bad configurations that are fine there, and
// nobody's request waits on them. Test helpers in non-test files are
// production code and are judged as such. The root analyzer's -tests flag
// sets it; this is the only place the policy is applied.
var Tests bool

// A Reporter wraps pass.Report for one analyzer. It is the one place where
// the suite's reporting policy lives:
//   - every diagnostic carries its rule id as Category (the analyzer name
//     when the analyzer set none);
//   - nothing is reported in _test.go files unless Tests is set;
//   - one diagnostic per position and rule: a second one is dropped;
//   - ignore directives that name the analyzer silence a finding on their
//     line or the next, and Finish reports those that silenced nothing.
//
// Call Finish at the end of the pass.
type Reporter struct {
	pass    *analysis.Pass
	name    string
	ignores []*Ignore
	seen    map[seenKey]bool
}

type seenKey struct {
	pos  token.Pos
	rule string
}

// IsTestFile reports whether the file at pos is a _test.go file.
func IsTestFile(fset *token.FileSet, pos token.Pos) bool {
	return strings.HasSuffix(fset.Position(pos).Filename, "_test.go")
}

// NewReporter collects the ignore directives that name pass.Analyzer.
// Directives without a reason do not silence anything (Check reports them).
func NewReporter(pass *analysis.Pass) *Reporter {
	r := &Reporter{pass: pass, name: pass.Analyzer.Name, seen: map[seenKey]bool{}}
	for _, f := range pass.Files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				v, rest, ok := verb(c.Text)
				if !ok || v != "ignore" {
					continue
				}
				names, reason := parseIgnore(rest)
				if reason == "" || !slices.ContainsFunc(names, func(n string) bool { return concerns(n, r.name) }) {
					continue
				}
				p := pass.Fset.Position(c.Slash)
				r.ignores = append(r.ignores, &Ignore{Pos: c.Slash, File: p.Filename, Line: p.Line, Analyzers: names, Reason: reason, used: map[string]bool{}})
			}
		}
	}
	return r
}

// Report reports d unless the policy drops it (a test file, a duplicate)
// or an ignore directive covers its line.
func (r *Reporter) Report(d analysis.Diagnostic) {
	if d.Category == "" {
		d.Category = r.name
	}
	if d.URL == "" {
		d.URL = analysisdoc.RuleURL(d.Category)
	}
	// In code that does not parse, a node's End may lie one past its
	// file (a call with no closing parenthesis ends at EOF): clamp it, so
	// that every driver can map the range.
	if f := r.pass.Fset.File(d.Pos); f != nil {
		end := token.Pos(f.Base() + f.Size())
		if d.End > end {
			d.End = end
		}
		// A fix whose edits fall outside the file (built from such a
		// node) cannot be applied: drop it, keep the finding.
		d.SuggestedFixes = slices.DeleteFunc(d.SuggestedFixes, func(fix analysis.SuggestedFix) bool {
			return slices.ContainsFunc(fix.TextEdits, func(e analysis.TextEdit) bool {
				ef := r.pass.Fset.File(e.Pos)
				return ef == nil || !r.ownFile(ef) || int(e.End) > ef.Base()+ef.Size() || e.End.IsValid() && e.End < e.Pos
			})
		})
	}
	if !Tests && IsTestFile(r.pass.Fset, d.Pos) {
		return
	}
	k := seenKey{d.Pos, d.Category}
	if r.seen[k] {
		return
	}
	r.seen[k] = true
	if len(r.ignores) > 0 {
		p := r.pass.Fset.Position(d.Pos)
		silenced := false
		for _, ig := range r.ignores {
			if ig.File != p.Filename || (p.Line != ig.Line && p.Line != ig.Line+1) {
				continue
			}
			for _, n := range ig.Analyzers {
				if n == r.name || n == d.Category {
					ig.used[n] = true
					silenced = true
				}
			}
		}
		if silenced {
			return
		}
	}
	if !Enabled(d.Category) {
		return // after the directives: one for this rule is not stale
	}
	r.pass.Report(d)
}

// Silenced reports whether a diagnostic of rule at pos would not be
// shown: it is in a test file the suite skips, the rule is disabled, or
// an ignore directive for the rule (or the analyzer) covers the line,
// which then counts as used. A finding made later from what the pass
// records (a module-wide step of the command) honours the directive so.
func (r *Reporter) Silenced(pos token.Pos, rule string) bool {
	if !Tests && IsTestFile(r.pass.Fset, pos) || !Enabled(rule) {
		return true
	}
	p := r.pass.Fset.Position(pos)
	silenced := false
	for _, ig := range r.ignores {
		if ig.File != p.Filename || (p.Line != ig.Line && p.Line != ig.Line+1) {
			continue
		}
		for _, n := range ig.Analyzers {
			if n == r.name || n == rule {
				ig.used[n] = true
				silenced = true
			}
		}
	}
	return silenced
}

// Reportf is Report with a formatted message and no fixes, under the
// analyzer's name as rule id (for one-rule analyzers).
func (r *Reporter) Reportf(pos token.Pos, format string, args ...any) {
	r.Report(analysis.Diagnostic{Pos: pos, Message: fmt.Sprintf(format, args...)})
}

// ownFile reports whether f is one of the pass's files.
func (r *Reporter) ownFile(f *token.File) bool {
	for _, af := range r.pass.Files {
		if r.pass.Fset.File(af.FileStart) == f {
			return true
		}
	}
	return false
}

// Rulef is Reportf for the rule with id rule (N1, T2, ...).
func (r *Reporter) Rulef(rule analysisdoc.RuleID, pos token.Pos, format string, args ...any) {
	r.Report(analysis.Diagnostic{Pos: pos, Category: string(rule), Message: fmt.Sprintf(format, args...)})
}

// Finish reports, for the ignore directives that concern this analyzer,
// the names (the analyzer's or its rules' ids) that silenced nothing.
func (r *Reporter) Finish() {
	for _, ig := range r.ignores {
		if !Tests && IsTestFile(r.pass.Fset, ig.Pos) {
			continue
		}
		var stale []string
		for _, n := range ig.Analyzers {
			if concerns(n, r.name) && !ig.used[n] && !slices.Contains(stale, n) {
				stale = append(stale, n)
			}
		}
		if len(stale) > 0 && Enabled(string(analysisdoc.Directive)) {
			r.pass.Report(analysis.Diagnostic{Pos: ig.Pos, Category: string(analysisdoc.Directive),
				Message: fmt.Sprintf("//reslint:ignore directive for %s silences nothing here; remove it", strings.Join(stale, ","))})
		}
	}
}

// Check reports malformed directives in the pass's files: an ignore
// without analyzer names or reason, an unknown analyzer name, an unknown
// verb, and function markers that are not in a function's doc comment.
// It is run by one analyzer only, so each problem is reported once.
func Check(pass *analysis.Pass) {
	for _, f := range pass.Files {
		docs := map[*ast.CommentGroup]*ast.FuncDecl{}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Doc != nil {
				docs[fd.Doc] = fd
			}
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				v, rest, ok := verb(c.Text)
				if !ok {
					// "// reslint:ignore x why" reads like a directive but
					// is prose to the go tools: point it out.
					if t := strings.TrimLeft(strings.TrimPrefix(c.Text, "//"), " \t"); strings.HasPrefix(c.Text, "// ") && strings.HasPrefix(t, "reslint:") {
						if w, _, _ := strings.Cut(strings.TrimPrefix(t, "reslint:"), " "); slices.Contains(verbs, w) {
							dirf(pass, c.Slash, "this comment is not a directive: there is a space after //; write //%s", t)
						}
					}
					continue
				}
				switch v {
				case "ignore":
					names, reason := parseIgnore(rest)
					if len(names) == 0 {
						dirf(pass, c.Slash, "//reslint:ignore directive names no analyzer or rule; write //reslint:ignore <analyzer|rule> <reason>")
						continue
					}
					for _, n := range names {
						if !known(n) {
							dirf(pass, c.Slash, "//reslint:ignore names unknown analyzer or rule %q; known are %s", n, knownList())
						}
					}
					if reason == "" {
						dirf(pass, c.Slash, "//reslint:ignore directive has no reason, so it silences nothing; say why the finding is wrong after the analyzer names")
					}
				case "retry", "classifier", "breaker":
					fd := docs[cg]
					if fd == nil {
						dirf(pass, c.Slash, "//reslint:%s must be in a function's doc comment to mark that function", v)
						continue
					}
					if v == "retry" {
						checkRetryMark(pass, c, fd, strings.Fields(rest))
					}
				default:
					dirf(pass, c.Slash, "unknown directive //reslint:%s; known are ignore, retry, classifier, breaker", v)
				}
			}
		}
	}
}

// verbs are the directive verbs reslint knows.
var verbs = []string{"ignore", "retry", "classifier", "breaker"}

// checkRetryMark reports a //reslint:retry mark that cannot mean
// anything: it names a parameter the function does not have or one that
// is not a function, or names none on a function with no func-typed
// parameter.
func checkRetryMark(pass *analysis.Pass, c *ast.Comment, fd *ast.FuncDecl, names []string) {
	fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		return
	}
	sig := fn.Type().(*types.Signature)
	funcs := map[string]bool{}
	for i := range sig.Params().Len() {
		p := sig.Params().At(i)
		_, isFunc := p.Type().Underlying().(*types.Signature)
		funcs[p.Name()] = isFunc
	}
	for _, n := range names {
		isFunc, ok := funcs[n]
		switch {
		case !ok:
			dirf(pass, c.Slash, "//reslint:retry names %s, which is not a parameter of %s", n, fd.Name.Name)
		case !isFunc:
			dirf(pass, c.Slash, "//reslint:retry names %s, which is not a function: name the retried operation", n)
		}
	}
	if len(names) == 0 && !slices.Contains(slices.Collect(maps.Values(funcs)), true) {
		dirf(pass, c.Slash, "//reslint:retry marks %s, which has no func-typed parameter to retry", fd.Name.Name)
	}
}

// dirf reports a problem with a directive, under the rule id "directive".
func dirf(pass *analysis.Pass, pos token.Pos, format string, args ...any) {
	if !Enabled(string(analysisdoc.Directive)) {
		return
	}
	pass.Report(analysis.Diagnostic{Pos: pos, Category: string(analysisdoc.Directive), Message: fmt.Sprintf(format, args...)})
}

// FuncMark reports whether decl's doc comment holds //reslint:<v>, and the
// words after it (e.g. the operation parameter names of //reslint:retry).
func FuncMark(decl *ast.FuncDecl, v string) (args []string, ok bool) {
	if decl == nil || decl.Doc == nil {
		return nil, false
	}
	for _, c := range decl.Doc.List {
		if got, rest, isDir := verb(c.Text); isDir && got == v {
			return strings.Fields(rest), true
		}
	}
	return nil, false
}

// Run makes an analyzer's Run function of run: on a package of the
// standard library it returns std() (or nil) at once, where no finding is
// wanted and no fact is needed (see knowledge/std.go); otherwise it hands
// run the reporter every finding goes through, and reports the ignore
// directives that silenced nothing once run returns, also when run
// returns early on a package that does not use its API.
func Run[T any](std func() T, run func(*analysis.Pass, *Reporter) (T, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (any, error) {
		if goroot.Standard(pass) {
			if std == nil {
				return nil, nil
			}
			return std(), nil
		}
		r := NewReporter(pass)
		defer r.Finish()
		return run(pass, r)
	}
}
