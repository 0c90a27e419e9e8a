package classifiercentral

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisdoc"
	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/classify"
	"github.com/reslint/reslint/internal/directive"
	"github.com/reslint/reslint/internal/lazyinspect"
	"github.com/reslint/reslint/internal/retryscope"
)

//go:embed doc.go
var doc string

// Analyzer reports retry decisions kept outside the one classifier that
// should make them (C1), scattered over several functions (C2), and
// classifiers that retry deterministic answers (C3).
var Analyzer = &analysis.Analyzer{
	Name:      "classifiercentral",
	Doc:       analysisdoc.MustExtract(doc, "classifiercentral"),
	URL:       "https://github.com/reslint/reslint#classifiercentral",
	Requires:  []*analysis.Analyzer{lazyinspect.Analyzer, retryscope.Analyzer, classify.Analyzer},
	Run:       directive.Run(nil, run),
	FactTypes: []analysis.Fact{new(ClassifierFact), new(PlacesFact)},
}

// classifiers is the -classifiers setting: comma-separated designated
// classifiers, as path/to/pkg.Func, path/to/pkg.(*T).Method or
// path/to/pkg.T.Method.
var classifiers string

// places is the -places setting, which the reslint command sets for its
// module-wide step: each place of the package is also reported as a
// PlaceCategory diagnostic that the command reads and drops.
var places bool

func init() {
	Analyzer.Flags.StringVar(&classifiers, "classifiers", "", "comma-separated designated retry classifiers: path/to/pkg.Func or path/to/pkg.(*T).Method (as //reslint:classifier does)")
	Analyzer.Flags.BoolVar(&places, "places", false, "also report each place that decides retries as a "+PlaceCategory+" record, for the reslint command's module-wide step (not a finding)")
}

// PlaceCategory is the category of a place record (see the places flag).
const PlaceCategory = "classifiercentral-place"

// placeMessage and ParsePlace write and read a place record's message:
// the module, whether a directive silences C2 there, the kinds of failure
// the place decides on (see SignalKind) and the place's functions.
func placeMessage(module string, silenced bool, kinds, funcs []string) string {
	return fmt.Sprintf("module=%s silenced=%t kinds=%s funcs=%s", module, silenced, strings.Join(kinds, ","), strings.Join(funcs, ","))
}

// ParsePlace reads a place record's message.
func ParsePlace(msg string) (module string, silenced bool, kinds []string, ok bool) {
	m, rest, ok1 := strings.Cut(strings.TrimPrefix(msg, "module="), " silenced=")
	sv, rest, ok2 := strings.Cut(rest, " kinds=")
	ks, _, ok3 := strings.Cut(rest, " funcs=")
	if !strings.HasPrefix(msg, "module=") || !ok1 || !ok2 || !ok3 {
		return "", false, nil, false
	}
	return m, sv == "true", strings.Split(ks, ","), true
}

// SignalKind is the kind of failure a retry signal's label speaks of: an
// HTTP status, a gRPC code, a SQLSTATE, or an error value (errnos, net
// errors, sentinels). Places that decide on disjoint kinds (a gRPC
// integration's codes, an HTTP integration's statuses) are not copies of
// one classification.
func SignalKind(label string) string {
	switch {
	case strings.HasPrefix(label, "HTTP "):
		return "http"
	case strings.HasPrefix(label, "codes."):
		return "grpc"
	case strings.HasPrefix(label, "SQLSTATE"):
		return "sql"
	}
	return "error"
}

// ClassifierFact marks a designated classifier (//reslint:classifier or
// the classifiers setting), so that packages importing it report checks
// made outside it.
type ClassifierFact struct {
	Name string // for messages: "retry.Classify"
}

func (*ClassifierFact) AFact()           {}
func (f *ClassifierFact) String() string { return "classifier " + f.Name }

// PlacesFact lists the places of a package whose checks decide retries,
// so that importing packages of the same module see classification
// scattered across packages.
type PlacesFact struct {
	Module string
	Places []Place
}

// A Place is one function (with the functions it delegates to) whose
// retry-signal checks decide retries.
type Place struct {
	Pkg   string   // import path
	Pos   string   // "file.go:12": the first check
	Funcs []string // types.Func.FullName of the functions it is made of
}

func (*PlacesFact) AFact() {}
func (f *PlacesFact) String() string {
	var s []string
	for _, p := range f.Places {
		s = append(s, p.Pos)
	}
	return "places " + strings.Join(s, " ")
}

// runner is the state of one pass.
type runner struct {
	pass   *analysis.Pass
	info   *types.Info
	in     *inspector.Inspector
	res    *retryscope.Result
	rep    *directive.Reporter
	finder *classify.SignalFinder
	// classifiers found by classify.Find with a visible body, and the
	// functions designated in this package.
	cls        []*classify.Classifier
	designated []*types.Func
	// verdict functions: classifier bodies and the package functions with
	// a bool or enum result whose result feeds a retry decision.
	verdict map[ast.Node]bool
	calls   map[ast.Node][]*types.Func
}

func run(pass *analysis.Pass, rep *directive.Reporter) (any, error) {
	r := &runner{
		pass: pass,
		info: pass.TypesInfo,
		in:   lazyinspect.Of(pass),
		res:  pass.ResultOf[retryscope.Analyzer].(*retryscope.Result),
	}
	r.rep = rep
	r.finder = &classify.SignalFinder{Info: r.info, Defs: r.res.Defs}

	r.designate()
	for _, c := range pass.ResultOf[classify.Analyzer].(*classify.Classifiers).List {
		if c.Body != nil && c.Func != nil {
			r.cls = append(r.cls, c)
		}
	}
	r.c3Table()     // a table of retryable statuses decides wherever it is read
	r.c3Threshold() // so does a retry condition built by a factory
	// No retry scope, classifier or designated function: no check here
	// can decide a retry, and there is nothing to judge.
	if len(r.res.Scopes) == 0 && len(r.cls) == 0 && len(r.designated) == 0 {
		return nil, nil
	}
	r.findVerdicts()
	sites := r.sites()

	if name, ok := r.visibleClassifier(); ok {
		r.c1(sites, name)
	} else {
		r.c2(sites)
	}
	r.c3()
	r.c3Inline()
	return nil, nil
}

// designate finds this package's designated classifiers and exports their
// facts.
func (r *runner) designate() {
	names := map[string]bool{}
	for n := range strings.SplitSeq(classifiers, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names[n] = true
		}
	}
	for _, fn := range r.sortedDecls() {
		d := r.res.Decls[fn]
		_, marked := directive.FuncMark(d, "classifier")
		if !marked && !names[analysisutil.QualifiedName(fn)] && !names[settingNameValue(fn)] {
			continue
		}
		r.designated = append(r.designated, fn)
		r.pass.ExportObjectFact(fn, &ClassifierFact{Name: analysisutil.DisplayName(fn)})
	}
}

// settingNameValue is the T.Method spelling of a pointer method, which a
// user may write for either receiver kind.
func settingNameValue(fn *types.Func) string {
	return strings.Replace(strings.Replace(analysisutil.QualifiedName(fn), "(*", "", 1), ").", ".", 1)
}

// visibleClassifier returns the name of a designated classifier of this
// package, or of a package it imports (by fact), the first by name.
func (r *runner) visibleClassifier() (string, bool) {
	var names []string
	for _, fn := range r.designated {
		names = append(names, analysisutil.DisplayName(fn))
	}
	for _, of := range r.pass.AllObjectFacts() {
		if f, ok := of.Fact.(*ClassifierFact); ok && of.Object.Pkg() != r.pass.Pkg {
			names = append(names, f.Name)
		}
	}
	if len(names) == 0 {
		return "", false
	}
	slices.Sort(names)
	return names[0], true
}

// sortedDecls returns the package's functions with bodies in source order.
func (r *runner) sortedDecls() []*types.Func {
	fns := make([]*types.Func, 0, len(r.res.Decls))
	for fn := range r.res.Decls {
		fns = append(fns, fn)
	}
	sort.Slice(fns, func(i, j int) bool { return r.res.Decls[fns[i]].Pos() < r.res.Decls[fns[j]].Pos() })
	return fns
}

// findVerdicts collects the verdict functions: the classifiers' bodies,
// the designated functions, and, to a fixed point, the package functions
// with a bool or enum first result called from a retry scope or another
// verdict function (isTransient(err) in a retry loop).
func (r *runner) findVerdicts() {
	r.verdict = map[ast.Node]bool{}
	var work []ast.Node
	add := func(n ast.Node) {
		if !r.verdict[n] {
			r.verdict[n] = true
			work = append(work, n)
		}
	}
	for _, c := range r.cls {
		add(c.Func)
	}
	for _, fn := range r.designated {
		add(r.res.Decls[fn])
	}
	for _, s := range r.res.Scopes {
		if s.Kind != retryscope.Client {
			work = append(work, s.Body)
		}
	}
	for len(work) > 0 {
		n := work[0]
		work = work[1:]
		for _, fn := range r.callees(n) {
			if d := r.res.Decls[fn]; d != nil && verdictShape(fn) {
				add(d)
			}
		}
	}
}

// callees returns the functions called in n, in source order (memoised:
// places ask for the same verdict functions' callees again).
func (r *runner) callees(n ast.Node) []*types.Func {
	if out, ok := r.calls[n]; ok {
		return out
	}
	if r.calls == nil {
		r.calls = map[ast.Node][]*types.Func{}
	}
	out := r.calleesOf(n)
	r.calls[n] = out
	return out
}

func (r *runner) calleesOf(n ast.Node) []*types.Func {
	var out []*types.Func
	ast.Inspect(n, func(m ast.Node) bool {
		if call, ok := m.(*ast.CallExpr); ok {
			if fn, ok := typeutil.Callee(r.info, call).(*types.Func); ok {
				fn = fn.Origin()
				if !slices.Contains(out, fn) {
					out = append(out, fn)
				}
			}
		}
		return true
	})
	return out
}

// verdictShape reports whether fn's first result is a bool or an enum, or
// its last of two is a bool (a wait and "again", a next URL and "retry"),
// and it takes parameters: the shape of a function whose result is a
// verdict.
func verdictShape(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() == 0 || sig.Results().Len() == 0 {
		return false
	}
	isBool := func(t types.Type) bool {
		b, ok := t.Underlying().(*types.Basic)
		return ok && b.Kind() == types.Bool
	}
	t := sig.Results().At(0).Type()
	if isBool(t) || sig.Results().Len() == 2 && isBool(sig.Results().At(1).Type()) {
		return true
	}
	return isVerdictEnum(t)
}

// isVerdictEnum reports whether t is an enum whose constants speak of
// retrying (Transient, Fatal, NoRetry, ...): time.Duration and other
// named integers with constants are quantities, not verdicts.
func isVerdictEnum(t types.Type) bool {
	if !classify.IsEnum(t) {
		return false
	}
	n := types.Unalias(t).(*types.Named)
	scope := n.Obj().Pkg().Scope()
	for _, name := range scope.Names() {
		if c, ok := scope.Lookup(name).(*types.Const); ok && types.Identical(c.Type(), n) && classify.RetryMeaning(c) != classify.Unknown {
			return true
		}
	}
	return false
}

// A site is the retry-signal checks of one line that decide a retry.
type site struct {
	pos    token.Pos
	labels []string
	top    ast.Node // the top-level declaration holding it
	cur    inspector.Cursor
}

// sites returns the lines whose retry-signal checks decide a retry, in
// source order.
func (r *runner) sites() []*site {
	var out []*site
	byLine := map[string]*site{}
	for _, file := range r.pass.Files {
		fc, ok := r.in.Root().FindNode(file)
		if !ok {
			continue
		}
		for _, s := range r.finder.Find(file) {
			if !s.Retry && !s.EOF {
				continue
			}
			cur, ok := fc.FindNode(s.Test)
			if !ok {
				continue
			}
			inVerdict, inScope := r.where(cur)
			if s.EOF && !inVerdict || !inVerdict && !inScope && !marksRetry(cur) || !decides(r.info, cur) {
				continue
			}
			p := r.pass.Fset.Position(s.Test.Pos())
			key := fmt.Sprintf("%s:%d", p.Filename, p.Line)
			if st := byLine[key]; st != nil {
				if !slices.Contains(st.labels, s.Label) {
					st.labels = append(st.labels, s.Label)
				}
				continue
			}
			st := &site{pos: s.Test.Pos(), labels: []string{s.Label}, top: topDecl(cur), cur: cur}
			byLine[key] = st
			out = append(out, st)
		}
	}
	return out
}

// where says whether the node at cur is in a verdict function (its
// innermost enclosing function is one) or in a retry scope.
func (r *runner) where(cur inspector.Cursor) (inVerdict, inScope bool) {
	for c := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		inVerdict = r.verdict[c.Node()]
		break
	}
	if s := r.res.Innermost(cur.Node().Pos()); s != nil && s.Kind != retryscope.Client {
		inScope = true
	}
	return inVerdict, inScope
}

// topDecl returns the top-level declaration holding cur.
func topDecl(cur inspector.Cursor) ast.Node {
	var top ast.Node
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.GenDecl)(nil)) {
		top = c.Node()
	}
	return top
}

// decides reports whether the test at cur decides something: its value is
// returned, assigned, or chooses a branch that returns, leaves a loop or
// assigns. A test whose branch only logs or counts, or whose value goes
// into a call (a log line, a metric label), decides nothing.
func decides(info *types.Info, cur inspector.Cursor) bool {
	if cc, ok := cur.Node().(*ast.CaseClause); ok {
		return clauseActs(cc, cur.Parent())
	}
	child := cur.Node()
	for p := cur.Parent(); p.Node() != nil; p = p.Parent() {
		switch x := p.Node().(type) {
		case *ast.ParenExpr, *ast.UnaryExpr, *ast.BinaryExpr:
		case *ast.ReturnStmt:
			return true
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if id, ok := l.(*ast.Ident); !ok || id.Name != "_" {
					return true
				}
			}
			return false
		case *ast.ValueSpec:
			return true
		case *ast.IfStmt:
			return child == x.Cond && (acts(x.Body.List) || x.Else != nil && actsStmt(x.Else))
		case *ast.ForStmt:
			return child == x.Cond
		case *ast.CaseClause:
			return clauseActs(x, p.Parent())
		default:
			return false
		}
		child = p.Node()
	}
	return false
}

// clauseActs reports whether a case clause acts, or is empty in a switch
// whose other clauses act (an empty case answers by not acting).
func clauseActs(cc *ast.CaseClause, body inspector.Cursor) bool {
	if acts(cc.Body) {
		return true
	}
	if len(cc.Body) > 0 {
		return false
	}
	b, ok := body.Node().(*ast.BlockStmt)
	if !ok {
		return false
	}
	for _, s := range b.List {
		if o, ok := s.(*ast.CaseClause); ok && o != cc && acts(o.Body) {
			return true
		}
	}
	return false
}

// acts reports whether the statements return, branch, panic or assign.
func acts(list []ast.Stmt) bool {
	return slices.ContainsFunc(list, actsStmt)
}

func actsStmt(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt, *ast.BranchStmt:
			found = true
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); !ok || id.Name != "_" {
					found = true
				}
			}
		case *ast.CallExpr:
			if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "panic" {
				found = true
			}
		}
		return !found
	})
	return found
}

// short is "file.go:12" for a position.
func (r *runner) short(pos token.Pos) string {
	p := r.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

func labels(ls []string) string {
	switch len(ls) {
	case 1:
		return ls[0]
	case 2:
		return ls[0] + " and " + ls[1]
	}
	return strings.Join(ls[:len(ls)-1], ", ") + " and " + ls[len(ls)-1]
}

// marksRetry reports whether the test at cur chooses a branch that stores
// a retry verdict for a retry made elsewhere: it assigns a value named for
// retrying (meta.resStatus = needRetry, st = StatusRetry), or true to a
// variable or field named for it (res.shouldRetry = true). The status
// list written there is a classification, wherever the retry loop that
// reads the verdict is.
func marksRetry(cur inspector.Cursor) bool {
	if cc, ok := cur.Node().(*ast.CaseClause); ok {
		return storesRetry(cc.Body)
	}
	child := cur.Node()
	for p := cur.Parent(); p.Node() != nil; p = p.Parent() {
		switch x := p.Node().(type) {
		case *ast.ParenExpr, *ast.UnaryExpr, *ast.BinaryExpr:
		case *ast.IfStmt:
			return child == x.Cond && storesRetry(x.Body.List)
		case *ast.CaseClause:
			return storesRetry(x.Body)
		default:
			return false
		}
		child = p.Node()
	}
	return false
}

// storesRetry reports whether list assigns a retry verdict (see
// marksRetry) at its top level.
func storesRetry(list []ast.Stmt) bool {
	for _, s := range list {
		as, ok := s.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			continue
		}
		for i, rhs := range as.Rhs {
			if id := analysisutil.RefIdent(rhs); id != nil {
				if id.Name == "true" && namedRetry(analysisutil.RefIdent(as.Lhs[i])) || id.Name != "true" && namedRetry(id) {
					return true
				}
			}
		}
	}
	return false
}

// namedRetry reports whether id's name holds a word for retrying.
func namedRetry(id *ast.Ident) bool {
	if id == nil {
		return false
	}
	for _, w := range classify.Words(id.Name) {
		switch w {
		case "retry", "retriable", "retryable", "retries":
			return true
		}
	}
	return false
}
