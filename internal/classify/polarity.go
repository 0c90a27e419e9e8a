package classify

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/knowledge"
)

// Polarity is what a predicate's true answer means for a retry. A
// classifier answers "retry" with true (isRetryable); a stop predicate
// answers "retry" with false (IsFatal, isPermanent, AbortIf): reading its
// final `return false` as "never retry" and its `return true` as "retry"
// turns every finding upside down.
type Polarity int8

const (
	PolarityUnknown Polarity = iota
	TrueRetries              // true means try again
	TrueStops                // true means stop
)

func (p Polarity) String() string {
	return [...]string{"unknown", "true-retries", "true-stops"}[p]
}

func (p Polarity) flip() Polarity {
	switch p {
	case TrueRetries:
		return TrueStops
	case TrueStops:
		return TrueRetries
	}
	return p
}

// NamePolarity judges a predicate by the words of its name: the first
// word that says retry (retryable, transient, temporary, recoverable) or
// stop (fatal, permanent, terminal, abort, stop) decides, flipped by a
// negation before it or fused to it (isNotFatal, IsNonRetryable,
// unretriable). A name with neither is PolarityUnknown.
func NamePolarity(name string) Polarity {
	ws := Words(name)
	neg := false
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if slices.Contains(knowledge.NegationWords, w) {
			neg = !neg
			continue
		}
		// giveUp, give_up: one word.
		if w == "give" && i+1 < len(ws) && ws[i+1] == "up" {
			w = "giveup"
		}
		p := wordPolarity(w)
		if p == PolarityUnknown {
			for _, pre := range knowledge.NegationPrefixes {
				if rest, ok := strings.CutPrefix(w, pre); ok && rest != "" {
					if q := wordPolarity(rest); q != PolarityUnknown {
						p = q.flip()
						break
					}
				}
			}
		}
		if p == PolarityUnknown {
			continue
		}
		if neg {
			p = p.flip()
		}
		return p
	}
	return PolarityUnknown
}

func wordPolarity(w string) Polarity {
	switch {
	case slices.Contains(knowledge.StopWords, w):
		return TrueStops
	case slices.Contains(knowledge.RetryWords, w):
		return TrueRetries
	}
	return PolarityUnknown
}

// Words splits an identifier into its lowercase words: camelCase humps
// (an upper-case run is one word: isHTTPFatal is is, http, fatal) and
// snake_case parts.
func Words(name string) []string {
	var out []string
	rs := []rune(name)
	start := 0
	flush := func(end int) {
		if end > start {
			out = append(out, strings.ToLower(string(rs[start:end])))
		}
		start = end
	}
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == '_' || unicode.IsDigit(r):
			flush(i)
			start = i + 1
		case unicode.IsUpper(r) && i > start:
			prevLower := unicode.IsLower(rs[i-1])
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if prevLower || nextLower && unicode.IsUpper(rs[i-1]) {
				flush(i)
			}
		}
	}
	flush(len(rs))
	return out
}

// UsePolarity judges a predicate by how code uses it: each call that
// decides an if (or a case of a tagless switch) counts. When the
// condition is true for a true answer (p(err), p(err) || err == nil,
// err != nil && p(err)) and the branch leaves — return, break, a call
// that does not return — true means stop (`if isFatal(err) { return err
// }`); when that branch goes round again (continue, or the else branch is
// the one that leaves) true means retry. A negated call (!p(err)) counts
// the other way. A return that calls self again (a recursive retry) goes
// round; a return of a bool (one predicate built on another) says
// nothing. Uses that disagree, or none, give PolarityUnknown.
//
// isP says whether a call is a call of the predicate.
func UsePolarity(root ast.Node, isP func(*ast.CallExpr) bool, self types.Object, info *types.Info) Polarity {
	got := PolarityUnknown
	mixed := false
	vote := func(p Polarity) {
		switch {
		case p == PolarityUnknown:
		case got == PolarityUnknown:
			got = p
		case got != p:
			mixed = true
		}
	}
	ast.Inspect(root, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.IfStmt:
			sign, ok := condSign(s.Cond, isP)
			if !ok {
				return true
			}
			var elseList []ast.Stmt
			switch e := s.Else.(type) {
			case *ast.BlockStmt:
				elseList = e.List
			case *ast.IfStmt:
				elseList = []ast.Stmt{e}
			}
			vote(branchPolarity(s.Body.List, elseList, self, info).flipIf(sign))
		case *ast.SwitchStmt:
			if s.Tag != nil {
				return true
			}
			for _, cc := range s.Body.List {
				cl, ok := cc.(*ast.CaseClause)
				if !ok || len(cl.List) != 1 {
					continue
				}
				if sign, ok := condSign(cl.List[0], isP); ok {
					vote(branchPolarity(cl.Body, nil, self, info).flipIf(sign))
				}
			}
		}
		return true
	})
	if mixed {
		return PolarityUnknown
	}
	return got
}

func (p Polarity) flipIf(neg bool) Polarity {
	if neg {
		return p.flip()
	}
	return p
}

// condSign finds the predicate call in a condition built of !, && and ||
// (which a true answer pushes one way only) and reports whether it is
// negated. ok is false when there is no such call.
func condSign(e ast.Expr, isP func(*ast.CallExpr) bool) (neg, ok bool) {
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			n, ok := condSign(x.X, isP)
			return !n, ok
		}
	case *ast.BinaryExpr:
		if x.Op == token.LAND || x.Op == token.LOR {
			if n, ok := condSign(x.X, isP); ok {
				return n, true
			}
			return condSign(x.Y, isP)
		}
	case *ast.CallExpr:
		return false, isP(x)
	}
	return false, false
}

// branchPolarity says what taking the branch body (rather than els) means:
// TrueStops when it leaves, TrueRetries when it goes round or the other
// branch is the one that leaves.
func branchPolarity(body, els []ast.Stmt, self types.Object, info *types.Info) Polarity {
	leaves := func(list []ast.Stmt) bool {
		if !analysisutil.EndsBy(list, analysisutil.ByReturn|analysisutil.ByBreak|analysisutil.ByNoReturn) {
			return false
		}
		ret, ok := list[len(list)-1].(*ast.ReturnStmt)
		if !ok {
			return true
		}
		// return retry(ctx, attempt+1): a recursive retry goes round.
		if self != nil && callsSelf(ret, self, info) {
			return false
		}
		// `if isCtx(err) { return false }` inside another predicate maps
		// one answer onto another; only handing back the error (or
		// nothing) gives up.
		return len(ret.Results) == 0 || slices.ContainsFunc(ret.Results, func(e ast.Expr) bool {
			t := info.TypeOf(e)
			errIface := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
			return t != nil && !types.Identical(t, types.Typ[types.UntypedNil]) && types.Implements(t, errIface)
		})
	}
	switch {
	case leaves(body):
		return TrueStops
	case analysisutil.EndsBy(body, analysisutil.ByContinue), els != nil && leaves(els):
		return TrueRetries
	}
	return PolarityUnknown
}

func callsSelf(n ast.Node, self types.Object, info *types.Info) bool {
	return analysisutil.AnyInBody(n, func(m ast.Node) bool {
		call, ok := m.(*ast.CallExpr)
		return ok && typeutil.Callee(info, call) == self
	})
}

// callsOf returns a matcher for calls of the function or variable obj.
func callsOf(info *types.Info, obj types.Object) func(*ast.CallExpr) bool {
	return func(call *ast.CallExpr) bool {
		switch f := ast.Unparen(call.Fun).(type) {
		case *ast.Ident:
			return info.Uses[f] == obj
		case *ast.SelectorExpr:
			return info.Uses[f.Sel] == obj
		}
		return false
	}
}

// PredicatePolarity judges a classifier-shaped function declared (or
// designated) as obj: by its name when the name says retry or stop, else
// by its uses in files.
func PredicatePolarity(info *types.Info, files []*ast.File, obj types.Object) Polarity {
	if obj == nil {
		return PolarityUnknown
	}
	if p := NamePolarity(obj.Name()); p != PolarityUnknown {
		return p
	}
	is := callsOf(info, obj)
	got := PolarityUnknown
	for _, f := range files {
		p := UsePolarity(f, is, nil, info)
		switch {
		case p == PolarityUnknown:
		case got == PolarityUnknown:
			got = p
		case got != p:
			return PolarityUnknown
		}
	}
	return got
}
