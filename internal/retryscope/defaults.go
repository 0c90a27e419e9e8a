package retryscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/reslint/reslint/internal/analysisutil"
	"github.com/reslint/reslint/internal/budget"
)

// fieldDefaults are the constants the package gives its integer struct
// fields: a field set only to one constant, in composite literals and
// assignments (a constructor's RetryOptions{Count: 3}), maps to it.
type fieldDefaults struct {
	once sync.Once
	vals map[*types.Var]int64
}

func (d *fieldDefaults) of(info *types.Info, files []*ast.File) map[*types.Var]int64 {
	d.once.Do(func() {
		vals := map[*types.Var]int64{}
		bad := map[*types.Var]bool{}
		set := func(key *ast.Ident, e ast.Expr) {
			f, _ := info.Uses[key].(*types.Var)
			if f == nil || !f.IsField() {
				return
			}
			f = f.Origin()
			n, ok := budget.Int(info, e)
			old, seen := vals[f]
			switch {
			case bad[f]:
			case !ok || seen && old != n:
				bad[f] = true
				delete(vals, f)
			default:
				vals[f] = n
			}
		}
		for _, file := range files {
			ast.Inspect(file, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.KeyValueExpr:
					if k, ok := n.Key.(*ast.Ident); ok {
						set(k, n.Value)
					}
				case *ast.AssignStmt:
					for i, l := range n.Lhs {
						sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
						if !ok {
							continue
						}
						if len(n.Lhs) == len(n.Rhs) && n.Tok == token.ASSIGN {
							set(sel.Sel, n.Rhs[i])
						} else {
							set(sel.Sel, nil) // a call's result, x.n += 1: not a constant
						}
					}
				case *ast.IncDecStmt:
					if sel, ok := ast.Unparen(n.X).(*ast.SelectorExpr); ok {
						set(sel.Sel, nil)
					}
				}
				return true
			})
		}
		d.vals = vals
	})
	return d.vals
}

// DefaultAttempts returns the number of attempts a retry loop makes by
// default when its limit is configuration read at run time: the loop
// counts from a constant up to a struct field (for nr := 0; nr < count;
// nr++), directly or through a local given that field and constants
// (count := 1; if c.Conf.Retry.Count > 0 { count = c.Conf.Retry.Count
// }), and the package sets that field to one constant above one and to
// nothing else (its constructor's RetryOptions{Count: 3}). A caller may
// lower it; unless it does, the loop makes that many attempts. A field
// the package never sets (zero: one attempt) or sets from elsewhere has
// no default.
func (r *Result) DefaultAttempts(info *types.Info, s *Scope) (int64, bool) {
	if s == nil || s.Kind != Loop || r.defaults == nil {
		return 0, false
	}
	l, ok := s.Loop.(*ast.ForStmt)
	if !ok {
		return 0, false
	}
	init, ok := l.Init.(*ast.AssignStmt)
	if !ok || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
		return 0, false
	}
	v := analysisutil.IdentVar(info, init.Lhs[0])
	c0, ok := budget.Int(info, init.Rhs[0])
	cond, isBin := ast.Unparen(l.Cond).(*ast.BinaryExpr)
	post, isInc := l.Post.(*ast.IncDecStmt)
	if v == nil || !ok || !isBin || analysisutil.IdentVar(info, cond.X) != v || !isInc || post.Tok != token.INC ||
		analysisutil.IdentVar(info, post.X) != v || assigns(info, l.Body, v) {
		return 0, false
	}
	field := r.limitField(info, cond.Y, l)
	if field == nil {
		return 0, false
	}
	d, ok := r.defaults.of(info, r.files)[field]
	if !ok || d <= 1 {
		return 0, false
	}
	switch cond.Op {
	case token.LSS:
		return d - c0, d-c0 > 1
	case token.LEQ:
		return d - c0 + 1, d-c0+1 > 1
	}
	return 0, false
}

// limitField returns the struct field a loop limit reads: the limit
// itself (c.MaxRetries), or a local the function gives that field and
// constants only, before the loop.
func (r *Result) limitField(info *types.Info, e ast.Expr, loop *ast.ForStmt) *types.Var {
	fieldOf := func(e ast.Expr) *types.Var {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		if f, ok := info.Uses[sel.Sel].(*types.Var); ok && f.IsField() {
			return f.Origin()
		}
		return nil
	}
	if f := fieldOf(e); f != nil {
		return f
	}
	v := analysisutil.IdentVar(info, e)
	if v == nil || v.Parent() == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	var decl *ast.FuncDecl
	for _, d := range r.Decls {
		if d.Body != nil && d.Body.Pos() <= loop.Pos() && loop.End() <= d.Body.End() {
			decl = d
			break
		}
	}
	if decl == nil || v.Pos() < decl.Pos() || v.Pos() > decl.End() {
		return nil
	}
	var field *types.Var
	ok := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		var rhs ast.Expr
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if analysisutil.IdentVar(info, l) != v {
					continue
				}
				if len(n.Lhs) != len(n.Rhs) || n.Tok != token.ASSIGN && n.Tok != token.DEFINE || n.Pos() > loop.Pos() {
					ok = false
					return false
				}
				rhs = n.Rhs[i]
			}
		case *ast.ValueSpec:
			for i, nm := range n.Names {
				if info.Defs[nm] == v && i < len(n.Values) {
					rhs = n.Values[i]
				}
			}
		case *ast.IncDecStmt:
			if analysisutil.IdentVar(info, n.X) == v {
				ok = false
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && analysisutil.IdentVar(info, n.X) == v {
				ok = false
			}
		}
		if rhs == nil {
			return true
		}
		if _, isConst := budget.Int(info, rhs); isConst {
			return true
		}
		f := fieldOf(rhs)
		if f == nil || field != nil && field != f {
			ok = false
			return false
		}
		field = f
		return true
	})
	if !ok {
		return nil
	}
	return field
}

// nonTestFiles are the package's files other than its _test.go files: a
// test that sets a client's retry count configures it, it gives no
// default.
func nonTestFiles(pass *analysis.Pass) []*ast.File {
	var out []*ast.File
	for _, f := range pass.Files {
		if !strings.HasSuffix(pass.Fset.Position(f.Pos()).Filename, "_test.go") {
			out = append(out, f)
		}
	}
	return out
}
